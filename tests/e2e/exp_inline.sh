# exp_inline.sh — quick run of inline (one helper as function, static inline, #define,
# always_inline, noinline): every row verified, the no-opt builds get 16x fewer steps, and a
# call the compiler may not inline (noinline) costs time when optimising.
. tests/e2e/lib.sh
run_clx "$TMP/inline" run inline --quick
t=$rundir/results.tsv

check_run inline 10 10 5 10                                     # 5 forms x 2 builds x 1 local
# The macro variant really is a macro and noinline really carries the attribute.
check inline_define_source grep -q '#define add_step(a, b) ((a) = (a) + (b))' "$rundir/cl/define.cl"
check inline_noinline_source grep -q '__attribute__((noinline)) void add_step_fn' "$rundir/cl/noinline.cl"
# The derived step count: 4096 x 16 when optimising, 256 x 16 without.
check inline_steps test "$(tsv_cell "$t" func default STEPS)/$(tsv_cell "$t" func -cl-opt-disable STEPS)" = "65536/4096"
# A helper kept out of line makes every one of the 65536 dependent adds a call: slower than the
# macro, which the compiler sees inline.
d=$(tsv_cell "$t" define default median_ms); ni=$(tsv_cell "$t" noinline default median_ms)
check inline_noinline_slower awk -v a="$d" -v b="$ni" 'BEGIN { exit !(a > 0 && b > 1.2 * a) }'
finish
