#!/bin/sh
# no_hang.sh — a template that recurses forever cannot outlive clx: SIGTERM ends `clx expand` and
# its m4 with it (no temporary files left), SIGINT and a closed stdout stop `clx run` with its
# resume hint and no m4 left, and a clx killed outright (SIGKILL) takes its m4 along.
. tests/e2e/lib.sh
T=$TMP/no_hang
rm -rf "$T"; mkdir -p "$T/exp" "$T/tmp"
ABS=$(cd "$T" && pwd)
printf 'm4_include(`clx.m4'"'"')m4_dnl\nm4_define(`R'"'"',`R'"'"')R\n' > "$T/exp/rec.cl.m4"
sed -e 's|^template = .*|template = "rec.cl.m4";|' tests/e2e/fixtures/checks.spec > "$T/exp/rec.spec"

# m4_running: whether an m4 of this test's template (the copy clx prepares for m4 in its TMPDIR,
# src/spec/m4prep.h) is still running.
m4_running() { pgrep -f "[m]4 .*$ABS/tmp/clx-template-" > /dev/null; }
no_m4() { if m4_running; then fail "$1" "an m4 is still running"; else pass "$1"; fi; }
# running DIRFILE: waits until clx's m4 runs and, with DIRFILE (clx run's --dir-file), until the run's
# folder is made: a stop before it has no folder to name in its --resume hint (the slow ASan build
# met that). Events, not a time: the bounds (a minute each) are only for a clx that never gets there.
running() {
    if [ -n "$1" ]; then
        for _ in $(seq 1 600); do [ -s "$1" ] && break; sleep 0.1; done
    fi
    for _ in $(seq 1 600); do m4_running && break; sleep 0.1; done
}
# start DIRFILE CMD...: runs clx in the background with its own TMPDIR, waits until it is running.
start() {
    dirfile=$1; shift
    TMPDIR=$ABS/tmp "$@" > "$T/log" 2>&1 &
    pid=$!
    running "$dirfile"
}

start "" "$CLX" expand "$T/exp/rec.spec" --out "$T/x"
check hang_m4_started m4_running
kill -TERM $pid; wait $pid; rc=$?
sleep 0.2
check hang_expand_sigterm_exit test "$rc" -eq 143
no_m4 hang_expand_sigterm_no_m4
check hang_expand_no_temp_files test -z "$(ls "$T/tmp")"

# The stop comes with the m4 in flight (its limit a minute away, not the default 10 s: a stop only).
: > "$T/r.dir"
start "$T/r.dir" "$CLX" run "$T/exp/rec.spec" --m4-timeout 60 --dir-file "$T/r.dir" --out "$T/r" --quiet
kill -INT $pid; wait $pid; rc=$?
sleep 0.2
check hang_run_sigint_exit test "$rc" -eq 130
check hang_run_sigint_hint grep -q 'run --resume' "$T/log"
no_m4 hang_run_sigint_no_m4

# A closed stdout is the run's stop as ^C is (clx run ... | head): the m4 in flight is stopped at
# once, not waited for up to its limit (600 s here): the limit's words are not said, and clx ended
# well within it (300 s allowed from the close, so that no load can fail it; the wait before the
# close, for the folder and the m4, is not counted).
: > "$T/p.dir"
{ TMPDIR=$ABS/tmp "$CLX" run "$T/exp/rec.spec" --m4-timeout 600 --dir-file "$T/p.dir" --out "$T/p" 2> "$T/pipe.err"
  echo $? > "$T/pipe.rc"; date +%s > "$T/pipe.end"; } |
    { running "$T/p.dir"; date +%s > "$T/pipe.closed"; exec 0<&-; }
took=$(($(cat "$T/pipe.end") - $(cat "$T/pipe.closed")))
sleep 0.2
check hang_run_pipe_exit test "$(cat "$T/pipe.rc")" -eq 141
check hang_run_pipe_m4_cut test -z "$(grep 'did not finish' "$T/pipe.err")"
check hang_run_pipe_soon test "$took" -lt 300
check hang_run_pipe_hint grep -q 'run --resume' "$T/pipe.err"
check hang_run_pipe_run_json grep -q '"interrupted_by":[[:space:]]*"SIGPIPE (stdout closed)"' "$(ls -d "$T"/p/rec-*-* | head -n 1)/run.json"
no_m4 hang_run_pipe_no_m4

start "" "$CLX" run "$T/exp/rec.spec" --out "$T/k" --quiet
kill -KILL $pid; wait $pid 2>/dev/null
sleep 0.3
no_m4 hang_run_sigkill_no_m4

# The expansion limit (--m4-timeout, default 10 s): a template that recurses is stopped at it and
# named, and the message says how to change it. (Only the exit and the words are compared.)
TMPDIR=$ABS/tmp "$CLX" expand "$T/exp/rec.spec" --out "$T/l" --m4-timeout 0.5 > "$T/limit.log" 2>&1
check hang_limit_exit test $? -ne 0
check hang_limit_said grep -q 'did not finish .*rec.cl.m4 in 0.5 s (a macro that expands to itself? --m4-timeout' "$T/limit.log"
check hang_limit_no_temp_files test -z "$(ls "$T/tmp" | grep -v '^clx-device-')"
"$CLX" expand "$T/exp/rec.spec" --m4-timeout 0 > "$T/limit0.log" 2>&1
check hang_limit_bad_value test $? -eq 2
finish
