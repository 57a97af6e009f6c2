# expect.sh — a spec's expected instruction counts on a device whose binary is not text clx reads
# (PoCL): the run says once that they are not checked (console, run.json and report.md), flags no row, and
# kernels.tsv has the count columns, empty; a mistake in the block is the spec's file:line.
. tests/e2e/lib.sh
mkdir -p "$TMP"
out=$TMP/expect
rm -rf "$out"; mkdir -p "$out"
# Not run_clx: the line is for a run that is not --quiet.
$CLX run volkov_fma --quick --out "$out" > "$out.log" 2>&1; rc=$?
rundir=$(ls -d "$out"/*-*-* 2>/dev/null | head -n 1)
check expect_pocl_exit test "$rc" -eq 0
check expect_skip_said_once test "$(grep -c '^clx: expect: instruction counts not checked: clx counts instructions in PTX only, and this device.s optimised binaries are another format (PoCL binary)$' "$out.log")" -eq 1
check expect_no_pruned_flag test -z "$(tsv_col "$rundir/results.tsv" flag | grep pruned)"
check expect_no_pruned_warning test -z "$(grep -i pruned "$out.log")"
check expect_rows_measured test "$(tsv_count "$rundir/results.tsv" status ok)" -gt 0
check expect_run_json_checked test "$(grep -A1 '"expect":' "$rundir/run.json" | grep -c '"checked":[[:space:]]*false')" -eq 1
check expect_run_json_why grep -q '"why":[[:space:]]*"clx counts instructions in PTX only, and this device.s optimised binaries are another format (PoCL binary)"' "$rundir/run.json"
# report.md says it too, in its provenance table (a reader opens it, not the console's log).
"$CLX" report "$rundir" --quiet > "$out.report.log" 2>&1
check expect_report_md grep -q '^| expect | instruction counts not checked: clx counts instructions in PTX only, and this device.s optimised binaries are another format (PoCL binary) (the spec.s `expect`) |$' "$rundir/report.md"
k=$rundir/kernels.tsv
check expect_kernels_columns test "$(head -n 1 "$k" | tr '\t' '\n' | grep -c '^\(count\|expect\):fma.rn.f32$')" -eq 2
check expect_kernels_cells_empty test "$(tsv_col "$k" count:fma.rn.f32 | tr -d '\n')$(tsv_col "$k" expect:fma.rn.f32 | tr -d '\n')" = ""

# --quiet keeps the console quiet; run.json still says it.
run_clx "$TMP/expect_quiet" run optflags --quick --set variant=noprag
check expect_quiet_silent test -z "$(grep 'expect:' "$TMP/expect_quiet.log")"
check expect_quiet_run_json grep -q '"checked":[[:space:]]*false' "$rundir/run.json"

# A spec without expect has no such key, column or line.
run_clx "$TMP/expect_none" run vecsum --quick --set variant=naive
check expect_absent_json test -z "$(grep '"expect"' "$rundir/run.json")"
check expect_absent_columns test -z "$(head -n 1 "$rundir/kernels.tsv" | grep 'count:')"
"$CLX" report "$rundir" --quiet > "$TMP/expect_none.report.log" 2>&1
check expect_absent_report test -z "$(grep '^| expect |' "$rundir/report.md")"

# A mistake in the block stops the run before anything runs, naming the spec's line.
mkdir -p "$TMP/expect_bad"
sed 's/^expect = .*/expect = ( { op = "fma.rn.f32"; count = "ILP * UNROLLS"; } );/' templates/volkov_fma.spec \
    > "$TMP/expect_bad/volkov_fma.spec"
cp templates/volkov_fma.cl.m4 "$TMP/expect_bad/"
line=$(grep -n '^expect = ' "$TMP/expect_bad/volkov_fma.spec" | cut -d: -f1)
$CLX run "$TMP/expect_bad/volkov_fma.spec" --quick --out "$TMP/expect_bad/out" > "$TMP/expect_bad.log" 2>&1; rc=$?
check expect_bad_exit test "$rc" -eq 4
check expect_bad_names_line grep -q "volkov_fma.spec:$line: expect fma.rn.f32: count: unknown name 'UNROLLS'" "$TMP/expect_bad.log"
finish
