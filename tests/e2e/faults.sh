# faults.sh — what the system says reaches the user with its reason: a spec without verify gives
# unverified rows (never counted ok, no "(null)"); a cache folder that is a file is "Not a
# directory"; a file-size limit ends builds with one line each and leaves no temporary file; one
# device, one timing run: a second run waits for its turn (saying who holds it; ^C ends the wait),
# or with --share-device runs at once, and the rows timed while both ran are flagged shared in
# both, as are those of two --share-device runs at once. Every claim is a word or a count that load
# cannot change: the device's turn is held by flock(1) for as long as the check needs it, and a
# sharer by the host lock its reference waits at.
. tests/e2e/lib.sh
T=$TMP/faults
rm -rf "$T"; mkdir -p "$T"
own_locks

# A spec without verify: every row unverified and said so; the summary counts them apart from ok.
run_clx "$T/nv" run tests/e2e/fixtures/noverify.spec
t=$rundir/results.tsv
check noverify_spec_exit test "$rc" -eq 0
check noverify_spec_rows test "$(tsv_count "$t" status unverified)" -eq 2
check noverify_spec_note test "$(tsv_count "$t" note 'the spec declares no verify')" -eq 2
check noverify_spec_no_null test -z "$(grep -F '(null)' "$T/nv.log" "$t")"
check noverify_spec_said grep -q 'declares no verify: every row is unverified' "$T/nv.log"
check noverify_spec_summary grep -q '^clx: 0 ok, 2 unverified, 0 FAIL' "$T/nv.log"
check noverify_spec_json grep -qE '"unverified":[[:space:]]*2' "$rundir/run.json"
run_clx "$T/nv2" run vecsum --quick --set variant=naive --no-verify
check noverify_flag_summary grep -q '^clx: 0 ok, 4 unverified, 0 FAIL' "$T/nv2.log"

# A cache folder that is a file: the system's reason, and the run goes on uncached.
mkdir -p "$T/home/.cache"; : > "$T/home/.cache/clx"
HOME=$PWD/$T/home XDG_CACHE_HOME= "$CLX" run vecsum --quick --set variant=naive --out "$T/cf" > "$T/cf.log" 2>&1; rc=$?
check cache_file_exit test "$rc" -eq 0
check cache_file_reason grep -q "cannot store built programs in .*/home/.cache/clx: Not a directory" "$T/cf.log"

# A cache entry whose load never returned (its marker names a process that is gone: a driver that
# crashed loading it) is removed and built afresh, said once; the next run loads the new one.
C=$PWD/$T/lcache
# builds OUT: "compiled loaded" from the run's run.json.
builds() {
    tr -d ' \t\n' < "$(ls -d "$1"/*-*-* | head -n 1)/run.json" |
        sed -n 's/.*"builds_compiled":\([0-9]*\),"builds_from_cache":\([0-9]*\).*/\1 \2/p'
}
XDG_CACHE_HOME=$C "$CLX" run vecsum --quick --set variant=naive --out "$T/l1" --quiet > "$T/l1.log" 2>&1
entry=$(ls "$C"/clx/* | head -n 1)
dead=$(sh -c 'echo $$')
echo "$dead" > "$entry.loading"
XDG_CACHE_HOME=$C "$CLX" run vecsum --quick --set variant=naive --out "$T/l2" --quiet > "$T/l2.log" 2>&1; rc=$?
check cache_crashed_load_exit test "$rc" -eq 0
check cache_crashed_load_said test "$(grep -c 'was being loaded when its process died: removed, building instead' "$T/l2.log")" -eq 1
check cache_crashed_load_rebuilt test "$(builds "$T/l2")" = "1 1"
check cache_crashed_marker_gone test ! -e "$entry.loading"
XDG_CACHE_HOME=$C "$CLX" run vecsum --quick --set variant=naive --out "$T/l3" --quiet > "$T/l3.log" 2>&1
check cache_crashed_then_loaded test "$(builds "$T/l3")" = "0 2"

# A file-size limit (ulimit -f, in 512-byte blocks under sh): writes past it fail (EFBIG) instead
# of SIGXFSZ killing the process; what the driver does then is the driver's (PoCL's LLVM exits),
# one line per build; no temporary file is left.
(ulimit -f 40; XDG_CACHE_HOME=$PWD/$T/fcache "$CLX" run vecsum --quick --out "$T/fs" > "$T/fs.log" 2>&1; echo $? > "$T/fs.rc")
rc=$(cat "$T/fs.rc")
check fsize_not_killed test "$rc" -ne $((128 + 25)) -a -z "$(grep 'signal 25' "$T/fs.log")"
check fsize_finished grep -qE '^clx: [0-9]+ ok, .*; results in' "$T/fs.log"
# The set-up's own kernels (the timer check, the blocking kernel) are built too: where the driver
# exits there, a new worker goes on without them (its rows by the device's events), said once (the
# cache is fresh: PoCL compiles them).
check fsize_setup_kernels_said test "$(grep -c 'in clx.s set-up kernels (the timer check, the blocking kernel, the latencies), in the OpenCL driver: a new worker goes on' "$T/fs.log")" -eq 1
check fsize_no_tmp test -z "$(find "$T/fs" "$T/fcache" -name '*.tmp' 2>/dev/null)"
check fsize_lines_per_build test "$(grep -c '^clx: ' "$T/fs.log")" -le 40
# Where the driver ends the worker in a variant's build, what it wrote on stderr there was caught in
# the build's logs/VARIANT__BUILD.stderr (not the console's): the supervisor's line gives its last line,
# and the build's log, written by the next worker, begins with it.
check fsize_build_driver_said grep -q "while building it; the driver's last line on stderr: \"LLVM ERROR: .*\" (logs/[a-z0-9_]*__[a-z0-9_-]*\.stderr)" "$T/fs.log"
check fsize_build_log_has_it test -n "$(grep -l '^# the driver wrote on stderr in this build before the worker died' "$T"/fs/*-*-*/logs/*.log)"
# The log names where the catch is kept as true of a merged run too, which leaves it in the shard's folder.
check fsize_build_log_where test -n "$(grep -l '^# the driver wrote on stderr in this build before the worker died (kept in logs/.*\.stderr of the run that built it' "$T"/fs/*-*-*/logs/*.log)"

# The device's turn. Its lock file is named in run.json.
lock=$(sed -n 's/.*"device_lock":[[:space:]]*"\([^"]*\)".*/\1/p' "$rundir/run.json")
check lock_named test -n "$lock" -a -e "$lock"
check lock_held_said grep -qE '"device_turn":[[:space:]]*"held"' "$rundir/run.json"
# hold_lock and waiting_in (lib.sh) hold the turn and wait for the run to say it waits.
# Another holds it until the run has said that it waits: then the run goes on.
hold_lock -x "$lock"
"$CLX" run vecsum --quick --set variant=naive --out "$T/w" --quiet > "$T/w.log" 2>&1 & pid=$!
waiting_in "$T/w.log"
kill $holder; wait $holder 2>/dev/null
wait $pid; rc=$?
check lock_wait_exit test "$rc" -eq 0
check lock_wait_said grep -q 'is being timed by another clx (.*); waiting for its turn' "$T/w.log"
check lock_wait_over grep -q 'is free now; this run goes on' "$T/w.log"
check lock_wait_not_shared test -z "$(grep -l shared "$T"/w/*-*-*/results.tsv)"
# The wait is a part of the time line of its own, not the device's set-up.
check lock_wait_timed grep -qE '"waiting_for_another_clx":[[:space:]]*[0-9.]*[1-9]' "$T"/w/*-*-*/run.json
# ^C while waiting: the run ends at once (130), nothing written, and says so (it ended unsaid, after
# "stopping after the launch in flight", where no launch was); --dir-file's file stays empty: no
# folder was made.
hold_lock -x "$lock"
echo stale > "$T/c.dirfile"
"$CLX" run vecsum --quick --set variant=naive --out "$T/c" --dir-file "$T/c.dirfile" > "$T/c.log" 2>&1 & pid=$!
waiting_in "$T/c.log"
kill -INT $pid; wait $pid; rc=$?
check lock_wait_interrupt test "$rc" -eq 130 -a -z "$(ls "$T/c" 2>/dev/null)"
check lock_wait_interrupt_said grep -q "^clx: stopped by SIGINT while waiting for the device's turn: nothing was run, no results folder made\$" "$T/c.log"
check lock_wait_interrupt_dir_file test -f "$T/c.dirfile" -a ! -s "$T/c.dirfile"
check lock_wait_interrupt_no_launch test -z "$(grep 'after the launch in flight' "$T/c.log")"
# What needs no turn is checked before the wait for it: behind a sweep of hours, a typo in the plan
# (--set, --local, --size, --build, the spec's restrictions), a --peaks or --resume folder that is
# no such run, a --resume of a run that finished, and one whose run.json is not this run (another
# experiment, another seed) are said at once, not when the turn comes.
# before_turn NAME ARGS...: clx run ARGS while the turn is held: it ends (exit in $rc, console in
# $T/NAME.log) or says it waits, and is then ended; it must not have waited.
before_turn() {
    _bn=$1; shift
    "$CLX" run "$@" > "$T/$_bn.log" 2>&1 & _bp=$!
    _i=0; while kill -0 $_bp 2>/dev/null && ! grep -q 'waiting for its turn' "$T/$_bn.log" 2>/dev/null && [ $_i -lt 600 ]; do
        sleep 0.1; _i=$((_i + 1)); done
    kill $_bp 2>/dev/null; wait $_bp; rc=$?
    check "${_bn}_not_waiting" test -z "$(grep 'waiting for its turn' "$T/$_bn.log")"
}
before_turn early_set vecsum --quick --set FOO=1 --out "$T/early"
check early_set_said test "$rc" -eq 2 -a -n "$(grep "'FOO' is not an axis of vecsum" "$T/early_set.log")"
before_turn early_local vecsum --quick --local 4096:1 --out "$T/early"
check early_local_said test "$rc" -eq 2 -a -n "$(grep -- "--local 4096:1: range '4096:1' is empty" "$T/early_local.log")"
before_turn early_build vecsum --quick --build -cl-bogus --out "$T/early"
check early_build_said test "$rc" -eq 2 -a -n "$(grep -- "--build -cl-bogus: build option -cl-bogus is not an OpenCL C build option" "$T/early_build.log")"
before_turn early_restrictions sgemm --quick --set KWI=3 --out "$T/early"
check early_restrictions_said test "$rc" -eq 2 -a -n "$(grep 'the restrictions leave no configuration' "$T/early_restrictions.log")"
before_turn early_peaks vecsum --quick --peaks "$T/no-such-peaks" --out "$T/early"
check early_peaks_said test "$rc" -eq 4 -a -n "$(grep -- "--peaks $T/no-such-peaks: " "$T/early_peaks.log")"
before_turn early_resume_missing vecsum --quick --resume "$T/no-such-run"
check early_resume_missing_said test "$rc" -eq 4 -a -n "$(grep "cannot resume $T/no-such-run: No such file or directory" "$T/early_resume_missing.log")"
check early_nothing_written test ! -e "$T/early"
before_turn early_resume_finished --resume "$rundir"
check early_resume_finished_said test "$rc" -eq 0 -a -n "$(grep "^clx: --resume $rundir: that run finished" "$T/early_resume_finished.log")"
# A --resume that is not the run in its folder: another experiment's (rundir is vecsum's), and a
# stopped run's (its stdout closed before it began: stopped before it waited, its folder made)
# resumed with another seed.
before_turn early_resume_other tests/e2e/fixtures/noverify.spec --resume "$rundir"
check early_resume_other_said test "$rc" -eq 4 -a -n "$(grep "^clx: cannot resume $rundir: this run differs from the interrupted one in the experiment" "$T/early_resume_other.log")"
rm -f "$T/gone"
{ while [ ! -e "$T/gone" ]; do sleep 0.05; done
  "$CLX" run vecsum --quick --set variant=naive --out "$T/stopped" 2> "$T/stopped.log"; } | { exec 0<&-; : > "$T/gone"; }
stopped=$(ls -d "$T"/stopped/*-*-* 2>/dev/null | head -n 1)
check early_resume_stopped_made sh -c "test -n '$stopped' && grep -q '\"interrupted\"' '$stopped/run.json'"
before_turn early_resume_seed vecsum --quick --set variant=naive --seed 9 --resume "$stopped"
check early_resume_seed_said test "$rc" -eq 4 -a -n "$(grep "^clx: cannot resume $stopped: this run differs from the interrupted one in the seed" "$T/early_resume_seed.log")"
# --share-device while another holds the turn: runs at once, every row flagged shared and said.
run_clx "$T/s" run vecsum --quick --set variant=naive --share-device
kill $holder; wait $holder 2>/dev/null
check share_exit test "$rc" -eq 0
check share_rows_flagged test "$(tsv_col "$rundir/results.tsv" flag | grep -c shared)" -eq 4
check share_said grep -q '^clx: 4 rows flagged shared: another clx ran on this device while they ran (--share-device is what lets two run at once)' "$T/s.log"
check share_json grep -qE '"device_turn":[[:space:]]*"shared"' "$rundir/run.json"
# A --share-device run held inside its sharing: it has its results folder (it took its part in the
# device before it made it), and its first row's host reference waits at the host lock, which
# flock(1) holds, so it cannot end before let_go. Runs beside it take no host lock (--no-verify).
# sharer_held OUT: that run, in the background ($held).
sharer_held() {
    hold_lock -x "$TMPDIR/clx-host-$(id -u).lock"
    rm -rf "$1"; mkdir -p "$1"
    "$CLX" run vecsum --quick --set variant=naive --share-device --out "$1" --quiet > "$1.log" 2>&1 & held=$!
    i=0; while ! ls "$1"/*-*-*/results.tsv > /dev/null 2>&1 && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
}
# let_go OUT: the held run goes on to its end: $rc its exit, $rundir its folder.
let_go() {
    kill $holder; wait $holder 2>/dev/null
    wait $held; rc=$?
    rundir=$(ls -d "$1"/*-*-* 2>/dev/null | head -n 1)
}
flagged() { tsv_col "$rundir/results.tsv" flag | grep -c shared; }
# The holder's side: a --share-device run beside it flags its rows too.
sharer_held "$T/hs"
run_clx "$T/h" run vecsum --quick --set variant=naive --no-verify
check share_holder_flagged test "$(flagged)" -eq 4
let_go "$T/hs"
check share_holder_sharer_exit test "$rc" -eq 0
# Two --share-device runs at once see each other: every row of the one that ran while the other
# was held is flagged (each had seen only a holder of the turn, and flagged nothing).
sharer_held "$T/sa"
run_clx "$T/sb" run vecsum --quick --set variant=naive --no-verify --share-device
check sharers_exit test "$rc" -eq 0
check sharers_flagged test "$(flagged)" -eq 4
check sharers_said grep -q '^clx: 4 rows flagged shared: another clx ran on this device while they ran (--share-device is what lets two run at once)' "$T/sb.log"
check sharers_json grep -qE '"device_turn":[[:space:]]*"shared"' "$rundir/run.json"
check sharers_counted test "$(tr -d ' \t\n' < "$rundir/run.json" | grep -o '"counts":{[^}]*}' | grep -o '"shared":[0-9]*')" = '"shared":4'
# The held one goes on once the other has ended, which counts no more: only its first row's first
# round can have been timed while the other ran (the rest waited behind its reference).
let_go "$T/sa"
check sharers_held_exit test "$rc" -eq 0
check sharers_ended_not_counted test "$(flagged)" -le 1
# Alone again, taking the turn or sharing it: nothing flagged.
run_clx "$T/a" run vecsum --quick --set variant=naive
check alone_not_flagged test "$(flagged)" -eq 0
run_clx "$T/as" run vecsum --quick --set variant=naive --share-device
check alone_sharer_not_flagged test "$(flagged)" -eq 0
finish
