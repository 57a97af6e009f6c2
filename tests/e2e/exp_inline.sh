# exp_inline.sh — quick run of inline (one helper as function, static inline, #define,
# always_inline, noinline): every row verified, the no-opt builds get 16x fewer steps, and a
# call the compiler may not inline (noinline) costs time when optimising.
. tests/e2e/lib.sh
run_clx "$TMP/inline" run inline --quick
t=$rundir/results.tsv

# cell VARIANT BUILD COLUMN: that row's value ("default" is the build label of "").
cell() {
    awk -F'\t' -v v="$1" -v b="$2" -v col="$3" '/^#/ { next }
        !h { for (i = 1; i <= NF; i++) { if ($i == col) c = i; if ($i == "variant") cv = i; if ($i == "build") cb = i }
             h = 1; next }
        $cv == v && $cb == b { print $c; exit }' "$t"
}

check inline_exit test "$rc" -eq 0
check inline_rows test "$(tsv_rows "$t")" -eq 10                # 5 forms x 2 builds x 1 local
check inline_all_ok test "$(tsv_count "$t" status ok)" -eq 10
check inline_no_impossible test "$(tsv_col "$t" flag | grep -c IMPOSSIBLE)" -eq 0
check inline_run_json test -s "$rundir/run.json"
check inline_kernels_tsv test "$(tsv_rows "$rundir/kernels.tsv")" -eq 10
check inline_cl_files test "$(ls "$rundir"/cl/*.cl | wc -l)" -eq 5
check inline_logs test -d "$rundir/logs"
# The macro variant really is a macro and noinline really carries the attribute.
check inline_define_source grep -q '#define add_step(a, b) ((a) = (a) + (b))' "$rundir/cl/define.cl"
check inline_noinline_source grep -q '__attribute__((noinline)) void add_step_fn' "$rundir/cl/noinline.cl"
# The derived step count: 4096 x 16 when optimising, 256 x 16 without.
check inline_steps test "$(cell func default STEPS)/$(cell func -cl-opt-disable STEPS)" = "65536/4096"
# A helper kept out of line makes every one of the 65536 dependent adds a call: slower than the
# macro, which the compiler sees inline.
d=$(cell define default median_ms); ni=$(cell noinline default median_ms)
check inline_noinline_slower awk -v a="$d" -v b="$ni" 'BEGIN { exit !(a > 0 && b > 1.2 * a) }'
finish
