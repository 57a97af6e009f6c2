# stop_pipe.sh — a closed stdout (clx run ... | head: the pipe's reader gone) stops a run as ^C does:
# exit 141 (128 + SIGPIPE), the rows kept whole, run.json interrupted by "SIGPIPE (stdout closed)",
# said on stderr with the --resume line, and --resume completes the sweep; a run on several devices
# passes the stop on; a reader gone once every row is written leaves a finished run (nothing to
# resume); other commands writing into a closed pipe finish their work and exit as usual.
# Only exit statuses, states, messages and counts are checked, never a time.
# clx-test: long (tests/run.sh starts it first)
. tests/e2e/lib.sh
T=$TMP/stop_pipe
rm -rf "$T"; mkdir -p "$T"
# 6 configurations of 100 trials (stop.sh's): about 10 s here, while head -n 2 has its lines as
# soon as the header is out, before the first build. The default build alone: -cl-opt-disable's
# took five sixths of the time (27 s with it), which the resume below spent again.
SWEEP="vecsum --size 4M,8M,16M --set variant=naive,float4 --build= --trials 100 --round-gap 0"

# closed NAME CMD...: lib.sh's.
# interrupted_by_pipe DIR: DIR/run.json says interrupted, by a closed stdout, and not finished.
interrupted_by_pipe() {
    grep -q '"interrupted_by":[[:space:]]*"SIGPIPE (stdout closed)"' "$1/run.json" && ! grep -q '"finished"' "$1/run.json"
}

# clx run ... | head -n 2: the stop the user asked for.
{ "$CLX" run $SWEEP --out "$T/head" 2> "$T/head.err"; echo $? > "$T/head.rc"; } | head -n 2 > "$T/head.out"
rc=$(cat "$T/head.rc")
rundir=$(ls -d "$T/head"/*-*-* 2>/dev/null | head -n 1)
r=$rundir/results.tsv
check pipe_head_exit_141 test "$rc" -eq 141
check pipe_head_got_two_lines test "$(wc -l < "$T/head.out")" -eq 2
# The words fit the phase the reader left in (after the header's lines: the set-up, the builds or
# the sweep, as the host's speed has it).
check pipe_head_said grep -Eq '^clx: stdout was closed \(the reader of its pipe is gone\): stopping (before the builds begin|after the build in flight|after the launch in flight)' "$T/head.err"
check pipe_head_said_rows grep -q "^clx: stopped by SIGPIPE (stdout closed): [0-9]* rows in $r" "$T/head.err"
check pipe_head_resume_hint grep -q "^clx: to continue: .* run --resume $rundir\$" "$T/head.err"
check pipe_head_run_json interrupted_by_pipe "$rundir"
check pipe_head_header_kept test "$(head -n 1 "$r" | cut -f 1)" = experiment
check pipe_head_rows_whole test "$(awk -F'\t' '{ print NF }' "$r" | sort -u | wc -l)" -eq 1
check pipe_head_no_process_left test -z "$(ours_running "$T/head")"
# What reads the folder says it was stopped, rather than guess at another sweep; report exits 4
# (a stopped run is not finished: it cannot be read whole), its report.md written all the same.
"$CLX" report "$rundir" --quiet > "$T/head-report.log" 2>&1; rc=$?
check pipe_head_report_exit test "$rc" -eq 4
# (The second line may come before the first row or after: a run stopped before its first row says
# that it has none.)
check pipe_head_report_says_stopped grep -Eq "was stopped by SIGPIPE \(stdout closed\) at .* with [0-9]* rows|has no rows: it was stopped by SIGPIPE \(stdout closed\) before its first row" "$T/head-report.log"
# and so does report.md, which a reader opens without the console: its first lines, not an
# "(unfinished)" that reads as a sweep still going.
check pipe_head_report_md_stopped grep -Eq "^\*\*(Part of a sweep:\*\* .* was stopped by SIGPIPE \(stdout closed\) at .* with [0-9]* rows|No rows:\*\* .* has no rows: it was stopped by SIGPIPE \(stdout closed\))" "$rundir/report.md"
check pipe_head_report_md_run_line grep -q "^| run | .* to .* (stopped by SIGPIPE (stdout closed)) on host" "$rundir/report.md"
"$CLX" run --resume "$rundir" --quiet > "$T/head-resume.log" 2>&1; rc=$?
check pipe_head_resume_completes test "$rc" -eq 0 -a "$(tsv_rows "$r")" -eq 6
check pipe_head_resume_each_once test "$(tsv_col "$r" variant | wc -l)" -eq 6
check pipe_head_resume_finished sh -c "grep -q '\"finished\"' '$rundir/run.json' && ! grep -qP '^\\t\"interrupted_by\"' '$rundir/run.json' &&
    grep -q '\"interruptions\"' '$rundir/run.json'"

# The reader gone once every row is in results.tsv (clx run ... | head -n 12, which has its lines
# when the summary comes): nothing is lost that --resume would add, so the run is whole. Whenever
# the stop is seen (in what follows the sweep, at the summary, or not before the run ended), run.json
# says finished and not interrupted, a stop seen is said with exit 141, and clx report offers no resume.
# (The reader stops waiting once clx has exited, whatever it wrote: a failed run fails the checks.)
rm -rf "$T/late" "$T/late.rc"; mkdir -p "$T/late"
{ "$CLX" run vecsum --quick --set variant=naive --out "$T/late" 2> "$T/late.err"; echo $? > "$T/late.rc"; } |
    { while [ ! -e "$T/late.rc" ] &&
            [ "$(tsv_rows "$(ls -d "$T/late"/vecsum-*-* 2>/dev/null | head -n 1)/results.tsv" 2>/dev/null)" != 4 ]; do
          sleep 0.05; done; exec 0<&-; }
rc=$(cat "$T/late.rc")
rundir=$(ls -d "$T/late"/vecsum-*-* | head -n 1)
check pipe_late_exit test "$rc" -eq 0 -o "$rc" -eq 141
check pipe_late_said sh -c "[ $rc -eq 0 ] || grep -q '^clx: stopped by SIGPIPE (stdout closed) as the run ended: its results are complete' '$T/late.err'"
check pipe_late_no_resume_hint sh -c "! grep -q -- '--resume' '$T/late.err'"
check pipe_late_finished sh -c "grep -q '\"finished\"' '$rundir/run.json' && ! grep -q '\"interrupted' '$rundir/run.json'"
"$CLX" report "$rundir" --quiet > "$T/late-report.log" 2>&1; rc=$?
check pipe_late_report_whole sh -c "[ $rc -eq 0 ] && ! grep -qi 'part of a sweep\|--resume' '$T/late-report.log' '$rundir/report.md'"

# Closed before the run writes anything: stopped before its first row, whatever the machine's speed.
closed before "$CLX" run vecsum --quick --set variant=naive --out "$T/before"
rundir=$(ls -d "$T/before"/*-*-* 2>/dev/null | head -n 1)
check pipe_before_exit_141 test "$rc" -eq 141
check pipe_before_run_json interrupted_by_pipe "$rundir"
check pipe_before_no_rows test "$(tsv_rows "$rundir/results.tsv")" -eq 0
check pipe_before_resume_hint grep -q "^clx: to continue: .* run --resume $rundir\$" "$T/before.err"
# clx compare says why nothing is in common: a stopped run, not another sweep (against a copy:
# one folder named twice is refused as the same run).
cp -r "$rundir" "$T/before-copy"
"$CLX" compare "$rundir" "$T/before-copy" --out "$T/cmp" > "$T/cmp.log" 2>&1; rc=$?
check pipe_compare_exit_4 test "$rc" -eq 4
check pipe_compare_says_stopped grep -q 'a run that did not finish (stopped, unfinished or still running, above) has them once resumed or ended' "$T/cmp.log"
# clx report says it in one line, with the --resume that measures the sweep, and no plot's reason
# for having no row (none failed; the sweep has build=default); exit 4: nothing to report.
"$CLX" report "$rundir" > "$T/before-report.log" 2>&1; rc=$?
check pipe_before_report_exit_4 test "$rc" -eq 4
check pipe_before_report_one_line test "$(wc -l < "$T/before-report.log")" -eq 1
check pipe_before_report_says grep -q "^clx: report: $rundir has no rows: it was stopped by SIGPIPE (stdout closed) before its first row; .* run --resume $rundir measures its sweep" "$T/before-report.log"
check pipe_before_report_md_no_rows sh -c "grep -q '^\*\*No rows:\*\*' '$rundir/report.md' && ! grep -q '^## ' '$rundir/report.md'"

# Several devices (PoCL's two pthread devices): the stop goes on to each device's process; none of
# the folders made says finished, and the way on is said on stderr, the stream still read.
closed multi env POCL_DEVICES="pthread pthread" "$CLX" run vecsum --quick --set variant=naive --device all --out "$T/multi"
check pipe_multi_exit_141 test "$rc" -eq 141
check pipe_multi_said grep -q 'stdout closed); to continue:' "$T/multi.err"
check pipe_multi_one_out sh -c "! grep -qE -- '--out .* --out ' '$T/multi.err'"
check pipe_multi_none_finished test -z "$(grep -l '"finished"' "$T"/multi/vecsum-*/run.json 2>/dev/null)"
# all_interrupted_by_pipe DIR: every run folder under DIR (none, where the stop came before the
# first device started) says interrupted by a closed stdout.
all_interrupted_by_pipe() {
    for _d in "$1"/vecsum-*; do
        [ -e "$_d" ] || continue
        [ -L "$_d" ] || interrupted_by_pipe "$_d" || return 1
    done
}
check pipe_multi_interrupted all_interrupted_by_pipe "$T/multi"

# Several devices with the reader gone once the run has begun (head -n 1): the devices are stopped
# then, not after the first has run its whole sweep (6 configurations of 100 trials each).
{ POCL_DEVICES="pthread pthread" "$CLX" run $SWEEP --device all --out "$T/multihead" 2> "$T/multihead.err"
  echo $? > "$T/multihead.rc"; } | head -n 1 > /dev/null
rc=$(cat "$T/multihead.rc")
check pipe_multihead_exit_141 test "$rc" -eq 141
check pipe_multihead_none_finished test -z "$(grep -l '"finished"' "$T"/multihead/vecsum-*/run.json 2>/dev/null)"
check pipe_multihead_interrupted all_interrupted_by_pipe "$T/multihead"

# Another clx holds the device's turn (flock on its lock file, held until this test lets go): a run
# whose reader is gone does not wait for that turn, as ^C's would not.
lock=$(ls "$TMPDIR"/clx-device-*.lock 2>/dev/null | head -n 1)
if [ -n "$lock" ] && command -v flock > /dev/null; then
    # The holder becomes the sleep itself (exec), the lock on its descriptor 9: killing it lets go.
    sh -c 'exec 9> "$1"; flock 9; exec sleep 600' holder "$lock" &
    holder=$!
    for _i in $(seq 100); do flock -n "$lock" true || break; sleep 0.1; done
    closed locked timeout 300 "$CLX" run vecsum --quick --set variant=naive --out "$T/locked"
    check pipe_locked_exit_141 test "$rc" -eq 141
    check pipe_locked_holder_still_holds sh -c "kill -0 $holder && ! flock -n '$lock' true"
    kill "$holder" 2> /dev/null
    wait "$holder" 2> /dev/null
else
    skip pipe_locked_exit_141 "no device lock file made by the runs above, or no flock(1)"
fi

# Other commands into a closed pipe: not killed by SIGPIPE; they finish their files and exit as
# usual, their messages on stderr still said.
closed list "$CLX" list
check pipe_list_exit_0 test "$rc" -eq 0
closed help "$CLX" help run
check pipe_help_exit_0 test "$rc" -eq 0
rundir=$(ls -d "$T/head"/*-*-* | head -n 1)
rm -f "$rundir/report.md"
closed report "$CLX" report "$rundir"
check pipe_report_exit_0 test "$rc" -eq 0
check pipe_report_written test -s "$rundir/report.md"
closed report_bad "$CLX" report "$T/no-such-run"
check pipe_report_error_said test "$rc" -eq 4 -a -s "$T/report_bad.err"
finish
