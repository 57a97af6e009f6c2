# core_errors.sh — bad input gets one clear message naming the file and line, and a non-zero exit.
. tests/e2e/lib.sh
mkdir -p "$TMP"
$CLX run tests/e2e/fixtures/badspec.spec --out "$TMP/bad" > "$TMP/badspec.log" 2>&1; rc=$?
check badspec_exit test $rc -ne 0
check badspec_names_line grep -q 'tests/e2e/fixtures/badspec.spec:13: bytes: unknown name .NN.' "$TMP/badspec.log"
$CLX run tests/e2e/fixtures/missing_param.spec --out "$TMP/mp" --quiet > "$TMP/missing.log" 2>&1; rc=$?
check missing_param_exit test $rc -ne 0
check missing_param_names_template grep -q 'broken.cl.m4:3: parameter KIND is not defined' "$TMP/missing.log"
$CLX run no_such_experiment > "$TMP/noexp.log" 2>&1; rc=$?
check unknown_experiment test $rc -ne 0 -a -n "$(grep "no experiment 'no_such_experiment'" "$TMP/noexp.log")"
$CLX run vecsum --set NOPE=1 > "$TMP/noaxis.log" 2>&1; rc=$?
check unknown_axis test $rc -ne 0 -a -n "$(grep "'NOPE' is not an axis of vecsum" "$TMP/noaxis.log")"
$CLX run vecsum --set ILP=1 --set variant=nope > "$TMP/novar.log" 2>&1; rc=$?
check unknown_variant test $rc -ne 0 -a -n "$(grep "no variant 'nope'" "$TMP/novar.log")"
$CLX run vecsum --local 1:x > "$TMP/badrange.log" 2>&1; rc=$?
check bad_range test $rc -ne 0 -a -n "$(grep -- "--local 1:x: 'x' is not a number" "$TMP/badrange.log")"
$CLX run vecsum --device 'no such device' > "$TMP/nodev.log" 2>&1; rc=$?
check unknown_device test $rc -ne 0 -a -n "$(grep -- "--device no such device: no such device (there are: " "$TMP/nodev.log")"
# A work-group the device refuses and a buffer too large are skipped with the reason; the rest runs.
run_clx "$TMP/skips" run vecsum --quick --set variant=naive --build '' --local 64,999999 --size 1000,100G
t=$rundir/results.tsv
check skips_exit_zero test "$rc" -eq 0
check skips_ok_row test "$(tsv_count "$t" status ok)" -eq 1
check skips_wg_reason grep -q 'local size 999999 in dimension 0 is above' "$t"
check skips_alloc_reason grep -q 'more than CL_DEVICE_MAX_MEM_ALLOC_SIZE' "$t"
# --quiet still says why, once per distinct reason, and how many rows shared it.
check skips_reason_on_console test "$(grep -c 'clx: skipped naive default .*local size 999999 in dimension 0 is above' "$TMP/skips.log")" -eq 1
check skips_alloc_on_console test "$(grep -c 'clx: skipped naive default N=100000000000 local=64: buffer a needs' "$TMP/skips.log")" -eq 1
check skips_repeats_counted grep -q 'more rows skipped for the same reason (numbers aside) as: local size 999999' "$TMP/skips.log"
# Work-group sizes are launched and the driver decides: the ones it refuses are skipped rows
# with its answer, the run goes on and exits 0.
run_clx "$TMP/reqd" run tests/e2e/fixtures/reqd_wg.spec
t=$rundir/results.tsv
check reqd_wg_exit_zero test "$rc" -eq 0
check reqd_wg_ok_row test "$(tsv_count "$t" status ok)" -eq 1
check reqd_wg_refused_rows test "$(grep -c 'skipped.*clEnqueueNDRangeKernel: CL_INVALID_WORK_GROUP_SIZE' "$t")" -eq 2
# A size within the kernel's reported maximum has no note; the old flag is still accepted.
run_clx "$TMP/ignore" run vecsum --quick --set variant=naive --build '' --local 64 --ignore-kernel-wg-limit
check ignore_wg_no_false_note test "$rc" -eq 0 -a -z "$(grep 'launched anyway' "$rundir/results.tsv")"
run_clx "$TMP/respect" run vecsum --quick --set variant=naive --build '' --local 64 --respect-kernel-wg-limit
check respect_wg_accepted test "$rc" -eq 0
# No OpenCL driver at all: say why and how to fix it.
OCL_ICD_VENDORS=$TMP/empty-vendors $CLX devices > "$TMP/noicd.log" 2>&1; rc=$?
check no_platform_exit test $rc -ne 0
check no_platform_explains grep -q 'OCL_ICD_VENDORS' "$TMP/noicd.log"
finish
