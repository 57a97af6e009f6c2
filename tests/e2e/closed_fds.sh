# closed_fds.sh — clx started with stdin, stdout or stderr closed (>&-, 2>&-, <&-) runs as it would
# with them on /dev/null: the first file it opens does not take the closed number, so no console
# text lands in the device's lock file (which every clx on the host reads to say who holds the
# device), and a run whose stdout was closed from the start has no reader to lose: it finishes and
# exits 0 when every row verified (not 141, the stop of a pipe whose reader went away). Only exit
# statuses, files' contents and counts are checked, never a time.
. tests/e2e/lib.sh
T=$TMP/closed_fds
rm -rf "$T"; mkdir -p "$T"
own_locks
SWEEP="vecsum --quick --set variant=naive"

# finished DIR: DIR's one run finished, every row ok.
finished() {
    _d=$(ls -d "$1"/*-*-* 2>/dev/null | head -n 1)
    [ -n "$_d" ] && grep -q '"finished"' "$_d/run.json" && ! grep -q interrupted "$_d/run.json" &&
        [ "$(tsv_rows "$_d/results.tsv")" -gt 0 ] &&
        [ "$(tsv_count "$_d/results.tsv" status ok)" -eq "$(tsv_rows "$_d/results.tsv")" ]
}
# locks_clean: no lock file holds anything but the holder's line ("pid N, DEVICE: COMMAND"), and
# no sharers' file anything but its count of runs that started (devlock.c: a number, padded).
locks_clean() {
    ls "$TMPDIR"/clx-device-*.lock > /dev/null 2>&1 || return 1
    ! cat "$TMPDIR"/clx-device-*.lock | grep -qv '^pid [0-9]*, ' || return 1
    ! cat "$TMPDIR"/clx-device-*.lock.sharers 2> /dev/null | grep -qvE '^ *[0-9]+$'
}

# stdout closed: the console goes nowhere, and no stop is said on stderr.
"$CLX" run $SWEEP --out "$T/out" >&- 2> "$T/out.err"; rc=$?
check stdout_closed_exit_0 test "$rc" -eq 0
check stdout_closed_finished finished "$T/out"
check stdout_closed_locks_clean locks_clean
check stdout_closed_no_pipe_stop sh -c "! grep -q 'stdout was closed' '$T/out.err'"

# stderr closed: stdout still gets its lines.
"$CLX" run $SWEEP --out "$T/err" > "$T/err.out" 2>&-; rc=$?
check stderr_closed_exit_0 test "$rc" -eq 0
check stderr_closed_finished finished "$T/err"
check stderr_closed_locks_clean locks_clean
check stderr_closed_stdout_kept grep -q 'results in' "$T/err.out"

# stdin closed.
"$CLX" run $SWEEP --out "$T/in" > "$T/in.log" 2>&1 <&-; rc=$?
check stdin_closed_exit_0 test "$rc" -eq 0
check stdin_closed_finished finished "$T/in"
check stdin_closed_locks_clean locks_clean

# All three closed.
"$CLX" run $SWEEP --out "$T/all" <&- >&- 2>&-; rc=$?
check all_closed_exit_0 test "$rc" -eq 0
check all_closed_finished finished "$T/all"
check all_closed_locks_clean locks_clean
finish
