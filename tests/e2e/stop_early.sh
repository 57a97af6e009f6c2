# stop_early.sh — a stop before the run has a folder is said once, and as what it was: nothing ran.
# In the device's set-up (CLX_STOP_IN_SETUP stops it there as a terminal's ^C does, to the
# supervisor and its worker, at no moment a signal from here would have to hit) it is "before the
# run began", never "stopping after the launch in flight"; in the wait for the device's turn it is
# "while waiting for the device's turn" alone, however many copies of the stop reach the worker (a
# terminal's ^C reaches it from the terminal and again from its supervisor); of a resume, with its
# folder said as it was and the --resume that goes on. In the builds (CLX_STOP_IN_BUILD: the
# supervisor stops itself as it reads the build's line, and the worker holds that build until the
# stop reaches it) it is "after the build in flight, before any configuration is measured": no
# launch is in flight, none is made, and the folder's rows (none) are kept for --resume.
. tests/e2e/lib.sh
T=$TMP/stop_early
rm -rf "$T"; mkdir -p "$T"
own_locks

CLX_STOP_IN_SETUP=1 "$CLX" run vecsum --quick --set variant=naive --out "$T/s" > "$T/s.log" 2>&1; rc=$?
check setup_stop_exit_130 test "$rc" -eq 130 -a -z "$(ls "$T/s" 2>/dev/null)"
check setup_stop_said grep -q '^clx: stopped by SIGINT before the run began: nothing was run, no results folder made$' "$T/s.log"
check setup_stop_said_once test "$(grep -c '^clx: stop' "$T/s.log")" -eq 1
check setup_stop_no_launch test -z "$(grep 'after the launch in flight' "$T/s.log")"

# The device's turn, held by another (hold_lock, waiting_in: lib.sh); its lock file named by a run.
run_clx "$T/one" run vecsum --quick --set variant=naive
lock=$(sed -n 's/.*"device_lock":[[:space:]]*"\([^"]*\)".*/\1/p' "$rundir/run.json")
hold_lock -x "$lock"
"$CLX" run vecsum --quick --set variant=naive --out "$T/w" > "$T/w.log" 2>&1 & pid=$!
waiting_in "$T/w.log"
worker=$(pgrep -P $pid)
# The stop to both, then copies to the worker until it is gone (a zombie takes them too: until
# the supervisor has waited for it).
kill -INT $pid $worker
while [ -n "$worker" ] && kill -INT $worker 2>/dev/null; do :; done
wait $pid; rc=$?
kill $holder; wait $holder 2>/dev/null
check wait_stop_exit_130 test "$rc" -eq 130 -a -z "$(ls "$T/w" 2>/dev/null)"
check wait_stop_said grep -q "^clx: stopped by SIGINT while waiting for the device's turn: nothing was run, no results folder made\$" "$T/w.log"
check wait_stop_said_once test "$(grep -c '^clx: stop' "$T/w.log")" -eq 1
check wait_offers_share grep -q 'waiting for its turn (^C stops; --share-device runs now, its rows flagged shared)$' "$T/w.log"

# A resume stopped in that wait: its folder is there and as it was, which the line says with the
# --resume that goes on ("no results folder made" read as if it had gone).
CLX_STOP_AFTER_ROUNDS=1 "$CLX" run vecsum --quick --set variant=naive --out "$T/r" > "$T/r.log" 2>&1
r=$(ls -d "$T"/r/*-*-* | head -n 1)
cp "$r/results.tsv" "$T/r.before"
hold_lock -x "$lock"
"$CLX" run --resume "$r" > "$T/rw.log" 2>&1 & pid=$!
waiting_in "$T/rw.log"
kill -INT $pid; wait $pid; rc=$?
kill $holder; wait $holder 2>/dev/null
check resume_wait_stop_exit_130 test "$rc" -eq 130
check resume_wait_stop_said grep -q "^clx: stopped by SIGINT while waiting for the device's turn: nothing was run; $r is as it was: .*clx\(-asan\)\? run --resume $r goes on with it\$" "$T/rw.log"
check resume_wait_stop_no_folder_made test -z "$(grep 'no results folder made' "$T/rw.log")"
check resume_wait_stop_rows_kept cmp -s "$r/results.tsv" "$T/r.before"
# Its waiting line offers no --share-device: a resume takes its run's own options and refuses it.
check resume_wait_no_share_offer sh -c "grep -q 'waiting for its turn (^C stops)\$' '$T/rw.log' && ! grep -q 'share-device' '$T/rw.log'"

# A stop in the builds: said as such, nothing measured, the folder kept with its run.json
# interrupted, and the --resume that goes on measures the whole sweep.
CLX_STOP_IN_BUILD=2 "$CLX" run vecsum --quick --out "$T/b" > "$T/b.log" 2>&1; rc=$?
b=$(ls -d "$T"/b/vecsum-* 2> /dev/null | head -n 1)
check build_stop_exit_130 test "$rc" -eq 130 -a -n "$b"
check build_stop_said grep -q '^clx: stopping after the build in flight, before any configuration is measured; the rows written so far are kept (again to stop at once)$' "$T/b.log"
check build_stop_said_once test "$(grep -c '^clx: stopping' "$T/b.log")" -eq 1
check build_stop_no_launch test -z "$(grep 'launch in flight' "$T/b.log")"
check build_stop_nothing_measured sh -c "test $(tsv_rows "$b/results.tsv") -eq 0 && ! grep -q 'configurations to time' '$T/b.log'"
check build_stop_ended grep -q "^clx: stopped by SIGINT: 0 rows in $b/results.tsv\$" "$T/b.log"
check build_stop_interrupted grep -q '"interrupted_by":[[:space:]]*"SIGINT"' "$b/run.json"
"$CLX" run --resume "$b" --quiet > "$T/b-resume.log" 2>&1; rc=$?
check build_stop_resume_completes test "$rc" -eq 0 -a "$(tsv_rows "$b/results.tsv")" -eq 24
finish
