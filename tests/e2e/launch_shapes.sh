# launch_shapes.sh — a spec may fix its work-group shape with local_size alone (no dummy 'local'
# axis), and a global size no device can address is refused with the reason, not launched.
. tests/e2e/lib.sh
mkdir -p "$TMP"
run_clx "$TMP/fixed" run tests/e2e/fixtures/fixed_local.spec
t=$rundir/results.tsv
check fixed_local_runs test "$rc" -eq 0 -a "$(tsv_count "$t" status ok)" -eq 2
check fixed_local_size test "$(tsv_col "$t" local | sort -u)" = 32
start=$(date +%s)
run_clx "$TMP/huge" run tests/e2e/fixtures/huge_global.spec
t=$rundir/results.tsv
check huge_global_quick test $(( $(date +%s) - start )) -lt 30
check huge_global_error_row test "$(tsv_count "$t" status error)" -eq 1
check huge_global_reason grep -q 'global 1e+19 cannot be launched: at most 9.007e+15 work-items' "$t"
check huge_global_said grep -q 'cannot be launched' "$TMP/huge.log"
check huge_global_exit_1 test "$rc" -eq 1
finish
