# guard.sh — nothing verified that was not: a kernel that writes outside its buffer is FAIL, never ok,
# even when every element inside the buffer is right (guard zones before and after each buffer,
# read back after the first trials), and on PoCL the stray writes land in the zone, not in the
# host's heap (glibc aborted such a run before, after writing 22 rows that looked verified).
. tests/e2e/lib.sh
T=$TMP/guard
rm -rf "$T"; mkdir -p "$T"

run_clx "$T/stray" run tests/e2e/fixtures/stray.spec
t=$rundir/results.tsv
check guard_exit_1 test "$rc" -eq 1
check guard_good_ok test "$(awk -F'\t' '$2 == "good" && $0 ~ /\tok\t/' "$t" | wc -l)" -eq 2
check guard_past_fail test "$(grep -c 'wrote past the end of c (404 bytes past it at least)' "$t")" -eq 2
check guard_before_fail test "$(grep -c 'wrote before the start of c (8 bytes before it at least)' "$t")" -eq 2
check guard_no_ok_stray test -z "$(awk -F'\t' '($2 == "past" || $2 == "before") && $0 ~ /\tok\t/' "$t")"

# A kernel that wrote past its zone into the host's heap (a CPU device's buffers are host memory)
# lets glibc abort the worker once the sweep frees what it made (CLX_CRASH_AFTER_RUN: that abort,
# whatever the machine). Every row and run.json were written: the exit is the rows' (1 for FAIL), no
# resume is suggested, the crash is said once with the rows that wrote outside their buffers, and
# run.json and report.md say the run finished, the crash noted (the old code: exit 4, "to continue").
CLX_CRASH_AFTER_RUN=1 run_clx "$T/crash" run tests/e2e/fixtures/stray.spec
check guard_crash_exit_1 test "$rc" -eq 1
check guard_crash_no_resume sh -c "! grep -qE 'to continue|--resume' '$T/crash.log'"
check guard_crash_said grep -q '^clx: the worker process died of signal 6 (Aborted) after writing the whole run; likely the host.s heap was corrupted by a kernel that wrote out of bounds .*(rows FAIL for writing outside their buffers: past default local=32, past default local=64, before default local=32 and 1 more); .*there is nothing to resume (2 ok, 4 FAIL, .*): exit 1, as its rows give$' "$T/crash.log"
check guard_crash_said_once test "$(grep -c 'died of signal' "$T/crash.log")" -eq 1
check guard_crash_json_finished grep -q '"finished":' "$rundir/run.json"
check guard_crash_json_noted grep -q '"worker_crash":.*"the worker process died of signal 6 (Aborted) after writing the whole run' "$rundir/run.json"
check guard_crash_json_not_interrupted sh -c "! grep -q '\"interrupted' '$rundir/run.json'"
"$CLX" report "$rundir" > "$T/crash_report.log" 2>&1
check guard_crash_report grep -q '^| run | .* (then the worker process died of signal 6 (Aborted) after writing the whole run' "$rundir/report.md"
"$CLX" run --resume "$rundir" > "$T/crash_resume.log" 2>&1; rrc=$?
check guard_crash_resume_agrees test "$rrc" -eq 1
check guard_crash_resume_finished grep -q 'that run finished: every configuration has its row' "$T/crash_resume.log"

# vecsum with c of N / 2: every variant writes a whole launch's worth past c; every row FAIL.
cp templates/vecsum.cl.m4 "$T/"
sed 's/{ name = "c"; type = "float"; count = "N";/{ name = "c"; type = "float"; count = "N \/ 2";/' templates/vecsum.spec > "$T/vecsum.spec"
check guard_fixture_half grep -q 'count = "N / 2"' "$T/vecsum.spec"
run_clx "$T/half" run "$T/vecsum.spec" --quick
t=$rundir/results.tsv
check guard_half_exit_1 test "$rc" -eq 1
check guard_half_all_fail test "$(tsv_count "$t" status FAIL)" -eq 24 -a "$(tsv_rows "$t")" -eq 24
check guard_half_said test "$(grep -c 'wrote past the end of c' "$t")" -eq 24
# The naive kernel's rows (a work-item an element of a and b) say what an output too small suggests.
check guard_half_hint test "$(awk -F'\t' '$2 == "naive" && /output c has [0-9]* elements for [0-9]* work-items/' "$t" | wc -l)" -ge 1
check guard_half_no_abort sh -c "! grep -qE 'munmap_chunk|double free|corrupted|Aborted' '$T/half.log'"
check guard_half_summary grep -q '^clx: 0 ok, 24 FAIL' "$T/half.log"
# Every row FAILed by the guard zones, not by the values: the end says the writes, never that the
# host reference disagrees with every kernel (which sent the user to a reference that was right).
check guard_half_not_reference sh -c "! grep -q 'FAILed its check against the host reference' '$T/half.log'"
check guard_half_writes_said grep -q "^clx: every row FAILed for writing outside its buffers (the guard zones caught it; each row's note says where), every variant alike: check the kernels' bounds .* and the outputs' counts in $T/vecsum.spec, not the host reference\$" "$T/half.log"

# vecsum's global halved: the last half of c is never written (it keeps the poison). Each row says
# so, and the end names the global size, not the host reference, which is right.
mkdir -p "$T/short_exp"
cp templates/vecsum.cl.m4 "$T/short_exp/"
sed 's|^global = .*|global = "ceil_div(N, VEC) / 2";|' templates/vecsum.spec > "$T/short_exp/vecsum.spec"
check guard_short_fixture grep -q 'ceil_div(N, VEC) / 2' "$T/short_exp/vecsum.spec"
run_clx "$T/short" run "$T/short_exp/vecsum.spec" --quick --set variant=naive,float4
t=$rundir/results.tsv
check guard_short_exit_1 test "$rc" -eq 1
check guard_short_all_fail test "$(tsv_count "$t" status FAIL)" -eq 8 -a "$(tsv_rows "$t")" -eq 8
check guard_short_row_said test "$(grep -c 'all [0-9]* of them never written (they hold the poison the output starts as), the first c\[[0-9]*\]: does the global size give every element a work-item?' "$t")" -eq 8
check guard_short_not_reference sh -c "! grep -q 'FAILed its check against the host reference' '$T/short.log'"
check guard_short_end_said grep -q "^clx: every row FAILed with elements of its output never written (each row's note says from where), every variant alike: check that the global size ($T/short_exp/vecsum.spec:$(grep -n '^global' "$T/short_exp/vecsum.spec" | cut -d: -f1)) and the kernels' bounds give every element a work-item, not the host reference\$" "$T/short.log"
finish
