# resume_live.sh — clx run --resume of a run still going waits for it, says that it is the very run,
# and ends as that run ended (its status, its counts, --dir-file); --resume takes --device, whose
# device must be the run's (another is refused naming the way to the run's own); an --out that is a
# run's folder is refused (with the --resume that goes on with it where the run did not finish).
. tests/e2e/lib.sh
T=$TMP/resume_live
rm -rf "$T"; mkdir -p "$T"
spec=tests/e2e/fixtures/worker.spec

run_clx "$T/a" run $spec --set variant=good
A=$rundir
check live_first_run test "$rc" -eq 0
# A run still going holds its results.tsv's lock; here flock(1) holds it, as that run would, until
# the resume has said that it waits (so the wait is there however loaded the machine), or a minute.
if command -v flock > /dev/null 2>&1; then
    flock "$A/results.tsv" sh -c "i=0; while ! grep -q 'still going' '$T/a_resume.log' 2>/dev/null && [ \$i -lt 1200 ]; do
        sleep 0.05; i=\$((i + 1)); done" &
    holder=$!
    i=0; while flock -n "$A/results.tsv" true 2>/dev/null && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
    "$CLX" run --resume "$A" --dir-file "$T/a.dir" > "$T/a_resume.log" 2>&1; rc=$?
    wait $holder
    check live_wait_said grep -q "^clx: --resume $A: that run is still going (another clx is writing its results.tsv): waiting" "$T/a_resume.log"
    check live_then_as_finished grep -q "^clx: --resume $A: that run finished: every configuration has its row (there is nothing to resume); 2 ok, .*: exit 0, as when it finished" "$T/a_resume.log"
    check live_status_its_own test "$rc" -eq 0
    check live_dir_file test "$(cat "$T/a.dir")" = "$A"
    check live_no_refusal test -z "$(grep 'cannot resume' "$T/a_resume.log")"
else
    skip live_wait_said "no flock(1) to hold a run's lock"
fi

# Two resumes of one stopped run, the second started before the first wrote anything: the second
# waits for the first (which holds the folder from its start) and ends as the run did, never
# "cannot resume ... finished" (exit 4). The first is held in its wait for the device's turn (this
# test holds the device's lock file, in the TMPDIR of its own that run-one.sh gives it), so the order needs no timing.
if command -v flock > /dev/null 2>&1; then
    CLX_STOP_AFTER_ROUNDS=1 "$CLX" run $spec --set variant=good,good2 --out "$T/r" --quiet > "$T/r.log" 2>&1
    R=$(ls -d "$T"/r/worker-* | head -n 1)
    hold_lock -x "$(ls "$TMPDIR"/clx-device-*.lock | head -n 1)"
    "$CLX" run --resume "$R" --quiet > "$T/r_first.log" 2>&1 & first=$!
    waiting_in "$T/r_first.log"
    "$CLX" run --resume "$R" --quiet > "$T/r_second.log" 2>&1 & second=$!
    i=0; while ! grep -q 'another clx is resuming it' "$T/r_second.log" 2>/dev/null && [ $i -lt 600 ]; do
        sleep 0.1; i=$((i + 1)); done
    kill $holder; wait $holder 2>/dev/null
    wait $first; rc1=$?
    wait $second; rc2=$?
    check race_first_resumed test "$rc1" -eq 0
    check race_second_waited grep -q "^clx: --resume $R: that run is still going (another clx is resuming it): waiting" "$T/r_second.log"
    check race_second_as_finished grep -q "^clx: --resume $R: that run finished: every configuration has its row (there is nothing to resume); 4 ok, .*: exit 0, as when it finished" "$T/r_second.log"
    check race_second_status test "$rc2" -eq 0
    check race_second_no_refusal test -z "$(grep 'cannot resume' "$T/r_second.log")"
else
    skip race_second_waited "no flock(1) to hold the device's lock"
fi

# --out given a run's own folder: refused (exit 2), nothing made inside it.
"$CLX" run $spec --set variant=good --out "$A" --quiet > "$T/out_run.log" 2>&1; rc=$?
check out_run_refused test "$rc" -eq 2
# A finished one is said as that, with no --resume to suggest (nothing is left to measure).
check out_run_said grep -q "^clx run: --out $A is a finished run's folder (it has run.json): that run finished: every configuration has its row (there is nothing to resume); --out names the folder that runs' folders go in: give its parent or another folder" "$T/out_run.log"
check out_run_no_resume test -z "$(grep -e '--resume' "$T/out_run.log")"
check out_run_nothing_made test -z "$(ls -d "$A"/worker-* "$A/latest" 2>/dev/null)"

# A stopped run: --resume takes --device, naming the run's own device (PoCL's, by its platform).
CLX_STOP_AFTER_ROUNDS=1 "$CLX" run $spec --set variant=good,good2 --out "$T/b" --quiet > "$T/b.log" 2>&1
B=$(ls -d "$T"/b/worker-* | head -n 1)
# --out given a stopped run's folder: refused, naming the --resume that goes on with it.
"$CLX" run $spec --set variant=good --out "$B" --quiet > "$T/out_stopped.log" 2>&1; rc=$?
check out_stopped_refused test "$rc" -eq 2
check out_stopped_resume grep -q "^clx run: --out $B is a run's folder (it has run.json): --out names the folder that runs' folders go in, such as its parent; $CLX run --resume $B goes on with that run" "$T/out_stopped.log"
"$CLX" run --resume "$B" --device pocl --quiet > "$T/b_resume.log" 2>&1; rc=$?
check device_resume_taken test "$rc" -eq 0 -a -z "$(grep "is not taken" "$T/b_resume.log")"
check device_resume_whole test "$(tsv_count "$B/results.tsv" status ok)" -eq 4

# A run whose device this host lacks (its run.json edited to name another): refused, saying so.
CLX_STOP_AFTER_ROUNDS=1 "$CLX" run $spec --set variant=good,good2 --out "$T/c" --quiet > "$T/c.log" 2>&1
C=$(ls -d "$T"/c/worker-* | head -n 1)
sed 's/"name":[[:space:]]*"[^"]*"/"name":\t"Imaginary GPU 9000"/' "$C/run.json" > "$T/run.json" && cp "$T/run.json" "$C/run.json"
"$CLX" run --resume "$C" --quiet > "$T/c_resume.log" 2>&1; rc=$?
check device_other_refused test "$rc" -eq 4
check device_other_way grep -q "this run differs from the interrupted one in the device (run.json \"device.name\": 'Imaginary GPU 9000' there, '.*' here); this host has no Imaginary GPU 9000 (.*): $CLX devices lists those it has" "$T/c_resume.log"
finish
