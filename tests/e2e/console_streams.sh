# console_streams.sh — what clx says about a stop or a failure goes where its reasons are, and reads
# right in a log: "nothing ran (the reasons are above)" on stderr, below the skips' reasons it
# points at (it was on stdout, the reasons on stderr); a stop's message in a log of stderr begins on
# the log's own line, with no blank line before it (one is written only where stderr is a terminal,
# whose line may hold the progress line or the ^C it echoed: checked under script(1) where it is
# installed). Only exit statuses and lines are checked, never a time.
. tests/e2e/lib.sh
T=$TMP/console_streams
rm -rf "$T"; mkdir -p "$T"

# Every configuration skipped (a work-group larger than the device takes): exit 3.
"$CLX" run vecsum --quick --set variant=naive --local 100000 --out "$T/none" > "$T/none.out" 2> "$T/none.err"; rc=$?
check nothing_ran_exit_3 test "$rc" -eq 3
check nothing_ran_on_stderr grep -q '^clx: nothing ran: every configuration was skipped (the reasons are above)$' "$T/none.err"
check nothing_ran_not_on_stdout sh -c "! grep -q 'nothing ran' '$T/none.out'"
check nothing_ran_below_reasons sh -c "test \"\$(grep -n '^clx: skipped ' '$T/none.err' | head -n 1 | cut -d: -f1)\" -lt \
    \"\$(grep -n 'nothing ran' '$T/none.err' | cut -d: -f1)\""

# Stopped as ^C stops it after its first round, stderr into a file: no blank line before the stop.
CLX_STOP_AFTER_ROUNDS=1 "$CLX" run vecsum --quick --set variant=naive --out "$T/stop" > "$T/stop.out" 2> "$T/stop.err"; rc=$?
check stop_exit_130 test "$rc" -eq 130
check stop_said grep -q '^clx: stopping after the launch in flight' "$T/stop.err"
check stop_no_blank_line_in_log sh -c "! grep -q '^\$' '$T/stop.err'"
# On a terminal (script(1) gives the run one for stdout and stderr both): the stop begins a line of
# its own, whatever the progress line held when it came (a line break is written before it).
if command -v script > /dev/null 2>&1; then
    CLX_STOP_AFTER_ROUNDS=1 script -qec "$CLX run vecsum --quick --set variant=naive --out '$T/tty'" /dev/null \
        < /dev/null > "$T/tty.log" 2>&1
    # A line of its own as the terminal shows it: after a line break, or after the progress line's
    # own erase (a carriage return and ESC [K) where the worker redrew it between the supervisor's
    # line break and the stop (two processes on one terminal: the order is the host's).
    cr=$(printf '\r'); esc=$(printf '\033')
    check stop_own_line_on_terminal grep -q "^\(.*$cr$esc\[K\)\{0,1\}clx: stopping after the launch in flight" "$T/tty.log"
else
    skip stop_own_line_on_terminal "script(1) not installed"
fi
finish
