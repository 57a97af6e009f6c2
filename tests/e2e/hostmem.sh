# hostmem.sh — the host's memory: a configuration whose buffers and host copies would not fit what
# the host has available is skipped, saying both figures, and the run goes on; one that fits but not
# with the reference's probe beside it runs, the probe postponed (CLX_MEM_AVAILABLE stands in for
# MemAvailable, so nothing here takes much memory); a worker dead of a SIGKILL that clx did not
# send, as the kernel's out-of-memory killer sends it, has its row name that likely killer, how to
# check, and what the configuration's buffers take.
. tests/e2e/lib.sh
T=$TMP/hostmem
rm -rf "$T"; mkdir -p "$T"
spec=tests/e2e/fixtures/worker.spec
# rows_at FILE N STATUS: the rows of problem size N with that status.
rows_at() {
    awk -F'\t' -v n="$2" -v st="$3" '/^#/ { next }
        !h { for (i = 1; i <= NF; i++) { if ($i == "N") c = i; if ($i == "status") s = i } h = 1; next }
        $c == n && $s == st { k++ } END { print k + 0 }' "$1"
}

# 4 MB available: N=4099 (about 0.3 MiB with its guard zones) runs; N=400000 does not fit: its three
# 1.6 MB buffers, which PoCL's CPU device keeps in the host's memory, their guard zones and the
# expected output's copy on the device (6.3 MiB), and clx's host copies (6.1 MiB: two inputs, the
# output's read-back room and its expected values).
export CLX_MEM_AVAILABLE=4000000
run_clx "$T/some" run $spec --set variant=good --set N=4099,400000
t=$rundir/results.tsv
check some_exit_0 test "$rc" -eq 0
check some_small_ok test "$(rows_at "$t" 4099 ok)" -eq 2
check some_large_skipped test "$(rows_at "$t" 400000 skipped)" -eq 2
check some_reason_bytes grep -qF "the configuration needs 12.4 MiB of the host's memory, more than the" "$t"
check some_reason_source grep -qF "available (CLX_MEM_AVAILABLE" "$t"
check some_reason_parts grep -qF "6.3 MiB of buffers on a device whose memory is the host's (a CPU device) and 6.1 MiB of clx's host copies (inputs, read-back room, expected outputs)" "$t"
check some_said grep -qF "skipped good default N=400000 local=32: the configuration needs 12.4 MiB of the host's memory" "$T/some.log"
# Unchecked outputs keep no expected values: less to find room for.
run_clx "$T/noverify" run $spec --set variant=good --set N=400000 --no-verify
check noverify_less grep -qF "needs 9.3 MiB of the host's memory" "$rundir/results.tsv"
check noverify_no_probe test "$(grep -c "reference's probe" "$rundir/results.tsv")" -eq 0

# The reference's probe (its second run, once a worker, over copies of the inputs) takes the inputs'
# bytes again and its answers' (4.6 MiB at N=400000): 15 MB available holds N=400000's 12.4 MiB but
# not with the probe beside it. Alone, N=400000 is where the probe is due: its rows run all the same,
# verified, the probe postponed to a configuration it fits, and where none came the run's end says
# once that it never ran; after N=4099 was probed, N=400000 runs with nothing to say.
export CLX_MEM_AVAILABLE=15000000
run_clx "$T/probe" run $spec --set variant=good --set N=400000
check probe_exit_0 test "$rc" -eq 0
check probe_ran_ok test "$(rows_at "$rundir/results.tsv" 400000 ok)" -eq 2
check probe_rows_silent test "$(grep -c "probe" "$rundir/results.tsv")" -eq 0
check probe_never_said test "$(grep -c "the reference's probe (its second run, once a worker: does it read its output?) never ran: no configuration left the host room for its copies (4.6 MiB at the least" "$T/probe.log")" -eq 1
check probe_never_why grep -qF "its rows are verified, but whether the reference reads an output before writing it, or an input before its start, was not checked" "$T/probe.log"
run_clx "$T/probed" run $spec --set variant=good --set N=4099,400000
check probed_exit_0 test "$rc" -eq 0
check probed_large_ok test "$(rows_at "$rundir/results.tsv" 400000 ok)" -eq 2
check probed_silent test "$(grep -c "never ran" "$T/probed.log")" -eq 0
# The probe made by a worker that a launch past --timeout ended: the worker after it (which probes
# anew, and here finds no room at N=400000) does not say at the end that it never ran; where no
# worker made it before the timeout (the hang first), the end says so as ever.
"$CLX" run $spec --set variant=good,hang --set N=4099,400000 --timeout 3 $FEW --out "$T/restart" > "$T/restart.log" 2>&1
rundir=$(ls -d "$T"/restart/worker-* | head -n 1)
check restart_premise test "$(rows_at "$rundir/results.tsv" 4099 timeout)$(rows_at "$rundir/results.tsv" 400000 ok)$(grep -c 'a new worker goes on' "$T/restart.log")" = 121
check restart_probe_not_unmade test "$(grep -c "never ran" "$T/restart.log")" -eq 0
"$CLX" run $spec --set variant=hang,good --set N=400000 --timeout 3 $FEW --out "$T/restart0" > "$T/restart0.log" 2>&1
check restart_unprobed_said test "$(grep -c "the reference's probe (its second run, once a worker: does it read its output?) never ran" "$T/restart0.log")" -eq 1
# Alike across sessions: stopped after N=4099's round (probed), resumed with N=400000 alone left.
CLX_STOP_AFTER_ROUNDS=1 "$CLX" run $spec --set variant=good --set N=4099,400000 --set local=32 $FEW --out "$T/sess" > "$T/sess.log" 2>&1
rundir=$(ls -d "$T"/sess/worker-* | head -n 1)
check session_premise test "$(rows_at "$rundir/results.tsv" 4099 ok)$(rows_at "$rundir/results.tsv" 400000 ok)" = 10
check session_probed_kept grep -qE '"ref_probed":[[:space:]]*true' "$rundir/run.json"
"$CLX" run --resume "$rundir" > "$T/sess-resume.log" 2>&1; rc=$?
check session_resumed test "$rc" -eq 0 -a "$(rows_at "$rundir/results.tsv" 400000 ok)" -eq 1
check session_probe_not_unmade test "$(grep -c "never ran" "$T/sess-resume.log")" -eq 0
# 10 MB available holds N=400000 not even without the probe: skipped as before, its note the
# configuration's own bytes, not the probe's, and no probe said at the end (no row was verified).
export CLX_MEM_AVAILABLE=10000000
run_clx "$T/noroom" run $spec --set variant=good --set N=400000
check noroom_exit_3 test "$rc" -eq 3
check noroom_skipped test "$(rows_at "$rundir/results.tsv" 400000 skipped)" -eq 2
check noroom_reason grep -qF "the configuration needs 12.4 MiB of the host's memory, more than the 9.5 MiB available (CLX_MEM_AVAILABLE): 6.3 MiB of buffers on a device whose memory is the host's (a CPU device) and 6.1 MiB of clx's host copies (inputs, read-back room, expected outputs)" "$rundir/results.tsv"
check noroom_no_probe test "$(grep -c "probe" "$rundir/results.tsv" "$T/noroom.log" | awk -F: '{ n += $2 } END { print n }')" -eq 0

# Nothing fits: every row skipped, exit 3 (nothing ran), as when every buffer is above the device's
# CL_DEVICE_MAX_MEM_ALLOC_SIZE.
export CLX_MEM_AVAILABLE=0
run_clx "$T/none" run $spec --set variant=good
check none_exit_3 test "$rc" -eq 3
check none_all_skipped test "$(tsv_count "$rundir/results.tsv" status skipped)" -eq 2

# A value that is no number of bytes is said and the host's own figure read instead.
export CLX_MEM_AVAILABLE=lots
run_clx "$T/typo" run $spec --set variant=good
check typo_said grep -qF "ignoring CLX_MEM_AVAILABLE='lots': not a number of bytes" "$T/typo.log"
check typo_runs test "$rc" -eq 0
unset CLX_MEM_AVAILABLE

# SIGKILL that clx did not send: the kernel sends it at a CPU-time limit too (ulimit -t: soft and
# hard alike), which the launch that never ends reaches however loaded the machine; everything
# before it takes under 2 s of CPU on PoCL, uncached. --timeout 600 keeps clx's own watchdog out.
rm -rf "$T/killed"; mkdir -p "$T/killed"
(ulimit -t 6; exec "$CLX" run $spec --set variant=good,hang --timeout 600 --out "$T/killed" --quiet) \
    > "$T/killed.log" 2>&1
rc=$?
rundir=$(ls -d "$T"/killed/*-*-* 2>/dev/null | head -n 1)
t=$rundir/results.tsv
check killed_exit_1 test "$rc" -eq 1
check killed_good_ok test "$(tsv_count "$t" status ok)" -eq 2
# The configuration in flight alone is crashed (flagged for a resume to try once more); the other of
# its variant and build was not run, and says the resume measures it.
check killed_rows_crashed test "$(tsv_count "$t" status crashed)" -eq 1 -a "$(tsv_count "$t" status stopped)" -eq 1
check killed_row_retry test "$(grep -c 'crash-retry' "$t")" -eq 1
check killed_row_guess grep -qF "the worker process died of signal 9 (Killed) running this configuration: clx sends no SIGKILL there, so another process sent it: the kernel's out-of-memory killer (\`dmesg\` or \`journalctl -k\` shows 'Killed process' with the pid if so), a job's hard limit or a kill -9" "$t"
check killed_row_bytes grep -qF "; it takes 256.0 KiB of buffers on a device whose memory is the host's (a CPU device) and 64.0 KiB of clx's host copies (inputs, read-back room, expected outputs); the rest of this variant and build is not run in this sweep: clx run --resume measures it" "$t"
check killed_other_row grep -qF "not run: the worker process died of signal 9 (Killed) with this variant and build at local=32: clx sends no SIGKILL there, so another process sent it: the kernel's out-of-memory killer" "$t"
check killed_other_resumed grep -q "a job's hard limit or a kill -9; clx run --resume measures it" "$t"
check killed_resume_said grep -qF "run --resume $rundir measures them and tries the crashed once more" "$T/killed.log"
check killed_said grep -qF "variant hang, build default: the worker process died of signal 9 (Killed): clx sends no SIGKILL there, so another process sent it: the kernel's out-of-memory killer" "$T/killed.log"
finish
