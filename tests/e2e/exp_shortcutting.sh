# exp_shortcutting.sh — quick run of shortcutting (the dead-code pruning kernels): every kind in
# both builds is verified, and two pruning facts hold: a constant loop is folded away when
# optimising but run under -cl-opt-disable, and an unread local array is kept under -cl-opt-disable.
. tests/e2e/lib.sh
run_clx "$TMP/shortcutting" run shortcutting --quick
t=$rundir/results.tsv

check_run shortcutting 28 28 14 28                              # 14 kinds x 2 builds x 1 local
# const_loop runs LOOP trips per work-item only when the loop survives: without optimisation it
# must take far longer than the optimised build, which stores the folded constant.
opt=$(tsv_cell "$t" const_loop default median_ms); noopt=$(tsv_cell "$t" const_loop -cl-opt-disable median_ms)
check_known_compiler "$rundir" shortcutting_loop_folded_only_when_optimising awk -v a="$opt" -v b="$noopt" 'BEGIN { exit !(a > 0 && b > 10 * a) }'
# Local memory written and never read is kept without optimisation (seed kernel 17): the kernel
# still reserves its 32 ints.
check_known_compiler "$rundir" shortcutting_unread_local_kept test "$(tsv_cell "$t" local_unread -cl-opt-disable local_bytes)" -ge 128
# "Both work" does not hold where a row of either crashed or timed out: it counted FAIL, error and
# build-failed alone, and held with four_float's -cl-opt-disable row crashed.
run_clx "$TMP/shortcutting_both" run shortcutting --set variant=four_float,four_int --set N=262147 --local 64
B=$TMP/shortcutting_both_crashed; rm -rf "$B"; cp -r "$rundir" "$B"
awk -F'\t' -v OFS='\t' '/^#/ { print; next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; print; next }
    $c["variant"] == "four_float" && $c["build"] == "-cl-opt-disable" { $c["status"] = "crashed" } { print }' "$rundir/results.tsv" > "$B/results.tsv"
"$CLX" report "$B" > "$B.log" 2>&1
check shortcutting_both_crashed_fails sh -c "grep -F '| 5 | The global array can be switched between float and int freely' '$B/report.md' | grep -qF '**does not hold**'"
"$CLX" report "$rundir" > "$TMP/shortcutting_both.report.log" 2>&1
check shortcutting_both_verified_holds sh -c "grep -F '| 5 | The global array can be switched between float and int freely' '$rundir/report.md' | grep -qF '**holds**'"
finish
