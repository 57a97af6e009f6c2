# worker.sh — a kernel that crashes the process, or a launch that never ends (stopped by --timeout),
# costs its own variant and build's rows, not the sweep; exit statuses say which.
. tests/e2e/lib.sh
mkdir -p "$TMP"
spec=tests/e2e/fixtures/worker.spec

# A segmentation fault inside the driver: the variant's rows say crashed, the others run. Under
# make check-asan, ASan must let the signal kill the worker (it would report and exit instead).
saved_asan=${ASAN_OPTIONS-}
export ASAN_OPTIONS="${saved_asan:+$saved_asan:}handle_segv=0"
run_clx "$TMP/crash" run $spec --set variant=good,crash,good2
export ASAN_OPTIONS="$saved_asan"
t=$rundir/results.tsv
check crash_exit_rows_failed test "$rc" -eq 1
# The configuration in flight alone is crashed; the variant's other one is not run in this sweep
# ('stopped'), for a resume to measure.
check crash_rows_crashed test "$(tsv_count "$t" status crashed)" -eq 1
check crash_rows_not_run test "$(tsv_count "$t" status stopped)" -eq 1
check crash_row_retry_flag test "$(grep -c 'crash-retry' "$t")" -eq 1
check crash_others_ok test "$(tsv_count "$t" status ok)" -eq 4
check crash_signal_named grep -q 'died of signal 11 (Segmentation fault) running this configuration' "$t"
check crash_said_on_console grep -q 'variant crash, build default: the worker process died of signal 11' "$TMP/crash.log"
# The out-of-memory killer is guessed after SIGKILL alone (hostmem.sh).
check crash_no_oom_guess test -z "$(grep -F 'out-of-memory' "$t" "$TMP/crash.log")"
check crash_run_finished grep -q '"finished"' "$rundir/run.json"
# The new worker says where it goes on, not the run's header again: after row 0, since the six
# configurations of the one launch point take their trials in rounds together and the good rows
# before the crash were not complete (the new worker runs them again).
check crash_header_once test "$(grep -c ' launch points*.*; results in ' "$TMP/crash.log")" -eq 1
check crash_new_worker_said grep -q 'clx: a new worker goes on with the sweep (0 rows written before it)' "$TMP/crash.log"
check crash_counted grep -q '"crashed":[[:space:]]*1' "$rundir/run.json"
check crash_summary_line grep -q '4 ok, 0 FAIL, 0 error, 0 skipped, 0 build-failed, 1 crashed, 1 stopped' "$TMP/crash.log"
check crash_resume_said grep -qF "run --resume $rundir measures them and tries the crashed once more" "$TMP/crash.log"
# The resume of that finished run measures what was not run and tries the crashed one once more:
# it crashes again and stays crashed for good (no flag), while the variant's other configuration
# runs (and crashes, for the first time: flagged); a second resume tries that one once more; a
# third has nothing left and ends with the run's own status.
export ASAN_OPTIONS="${saved_asan:+$saved_asan:}handle_segv=0"
$CLX run --resume "$rundir" > "$TMP/crash_r1.log" 2>&1; rc1=$?
cp "$t" "$TMP/crash_r1.tsv"
$CLX run --resume "$rundir" > "$TMP/crash_r2.log" 2>&1; rc2=$?
$CLX run --resume "$rundir" > "$TMP/crash_r3.log" 2>&1; rc3=$?
export ASAN_OPTIONS="$saved_asan"
check crash_resume_rc test "$rc1" -eq 1 -a "$rc2" -eq 1 -a "$rc3" -eq 1
check crash_resume_goes_on grep -q 'resuming: 4 rows kept from the interrupted run; the 2 rows a crash or a timeout left (measured in their places, a crashed one tried once more)' "$TMP/crash_r1.log"
check crash_resume_retried_once grep -qF "in the configuration this resume tried once more, as in the run before: its row is 'crashed' for good" "$TMP/crash_r1.log"
check crash_resume1_rows test "$(tsv_count "$TMP/crash_r1.tsv" status crashed)" -eq 2 -a \
    "$(tsv_count "$TMP/crash_r1.tsv" status stopped)" -eq 0 -a "$(grep -c 'crash-retry' "$TMP/crash_r1.tsv")" -eq 1 -a \
    "$(tsv_count "$TMP/crash_r1.tsv" status ok)" -eq 4
check crash_resume2_final test "$(tsv_count "$t" status crashed)" -eq 2 -a "$(grep -c 'crash-retry' "$t")" -eq 0 -a \
    "$(grep -c 'is not tried again' "$t")" -eq 2
check crash_resume3_done grep -q 'that run finished: every configuration has its row (there is nothing to resume); 4 ok, .* 2 crashed: exit 1, as when it finished' "$TMP/crash_r3.log"

# A kernel that never ends: its row says timeout, the rest of its variant and build is not run
# ('stopped': it would likely hang at each, costing the limit each time), and a new worker goes on
# with the others, here over a second launch point after the hang's; the run finishes with exit 1,
# and no worker is left running. The hang is a kernel that never ends, not a slow one: no load
# changes which rows say what.
start=$(date +%s)
run_clx "$TMP/hang" run $spec --set variant=good,hang,good2 --set N=4099,8195 --timeout 2
t=$rundir/results.tsv
check hang_exit_rows_failed test "$rc" -eq 1
# Only a run that never ends is caught by the clock (300 s: no load makes the 2 s limit that long);
# the limit's length is read from what clx says, not timed.
check hang_within_time test $(( $(date +%s) - start )) -lt 300
check hang_timeout_row test "$(tsv_count "$t" status timeout)" -eq 1
check hang_rest_stopped test "$(tsv_count "$t" status stopped)" -eq 3
check hang_good_rows_all_ok test "$(tsv_count "$t" status ok)" -eq 8
check hang_cut_is_hang test "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "status") s = i; if ($i == "variant") v = i }; next }
                                $s == "timeout" || $s == "stopped" { print $v }' "$t" | sort -u)" = hang
check hang_reason grep -q 'a launch did not finish within 2 s (--timeout): the worker was stopped, and the sweep went on without the rest of this variant and build; clx run --resume --timeout S measures it with a limit of its own' "$t"
check hang_stopped_reason grep -q 'not run: a launch of this variant and build ran past its limit of 2 s at N=4099 local=32; clx run --resume measures it' "$t"
check hang_run_finished grep -q '"finished"' "$rundir/run.json"
check hang_no_worker_left test -z "$(ours_running "$TMP/hang")"
check hang_said_truly grep -qF "variant hang, build default: a launch ran past its limit of 2 s (--timeout): the worker was stopped; its row is 'timeout', the rest of this variant and build is not run in this sweep ('stopped'), and the sweep goes on in a new worker; $CLX run --resume $rundir --timeout S measures them with a limit of their own" "$TMP/hang.log"
# The new worker goes on as after a crash: no word of the run ending at the row.
check hang_new_worker_said grep -q "^clx: a new worker goes on with the sweep ([0-9]* rows\{0,1\} written before it)\$" "$TMP/hang.log"
check hang_row_said grep -q "^clx: timeout hang default N=4099 local=32: a launch did not finish within 2 s (--timeout): the worker was stopped, and the sweep went on" "$TMP/hang.log"
check hang_no_run_ends test -z "$(grep 'run ends' "$TMP/hang.log")"
check hang_summary_line grep -q '8 ok, 0 FAIL, 0 error, 0 skipped, 0 build-failed, 1 timeout, 3 stopped' "$TMP/hang.log"
check hang_end_names_cut grep -qF "clx: a launch ran past its limit (status timeout) in variant hang, build default: the sweep went on without the rest of it, 3 configurations not run (status stopped); $CLX run --resume $rundir --timeout S measures them" "$TMP/hang.log"
check hang_end_no_crash_said test -z "$(grep 'a worker process crashed' "$TMP/hang.log")"
$CLX report "$rundir" --quiet > /dev/null 2>&1
check hang_report_names_cut grep -qF "A launch ran past its limit (status timeout) in variant hang, build default: the sweep went on without the rest of it, 3 rows not measured (status stopped): \`clx run --resume $rundir --timeout S\` measures them" "$rundir/report.md"
check hang_report_no_crash_said test -z "$(grep 'crash of the worker process' "$rundir/report.md")"
# Resumed with a --timeout of its own (taken: it changes nothing measured): the stopped rows are
# measured, the first of them hangs too and is stopped at that limit, not the first run's; the
# rest of the variant stays 'stopped', the timeout rows stay as they were, and the good rows too.
$CLX run --resume "$rundir" --timeout 1 > "$TMP/hang_resume.log" 2>&1; rc=$?
check hang_resume_exit test "$rc" -eq 1
check hang_resume_rows test "$(tsv_count "$t" status timeout)" -eq 2 -a "$(tsv_count "$t" status stopped)" -eq 2 \
    -a "$(tsv_count "$t" status ok)" -eq 8
check hang_resume_timeout_limit grep -q 'a launch did not finish within 1 s (--timeout)' "$t"
check hang_resume_first_kept grep -q 'a launch did not finish within 2 s (--timeout)' "$t"
check hang_resume_said grep -q 'the 3 rows a crash or a timeout left (measured in their places' "$TMP/hang_resume.log"
check hang_resume_end grep -qF "2 configurations not run (status stopped); $CLX run --resume $rundir --timeout S" "$TMP/hang_resume.log"

# The limit said and applied is one launch's, the first launch of a batch too (its lead-in is a
# launch of its own): latehang's eighth launch never ends, and comes after the warm-ups and the
# batch probe, where the lead-in and the first launch were watched as one (2 x S, said as that).
run_clx "$TMP/latehang" run tests/e2e/fixtures/latehang.spec --timeout 1
check latehang_limit_said grep -q "a launch ran past its limit of 1 s (--timeout)" "$TMP/latehang.log"
check latehang_row_limit grep -q 'a launch did not finish within 1 s (--timeout)' "$rundir/results.tsv"
check latehang_no_other_limit test -z "$(grep 'past its limit of [02-9]' "$TMP/latehang.log")"

# A tiny --timeout on PoCL, which compiles at each work-group size's first launch in each process:
# the new worker's own first launches may run past it too. Each that does cuts its variant and build
# ('timeout', the rest 'stopped') and the sweep goes on; never "stopped again in the same place"
# (exit 4): a variant and build cut runs no launch again in the run. The run ends with a row for
# every configuration, and a resume measures the stopped ones, in their places. How many workers
# it takes depends on load; these hold whatever it is. Whether a launch passes 1 ms at all depends
# on the machine (PoCL's kernel cache, its cores): where none does, the run is whole (exit 0, no
# row 'timeout') and there is nothing to resume.
run_clx "$TMP/tiny" run vecsum --quick --timeout 0.001
t=$rundir/results.tsv
touts=$(tsv_count "$t" status timeout)
check tiny_exit_says_it test "$rc" -eq "$([ "$touts" -gt 0 ] && echo 1 || echo 0)"
check tiny_no_same_place test -z "$(grep 'again in' "$TMP/tiny.log")"
check tiny_run_finished grep -q '"finished"' "$rundir/run.json"
if [ "$touts" -ge 1 ]; then
    rows=$(tail -n +2 "$t" | grep -vc '^#')
    stopped=$(tsv_count "$t" status stopped)
    $CLX run --resume "$rundir" --quiet > "$TMP/tiny_resume.log" 2>&1; rc=$?
    check tiny_resume_goes_on test "$rc" -eq 1 -o "$rc" -eq 0
    check tiny_resume_in_place test "$(tail -n +2 "$t" | grep -vc '^#')" -eq "$rows"
    # Each stopped row it measures runs or times out ('timeout', no longer 'stopped').
    check tiny_resume_further test "$stopped" -eq 0 -o "$(tsv_count "$t" status stopped)" -lt "$stopped"
fi
# The limit is per launch, warm-ups too: six warm-ups of a kernel that never ends are stopped after
# one --timeout (2 s), not six (12 s: the whole warm-up batch's, as before). What the worker was
# given to wait is what the row says, so this holds on a loaded machine too (a wall-clock bound of
# 10 s did not: 11 and 19 s beside another build on 2 cores).
run_clx "$TMP/hang6" run $spec --set variant=hang --timeout 2 --warmups 6
check hang_per_launch test "$(tsv_count "$rundir/results.tsv" status timeout)" -eq 1 \
    -a -n "$(grep 'a launch did not finish within 2 s (--timeout)' "$rundir/results.tsv")"

# Without --timeout, the default rule: its 60 s base made 3 s by CLX_LAUNCH_LIMIT (as documented),
# so that the test does not wait a minute. PoCL compiles at clBuildProgram: a kernel that never
# ends gets no longer at its first launch than later (only drivers that compile then do: rusticl),
# so it is stopped after 3 s, not after the 300 s every driver's first launch once had.
start=$(date +%s)
CLX_LAUNCH_LIMIT=3 run_clx "$TMP/hangdef" run $spec --set variant=good,hang
t=$rundir/results.tsv
check hang_default_exit test "$rc" -eq 1
check hang_default_within_limit test $(( $(date +%s) - start )) -lt 300
check hang_default_row test "$(tsv_count "$t" status timeout)" -eq 1 -a "$(tsv_count "$t" status ok)" -eq 2 \
    -a "$(tsv_count "$t" status stopped)" -eq 1
check hang_default_reason grep -q 'a launch did not finish within 3 s (the default limit with CLX_LAUNCH_LIMIT' "$t"

# Exit statuses: nothing ran at all (every row skipped) is 3; a command-line mistake is 2; a bad spec 4.
run_clx "$TMP/none" run vecsum --quick --set variant=naive --local 100000
check nothing_ran_exit_3 test "$rc" -eq 3
check nothing_ran_said grep -q 'nothing ran: every configuration was skipped' "$TMP/none.log"
# Its report has nothing to report: exit 4, as for a run with no rows.
$CLX report "$rundir" --quiet > "$TMP/none-report.log" 2>&1; rc=$?
check nothing_ran_report_exit_4 test "$rc" -eq 4
check nothing_ran_report_said grep -q "^clx: report: $rundir measured nothing: all 2 of its rows were skipped (the first: local size 100000 .*; results.tsv says why of each)" "$TMP/none-report.log"
$CLX run vecsum --quick --local 0 --out "$TMP/local0" > "$TMP/local0.log" 2>&1; rc=$?
check local0_usage_exit test "$rc" -eq 2
check local0_blames_flag grep -q -- "--local 0: '0' is not a work-group size" "$TMP/local0.log"
check local0_nothing_written test ! -d "$TMP/local0"
$CLX run tests/e2e/fixtures/badspec.spec --out "$TMP/bad4" > "$TMP/bad4.log" 2>&1; rc=$?
check bad_spec_exit_4 test "$rc" -eq 4
finish
