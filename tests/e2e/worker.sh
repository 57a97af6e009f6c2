# worker.sh — a kernel that crashes the process costs its own rows, not the sweep; a launch that
# never ends is stopped by --timeout with every finished row kept; exit statuses say which.
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
check crash_new_worker_said grep -q 'clx: a new worker goes on after row 0' "$TMP/crash.log"
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
check crash_resume_goes_on grep -q 'resuming: 4 rows kept from the interrupted run; the 2 rows a crash left (measured in their places, a crashed one tried once more)' "$TMP/crash_r1.log"
check crash_resume_retried_once grep -qF "in the configuration this resume tried once more, as in the run before: its row is 'crashed' for good" "$TMP/crash_r1.log"
check crash_resume1_rows test "$(tsv_count "$TMP/crash_r1.tsv" status crashed)" -eq 2 -a \
    "$(tsv_count "$TMP/crash_r1.tsv" status stopped)" -eq 0 -a "$(grep -c 'crash-retry' "$TMP/crash_r1.tsv")" -eq 1 -a \
    "$(tsv_count "$TMP/crash_r1.tsv" status ok)" -eq 4
check crash_resume2_final test "$(tsv_count "$t" status crashed)" -eq 2 -a "$(grep -c 'crash-retry' "$t")" -eq 0 -a \
    "$(grep -c 'is not tried again' "$t")" -eq 2
check crash_resume3_done grep -q 'that run finished: every configuration has its row (there is nothing to resume); 4 ok, .* 2 crashed: exit 1, as when it finished' "$TMP/crash_r3.log"

# A kernel that never ends: the row says timeout, the run stops there with its rows and exit 1,
# and no worker is left running.
start=$(date +%s)
run_clx "$TMP/hang" run $spec --set variant=good,hang --timeout 2
t=$rundir/results.tsv
check hang_exit_rows_failed test "$rc" -eq 1
# Only a run that never ends is caught by the clock (300 s: no load makes the 2 s limit that long);
# the limit's length is read from what clx says, not timed.
check hang_within_time test $(( $(date +%s) - start )) -lt 300
check hang_timeout_row test "$(tsv_count "$t" status timeout)" -eq 1
check hang_good_rows_kept test "$(tsv_count "$t" status ok)" -eq 2
check hang_reason grep -q 'a launch did not finish within 2 s (--timeout)' "$t"
check hang_run_interrupted grep -q '"interrupted"' "$rundir/run.json"
check hang_resume_hint grep -q 'to continue with the configurations after it: .* run --resume' "$TMP/hang.log"
check hang_no_worker_left test -z "$(ours_running "$TMP/hang")"
check hang_said_truly grep -q "variant hang, build default: a launch ran past its limit of 2 s (--timeout): the worker was stopped; a new worker measures again the configurations in flight before it, then writes its row 'timeout', and the run ends at that row\$" "$TMP/hang.log"
# One story: the new worker goes on up to that configuration, where the run ends (it said it "goes
# on"), and the row says the run ends at it.
check hang_new_worker_said grep -q "^clx: a new worker goes on after row [0-9]*, up to the configuration that ran past its limit, where the run ends\$" "$TMP/hang.log"
check hang_row_said grep -q "^clx: timeout hang default local=32: a launch did not finish within 2 s (--timeout): the worker was stopped, and the run ends at this row\$" "$TMP/hang.log"
check hang_resume_timeout_said grep -q "to continue with the configurations after it: .* run --resume .* (with --timeout S for another limit on their launches)" "$TMP/hang.log"
# Resumed with a --timeout of its own (taken: it changes nothing measured), the next configuration
# that never finishes is stopped at that limit, not the first run's.
$CLX run --resume "$rundir" --timeout 1 > "$TMP/hang_resume.log" 2>&1; rc=$?
check hang_resume_timeout_taken test "$rc" -eq 1 -a "$(tsv_count "$t" status timeout)" -eq 2
check hang_resume_timeout_limit grep -q 'a launch did not finish within 1 s (--timeout)' "$t"

# The limit said and applied is one launch's, the first launch of a batch too (its lead-in is a
# launch of its own): latehang's eighth launch never ends, and comes after the warm-ups and the
# batch probe, where the lead-in and the first launch were watched as one (2 x S, said as that).
run_clx "$TMP/latehang" run tests/e2e/fixtures/latehang.spec --timeout 1
check latehang_limit_said grep -q "a launch ran past its limit of 1 s (--timeout)" "$TMP/latehang.log"
check latehang_row_limit grep -q 'a launch did not finish within 1 s (--timeout)' "$rundir/results.tsv"
check latehang_no_other_limit test -z "$(grep 'past its limit of [02-9]' "$TMP/latehang.log")"

# A tiny --timeout on PoCL, which compiles at each work-group size's first launch in each process:
# the new worker's own first launches may run past it before it reaches the configuration marked.
# Then the run ends at the first in the sweep's order (one row 'timeout', exit 1), never "stopped
# again in the same place" (exit 4) for another point of the same variant and build, and a resume
# gets further. How many workers it takes depends on load; these hold whatever it is.
# Whether a launch passes 1 ms at all depends on the machine (PoCL's kernel cache, its cores): where
# none does, the run is whole (exit 0, no row 'timeout') and there is nothing to resume.
run_clx "$TMP/tiny" run vecsum --quick --timeout 0.001
t=$rundir/results.tsv
touts=$(tsv_count "$t" status timeout)
check tiny_at_most_one_timeout_row test "$touts" -le 1
check tiny_exit_says_it test "$rc" -eq "$touts"
check tiny_no_same_place test -z "$(grep 'again in' "$TMP/tiny.log")"
if [ "$touts" -eq 1 ]; then
    rows=$(tsv_count "$t" status ok)
    $CLX run --resume "$rundir" --quiet > "$TMP/tiny_resume.log" 2>&1; rc=$?
    check tiny_resume_goes_on test "$rc" -eq 1 -o "$rc" -eq 0
    check tiny_resume_further test "$(tail -n +2 "$t" | grep -vc '^#')" -gt $((rows + 1))
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
check hang_default_row test "$(tsv_count "$t" status timeout)" -eq 1 -a "$(tsv_count "$t" status ok)" -eq 2
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
