# exp_shortcutting.sh — quick run of shortcutting (the dead-code pruning kernels): every kind in
# both builds is verified, and two pruning facts hold: a constant loop is folded away when
# optimising but run under -cl-opt-disable, and an unread local array is kept under -cl-opt-disable.
. tests/e2e/lib.sh
run_clx "$TMP/shortcutting" run shortcutting --quick
t=$rundir/results.tsv

# cell VARIANT BUILD COLUMN: that row's value ("default" is the build label of "").
cell() {
    awk -F'\t' -v v="$1" -v b="$2" -v col="$3" '/^#/ { next }
        !h { for (i = 1; i <= NF; i++) { if ($i == col) c = i; if ($i == "variant") cv = i; if ($i == "build") cb = i }
             h = 1; next }
        $cv == v && $cb == b { print $c; exit }' "$t"
}

check shortcutting_exit test "$rc" -eq 0
check shortcutting_rows test "$(tsv_rows "$t")" -eq 28           # 14 kinds x 2 builds x 1 local
check shortcutting_all_ok test "$(tsv_count "$t" status ok)" -eq 28
check shortcutting_no_impossible test "$(tsv_col "$t" flag | grep -c IMPOSSIBLE)" -eq 0
check shortcutting_run_json test -s "$rundir/run.json"
check shortcutting_kernels_tsv test "$(tsv_rows "$rundir/kernels.tsv")" -eq 28
check shortcutting_cl_files test "$(ls "$rundir"/cl/*.cl | wc -l)" -eq 14
check shortcutting_logs test -d "$rundir/logs"
# const_loop runs LOOP trips per work-item only when the loop survives: without optimisation it
# must take far longer than the optimised build, which stores the folded constant.
opt=$(cell const_loop default median_ms); noopt=$(cell const_loop -cl-opt-disable median_ms)
check shortcutting_loop_folded_only_when_optimising awk -v a="$opt" -v b="$noopt" 'BEGIN { exit !(a > 0 && b > 10 * a) }'
# Local memory written and never read is kept without optimisation (seed kernel 17): the kernel
# still reserves its 32 ints.
check shortcutting_unread_local_kept test "$(cell local_unread -cl-opt-disable local_bytes)" -ge 128
finish
