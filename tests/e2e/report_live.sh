#!/bin/sh
# report_live.sh — clx report of a run still going, and a stopped tuning pass's folder. A run whose
# results.tsv another clx holds locked (held here by flock(1), or the run itself held at the host's
# turn: no timing counts) is "still running": nothing is drawn into its folder (a report.md there
# said "unfinished ... --resume" and stayed beside the finished results); a report.md found there
# at the run's normal end is drawn again. A tuning pass stopped in its pass says, in its report and
# compare, what the run's last line said, not a --resume that refuses its folder.
. tests/e2e/lib.sh
T=$PWD/$TMP/report_live
rm -rf "$T"; mkdir -p "$T/locks"
TMPDIR=$T/locks; export TMPDIR
if ! command -v flock > /dev/null 2>&1; then skip report_live "no flock(1) here (util-linux)"; exit 0; fi

# A finished run made unfinished (run.json without "finished", as while it runs), its file held.
run_clx "$T/a" run taylor --quick --set TERMS=1
check live_ran test "$rc" -eq 0 -a -f "$rundir/run.json"
cp -r "$rundir" "$T/live"
rm -rf "$T/live/report.md" "$T/live/findings.tsv" "$T/live/plots"
sed -i '/"finished":/d' "$T/live/run.json"
hold_lock -x "$T/live/results.tsv"
"$CLX" report "$T/live" > "$T/live.log" 2>&1; rc=$?
# compare and history of it say the same: its rows so far, read again once it has ended; no --resume
# (it would be refused), no "unfinished" (it is not).
"$CLX" compare "$rundir" "$T/live" --out "$T/cl" > "$T/cl.log" 2>&1
"$CLX" history "$rundir" "$T/live" --out "$T/hl" > "$T/hl.log" 2>&1
kill "$holder" 2> /dev/null; wait "$holder" 2> /dev/null
check live_compare_said grep -qF "B ($T/live) is still running (another clx is writing its results.tsv) with " "$T/cl.log"
check live_history_said grep -qF "($T/live) is still running (another clx is writing its results.tsv) with " "$T/hl.log"
check live_compare_no_resume test -z "$(grep -e '--resume' -e 'unfinished' "$T/cl.log" "$T/cl/compare.md" "$T/hl.log")"
check live_report_rc_4 test "$rc" -eq 4
check live_report_said grep -qF "clx: report: $T/live is still running (another clx is writing its results.tsv): nothing drawn into it; " "$T/live.log"
check live_report_no_resume test -z "$(grep -e '--resume' -e 'unfinished' "$T/live.log")"
check live_report_nothing_drawn test ! -e "$T/live/report.md" -a ! -e "$T/live/findings.tsv" -a ! -e "$T/live/plots" \
    -a -z "$(ls -a "$T/live" | grep -i 'report\.\|tmp')"
# Its lock let go (no clx writes it): unfinished, drawn as before.
"$CLX" report "$T/live" > "$T/dead.log" 2>&1; rc=$?
check dead_report_drawn test "$rc" -eq 4 -a -f "$T/live/report.md" -a -n "$(grep -e 'unfinished' -e 'not rewritten' "$T/dead.log")"

# A real run held at the host's turn (its reference waits for it): clx report says "still running";
# a report.md put there meanwhile (an older clx's) is drawn again at the run's normal end.
hold_lock -x "$TMPDIR/clx-host-$(id -u).lock"
"$CLX" run taylor --quick --set TERMS=1 --out "$T/b" --dir-file "$T/b.dir" > "$T/b.log" 2>&1 &
run=$!
i=0; while [ ! -s "$T/b.dir" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
D=$(cat "$T/b.dir")
"$CLX" report "$D" > "$T/b-report.log" 2>&1; rc=$?
check run_report_refused test "$rc" -eq 4 -a ! -e "$D/report.md" -a -n "$(grep -F 'is still running' "$T/b-report.log")"
printf 'an old report\n' > "$D/report.md"
going=$(grep -c '"finished":' "$D/run.json")
kill "$holder" 2> /dev/null; wait "$holder" 2> /dev/null
wait "$run"; rc=$?
check run_going_when_put test "$going" -eq 0
check run_ended_ok test "$rc" -eq 0
check run_stale_said grep -qF "clx: $D/report.md was made while the run went on: drawn again" "$T/b.log"
check run_stale_redrawn test -z "$(grep -e 'an old report' -e 'unfinished' "$D/report.md")"

# A tuning pass stopped in its pass (CLX_STOP_AFTER_ROUNDS: as ^C): its report and a compare of it
# say the pass was stopped and the experiment is run again; no --resume, no picks it decided.
cp tests/e2e/fixtures/tune.spec "$T/"
sed -i 's|"../../../templates/vecsum.cl.m4"|"vecsum.cl.m4"|' "$T/tune.spec"
cp templates/vecsum.cl.m4 "$T/"
rm -rf "$T/p"
CLX_STOP_AFTER_ROUNDS=2 "$CLX" run "$T/tune.spec" --rounds 1 --target-se 0 --out "$T/p" > "$T/p.log" 2>&1; rc=$?
P=$(ls -d "$T"/p/tune-tune-* | head -n 1)
check pass_stopped test "$rc" -eq 130 -a -n "$(grep -F 'clx: the tuning pass was stopped: nothing of the sweep ran; run the experiment again' "$T/p.log")"
"$CLX" report "$P" > "$T/p-report.log" 2>&1; rc=$?
check pass_report_rc_4 test "$rc" -eq 4
check pass_report_said grep -qF "the tuning pass was stopped: nothing of the sweep ran; run the experiment again (a tuning pass's folder takes no --resume)" "$T/p-report.log"
check pass_report_md_said grep -qF "the tuning pass was stopped: nothing of the sweep ran; run the experiment again" "$P/report.md"
check pass_report_no_resume test -z "$(grep -e 'run --resume' -e 'decided the picks' "$T/p-report.log" "$P/report.md")"
cp -r "$P" "$T/p2"   # another start: not the same run twice
sed -i 's/"started": "[^"]*"/"started": "2026-01-01T00:00:00+00:00"/' "$T/p2/run.json"
"$CLX" compare "$P" "$T/p2" --out "$T/p-cmp" > "$T/p-cmp.log" 2>&1
check pass_compare_said grep -qF "the tuning pass was stopped: nothing of the sweep ran" "$T/p-cmp.log"
check pass_compare_no_resume test -z "$(grep -e 'run --resume' "$T/p-cmp.log" "$T/p-cmp/compare.md")"
finish
