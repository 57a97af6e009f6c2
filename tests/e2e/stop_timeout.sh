#!/bin/sh
# stop_timeout.sh — one stop from GNU timeout (`timeout -s INT 60 clx run ...`) is one stop: timeout
# sends its signal to clx and then to the process group it made for it, two signals for one stop,
# and where clx ran between the two it took the second for a second ^C ("stopping at once"), losing
# the graceful stop. Here clx stops as after one ^C: said once, every finished row kept, the
# --resume hint, exit 130. timeout is made to send its stop at an event, not after a time: SIGALRM
# to it is its timer running out, and a SIGINT it gets it passes on the same way (to clx, then to
# the group). On one device and on several. Only statuses, messages and counts are checked, never a
# time.
. tests/e2e/lib.sh
T=$TMP/stop_timeout
rm -rf "$T"; mkdir -p "$T"
if ! command -v timeout > /dev/null 2>&1; then
    skip stop_timeout "no timeout(1) here (GNU coreutils)"
    finish
fi
# latehang.spec's first configuration (HANG so high it never hangs) writes its row (one round:
# written as it ends), then the second's eighth launch never ends: the run cannot end before the
# stop, which finds it in that launch (ended for it a second later) or in the launches before. One
# kernel for both: no build is under way when the stop comes (PoCL links a kernel at its first launch
# in a process of clx's group, which the group's SIGINT ends; worker.spec's hang variant was).
SWEEP="tests/e2e/fixtures/latehang.spec --set HANG=100000000,8 --rounds 1 --round-gap 0"

# stop_by_timeout NAME SIG: clx run under timeout -s INT (a limit it never reaches), stopped once
# the first row is written by sending SIG to timeout; $rc is timeout's exit (clx's, with
# --preserve-status), $rundir the run's folder, NAME.log what was said.
stop_by_timeout() {
    out=$T/$1
    mkdir -p "$out"
    timeout --preserve-status -s INT 3600 "$CLX" run $SWEEP --out "$out" > "$out.log" 2>&1 &
    tpid=$!
    # Up to 10 minutes for the rows (a sanitizer's build on a loaded host is slow); the run cannot
    # end without a stop, so the wait ends at the event.
    for _ in $(seq 1 6000); do
        [ "$(cat "$out"/*-*-*/results.tsv 2> /dev/null | grep -vc '^#')" -ge 2 ] && break
        sleep 0.1
    done
    kill "-$2" $tpid
    wait $tpid; rc=$?
    rundir=$(ls -d "$out"/*-*-* 2> /dev/null | head -n 1)
}

# check_one_stop NAME: the run stopped as after one ^C.
check_one_stop() {
    check "timeout_${1}_exit_130" test "$rc" -eq 130
    check "timeout_${1}_said_once" test "$(grep -c '^clx: stopping after the launch in flight; every finished row is kept' "$T/$1.log")" -eq 1
    check "timeout_${1}_not_at_once" test -z "$(grep 'stopping at once' "$T/$1.log")"
    check "timeout_${1}_row_kept" test "$(tsv_count "$rundir/results.tsv" HANG 100000000)" -eq 1 \
        -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 1
    check "timeout_${1}_resume_hint" grep -q "clx: to continue: .* run --resume $rundir" "$T/$1.log"
    check "timeout_${1}_run_json" grep -q '"interrupted_by":[[:space:]]*"SIGINT"' "$rundir/run.json"
}

# The limit reached (timeout's timer: SIGALRM), and a SIGINT to timeout (passed on alike).
stop_by_timeout alarm ALRM
check_one_stop alarm
stop_by_timeout int INT
check_one_stop int

# A run on several devices (--device all): clx hears timeout's stop and its group copy, each
# device's process the group copy and the stop its parent passes on; one stop for all of them.
POCL_DEVICES="pthread pthread"; export POCL_DEVICES
mkdir -p "$T/multi"
timeout --preserve-status -s INT 3600 "$CLX" run $SWEEP --device all --out "$T/multi" > "$T/multi.log" 2>&1 &
tpid=$!
for _ in $(seq 1 6000); do
    [ "$(cat "$T"/multi/latehang-*/results.tsv 2> /dev/null | grep -vc '^#')" -ge 2 ] && break
    sleep 0.1
done
kill -ALRM $tpid
wait $tpid; rc=$?
dir=$(ls -d "$T"/multi/latehang-*-*-* | head -n 1)
check timeout_multi_exit_130 test "$rc" -eq 130
check timeout_multi_said_once test "$(grep -c '^clx: stopping: each device stops after the launch in flight' "$T/multi.log")" -eq 1
check timeout_multi_device_said_once test "$(grep -c '^clx: stopping after the launch in flight' "$dir/console.log")" -eq 1
check timeout_multi_not_at_once sh -c "! grep -q 'stopping at once' '$dir/console.log' '$T/multi.log'"
check timeout_multi_row_kept test "$(tsv_count "$dir/results.tsv" status ok)" -eq 1
finish
