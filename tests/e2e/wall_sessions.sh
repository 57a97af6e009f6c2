#!/bin/sh
# wall_sessions.sh — a run's wall is the whole run's, across the workers a timeout ended (its
# time_s names the launch past its limit and the earlier workers as parts of it), and a session
# killed outright (kill -9 of its process group: no word of its end) is in the run.json
# "interruptions" of the resume that goes on from it, each such session once. Only words, counts
# and lower bounds that the limit itself sets are compared, never a measured time against another.
. tests/e2e/lib.sh
T=$TMP/wall_sessions
rm -rf "$T"; mkdir -p "$T"
spec=tests/e2e/fixtures/worker.spec
# at_least A B: A >= B, as numbers.
at_least() { python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) >= float(sys.argv[2]) else 1)' "$1" "$2"; }

# A kernel that never ends, the launch limit made 2 s (CLX_LAUNCH_LIMIT, as documented): a new
# worker finishes the run, and the wall counts from the first worker's start: at least the 2 s the
# hung launch waited, which are named as their own part, as the console's time line names them.
CLX_LAUNCH_LIMIT=2 run_clx_loud "$T/hang" run $spec --set variant=good,hang
check hang_fixture test "$rc" -eq 1 -a "$(tsv_count "$rundir/results.tsv" status timeout)" -eq 1
check wall_spans_workers at_least "$(jnum "$rundir" time_s wall)" 2
check wall_names_timed_out at_least "$(jnum "$rundir" time_s timed_out_launches)" 2
check wall_part_within at_least "$(jnum "$rundir" time_s wall)" "$(jnum "$rundir" time_s timed_out_launches)"
check wall_names_earlier test "$(jnum "$rundir" time_s earlier_workers)" != none
check wall_console_says grep -q '^clx: time: wall .*, timed-out launches [0-9.]* s, earlier workers [0-9.]* s' "$T/hang.log"
# A worker that a timeout ended within one session is no session's end: no interruption.
check hang_no_interruption test "$(jnum "$rundir" interruptions)" = none
check_runjson_documented wall_run_json_documented "$rundir"

# killed SPEC_OR_RESUME...: clx run ARGS in a process group of its own, killed outright (SIGKILL to
# the group: supervisor and worker) once its run.json says this session began: never finished, since
# its kernel never ends (a limit of 600 s). The pid file holds the group's leader.
killed() {
    rm -f "$T/k.pid"
    CLX_LAUNCH_LIMIT=600 setsid sh -c 'echo $$ > "$0"; exec "$@"' "$T/k.pid" "$CLX" run "$@" > "$T/k.log" 2>&1 &
    _bg=$!
}
# wait_for COMMAND...: until it succeeds (at most 120 s).
wait_for() { _i=0; until "$@" 2> /dev/null || [ $_i -ge 1200 ]; do sleep 0.1; _i=$((_i + 1)); done; }

# Killed in its first session (its folder named: run.json written), then in its resume (run.json
# rewritten with "resumed"), then resumed with --timeout 1 to the end: both killed sessions are
# interruptions, said as such, oldest first; the run's rows are all there.
killed $spec --set variant=good,hang --out "$T/kill" --dir-file "$T/kill.dir" --quiet
wait_for test -s "$T/kill.dir"
wait_for test -s "$T/k.pid"
kill -KILL -"$(cat "$T/k.pid")"; wait "$_bg" 2> /dev/null
d=$(cat "$T/kill.dir")
check kill_fixture sh -c "test -s '$d/run.json' && ! grep -q -e '\"finished\"' -e '\"interrupted\"' '$d/run.json'"
killed --resume "$d" --quiet
wait_for grep -q '"resumed"' "$d/run.json"
wait_for test -s "$T/k.pid"
kill -KILL -"$(cat "$T/k.pid")"; wait "$_bg" 2> /dev/null
$CLX run --resume "$d" --timeout 1 --quiet > "$T/kill_r2.log" 2>&1; rc=$?
check kill_resume_ends test "$rc" -eq 1 -a "$(jnum "$d" finished)" != none
check kill_sessions_listed test "$(jnum "$d" interruptions)" = 2
check kill_first_said test "$(jnum "$d" interruptions 0 interrupted_by)" = \
    "ended without a word: killed outright, the host stopped, or run.json could not be written (a full disk, a folder not writable)"
check kill_second_said test "$(jnum "$d" interruptions 1 interrupted_by)" = "$(jnum "$d" interruptions 0 interrupted_by)"
check kill_when_said test "$(jnum "$d" interruptions 1 interrupted)" != none -a "$(jnum "$d" interruptions 1 rows_written)" != none
check kill_rows_whole test "$(tsv_count "$d/results.tsv" status ok)" -eq 2 -a "$(tsv_count "$d/results.tsv" status timeout)" -eq 1
check_runjson_documented kill_run_json_documented "$d"
finish
