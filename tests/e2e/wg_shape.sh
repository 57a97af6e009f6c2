# wg_shape.sh — a configuration skipped because its work-group is larger than the device allows
# names the work-group as the spec gives it (1024x1024, not its product alone: local_size's
# expressions at its line and the parameter values that made it) and both of the device's limits
# (CL_DEVICE_MAX_WORK_GROUP_SIZE and CL_DEVICE_MAX_WORK_ITEM_SIZES, as numbers whatever the device);
# the 8x8 one runs. Fixture: tests/e2e/fixtures/wg2d.spec. A row of a 2-D launch that a restriction
# leaves out has its work-group as the other rows of its point have it (16x1, not the axis' 16: the
# console's table by work-group size had a line "16" of dashes beside "16x1"). Fixture:
# tests/e2e/fixtures/wg2d_restricted.spec.
. tests/e2e/lib.sh
T=$TMP/wg_shape
rm -rf "$T"; mkdir -p "$T"
spec=tests/e2e/fixtures/wg2d.spec

run_clx "$T/run" run "$spec"
r=$rundir
check wg_shape_premise test "$(tsv_rows "$r/results.tsv")" -eq 2 -a "$(tsv_count "$r/results.tsv" status skipped)" -eq 1
line=$(grep -n '^local_size' "$spec" | cut -d: -f1)
said="work-group 1024x1024 (1048576 work-items; local_size = [ \"TILE\", \"TILE\" ] ($spec:$line) at TILE=1024) is above the device's maximum "
check wg_shape_named test "$(tsv_col "$r/results.tsv" note | grep -c -F -e "$said")" -eq 1
check wg_shape_limits test "$(tsv_col "$r/results.tsv" note | grep -c -E \
    'maximum [0-9]+ work-items \(CL_DEVICE_MAX_WORK_GROUP_SIZE; per dimension at most [0-9]+(x[0-9]+)*, CL_DEVICE_MAX_WORK_ITEM_SIZES\)')" -eq 1
check wg_shape_small_ran test "$(tsv_col "$r/results.tsv" local | sort | tr '\n' ' ')" = "1024x1024 8x8 "

run_clx_loud "$T/restricted" run tests/e2e/fixtures/wg2d_restricted.spec $FEW
t=$rundir/results.tsv
check wg_restricted_premise test "$(tsv_count "$t" status skipped)" -eq 2
check wg_restricted_local test "$(tsv_col "$t" local | sort -u | tr '\n' ' ')" = "16x1 4x1 "
check wg_restricted_local0 test "$(tsv_col "$t" local0 | sort -u | tr '\n' ' ')" = "16 4 "
check wg_restricted_console_line grep -q '^  TILE=8 .*N=68 local=16x1 .*skipped' "$T/restricted.log"
check wg_restricted_no_phantom_size test "$(grep -c -E '^  (4|16) ' "$T/restricted.log")" -eq 0
finish
