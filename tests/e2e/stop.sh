# stop.sh — stopping a run as a user does: ^C in a terminal (a pseudo-terminal through script(1)),
# SIGINT, SIGTERM and SIGHUP, a second ^C, and a kernel that never ends. clx says at once that it
# stops, stops between two trials (or, with a launch that does not finish, a second later), keeps
# every row whose rounds had begun, exits 128 + the signal, and --resume completes the sweep. Only
# exit statuses, messages, counts and time limits below the watchdog's 60 s (what a stop must beat) are checked.
# clx-test: long (tests/run.sh starts it first)
. tests/e2e/lib.sh
T=$TMP/stop
rm -rf "$T"; mkdir -p "$T"
# 2 configurations, the default build alone; CLX_HOLD_AFTER_ROUNDS=1 (docs/environment.md) holds the
# worker after its first round until the stop comes, so the stop lands mid-sweep however fast the
# machine (a 16-core host ran 6 configurations of 100 trials to their end before a stop sent once
# they were timed could land), and the sweep is small: the resume below measures the rest.
SWEEP="vecsum --size 1M --set variant=naive,float4 --build= --trials 20 --round-gap 0"

# has_row DIR: whether a run folder under DIR has written a row.
has_row() { [ "$(cat "$1"/*-*-*/results.tsv 2>/dev/null | grep -vc '^#')" -ge 2 ]; }
# start OUT ARGS...: clx run in the background, held after its first round; waits until it says
# so (or 60 s).
start() {
    out=$1; shift
    rm -rf "$out"; mkdir -p "$out"
    CLX_HOLD_AFTER_ROUNDS=1 "$CLX" run "$@" --out "$out" > "$out.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 600); do
        grep -q '^clx: CLX_HOLD_AFTER_ROUNDS: held' "$out.log" 2>/dev/null && break
        sleep 0.1
    done
    rundir=$(ls -d "$out"/*-*-* 2>/dev/null | head -n 1)
}
# start_hang OUT ARGS...: clx run in the background; once it times its configurations, 2 s more for
# worker.spec's hang to be the launch in flight (the good variant's first round comes before it; the
# kernel that never ends writes no row). On one PoCL thread (POCL_MAX_PTHREAD_COUNT, PoCL 4's
# POCL_CPU_MAX_CU_COUNT): the hang spins one core until the stop ends it, not every core the host has.
start_hang() {
    out=$1; shift
    rm -rf "$out"; mkdir -p "$out"
    POCL_MAX_PTHREAD_COUNT=1 POCL_CPU_MAX_CU_COUNT=1 "$CLX" run "$@" --out "$out" > "$out.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 600); do grep -q '^clx: [0-9]* configurations* to time' "$out.log" 2>/dev/null && break; sleep 0.1; done
    rundir=$(ls -d "$out"/*-*-* 2>/dev/null | head -n 1)
    for _ in $(seq 1 20); do has_row "$out" && break; sleep 0.1; done
}
# stop_time SIG: sends SIG to the run and waits for it: $rc, and $took in tenths of a second.
stop_time() {
    t0=$(date +%s%N)
    kill "-$1" $pid
    wait $pid; rc=$?
    took=$(( ($(date +%s%N) - t0) / 100000000 ))
}

# SIGINT: said at once, stopped within a few seconds, rows kept, exit 130, --resume completes.
start "$T/int" $SWEEP
stop_time INT
check stop_int_exit_130 test "$rc" -eq 130
# Stopped, not run to its end: before the resume, fewer than its 2 rows ok with every round. The
# time is bounded only loosely (60 s): a loaded 2-core host takes seconds to tear a worker down, a
# 16-core one runs the whole sweep in one, so a tight limit says nothing on either.
whole=$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) { if ($i == "status") s = i; if ($i == "flag") f = i }; h = 1; next }
                    $s == "ok" && $f !~ /(^|,)rounds-cut(,|$)/ { n++ } END { print n + 0 }' "$rundir/results.tsv")
check stop_int_quick test "$took" -lt 600 -a "$whole" -lt 2
check stop_int_said grep -q '^clx: stopping after the launch in flight; every finished row is kept' "$T/int.log"
check stop_int_resume_hint grep -q "clx: to continue: .* run --resume $rundir" "$T/int.log"
check stop_int_rows_whole test "$(awk -F'\t' '{ print NF }' "$rundir/results.tsv" | sort -u | wc -l)" -eq 1
"$CLX" run --resume "$rundir" --quiet > "$T/int-resume.log" 2>&1; rc=$?
check stop_int_resume_completes test "$rc" -eq 0 -a "$(tsv_rows "$rundir/results.tsv")" -eq 2
check stop_int_resume_each_once test "$(tsv_col "$rundir/results.tsv" variant | sort -u | wc -l)" -eq 2

# ^C during rounds: the rows kept with only some of their 5 rounds say so (flag rounds-cut, the
# rounds they have), the stop's message counts them, and --resume measures them again, so that
# every row of the resumed run has its 5 rounds. --round-gap 600 keeps every configuration's later
# rounds for the end (--max-rounds 5: no more for --target-se), and CLX_STOP_AFTER_ROUNDS=6 stops
# the run as ^C does after its 6th round (docs/environment.md), whatever the machine's speed: the 4
# configurations (2 sizes of SWEEP's variants, no build more) then have 1 or 2 rounds each.
rm -rf "$T/cut"; mkdir -p "$T/cut"
CLX_STOP_AFTER_ROUNDS=6 "$CLX" run vecsum --size 1M,2M --set variant=naive,float4 --build '' \
    --trials 20 --max-rounds 5 --round-gap 600 --out "$T/cut" > "$T/cut.log" 2>&1; rc=$?
rundir=$(ls -d "$T/cut"/*-*-* | head -n 1)
r=$rundir/results.tsv
check stop_cut_exit_130 test "$rc" -eq 130
short=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "rounds") n = i; if ($i == "flag") f = i }; next }
                    $n < 5 { s++; if ($f ~ /(^|,)rounds-cut(,|$)/) c++ } END { print s + 0, c + 0 }' "$r")
check stop_cut_flagged test "${short% *}" -eq 4 -a "${short% *}" = "${short#* }"
# Not ok: their status is cut, and run.json counts them so.
check stop_cut_status test "$(tsv_count "$r" status cut)" -eq 4 -a "$(tsv_count "$r" status ok)" -eq 0
check stop_cut_json test "$(grep -o '"cut":[[:space:]]*[0-9]*' "$rundir/run.json" | head -n 1 | tr -dc 0-9)" = 4
check stop_cut_note test "$(grep -c 'stopped by SIGINT after [0-9]* of 5 rounds' "$r")" -eq "${short% *}"
check stop_cut_said grep -q "clx: ${short% *} of them have only some of their rounds (flag rounds-cut): --resume measures them again" "$T/cut.log"
# The gap holds while other configurations run between a row's rounds; the last rows' (a short
# resume's) follow each other, which the line says too (a resume done in seconds contradicted it).
check stop_cut_why_said grep -q "^clx: they began in the last [0-9]* s: a row takes its 5 rounds at least --round-gap 600 s apart while the sweep has other configurations to run between them (more for an episode or --target-se), so a stop cuts every row begun in about its last 2400 s or more; where nothing is left to run between them (the last rows, or a short resume's) they follow each other\$" "$T/cut.log"
"$CLX" run --resume "$rundir" --quiet > "$T/cut-resume.log" 2>&1; rc=$?
check stop_cut_resume_exit test "$rc" -eq 0
check stop_cut_resume_rows test "$(tsv_rows "$r")" -eq 4 -a "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "variant") v = i; if ($i == "N") n = i }; next }
                                                              { print $v, $n }' "$r" | sort -u | wc -l)" -eq 4
check stop_cut_resume_full_rounds test "$(tsv_col "$r" rounds | awk '$1 < 5' | wc -l)" -eq 0
check stop_cut_resume_unflagged test "$(grep -c rounds-cut "$r")" -eq 0
check stop_cut_resume_ok test "$(tsv_count "$r" status ok)" -eq 4

# A stop once the sweep has ended, in what follows it (the device's probes, run.json's last writing):
# said, run.json interrupted, 130, no probes; --resume makes them and ends the run. On a 16-core host
# the sweeps below could end before their signal came, and the worker then died of it unheard:
# CLX_STOP_AFTER_SWEEP (docs/environment.md) stops the run there whatever the machine's speed.
# fixtures/probes.spec's sweep of 2 rows, with one probe of its (peaks' quick sweep and its probes
# took seconds here).
rm -rf "$T/after"; mkdir -p "$T/after"
sed 's/^probes = { run = \[[^]]*\]/probes = { run = [ "launch" ]/' tests/e2e/fixtures/probes.spec > "$T/probes.spec"
cp tests/e2e/fixtures/broken.cl.m4 "$T/"
CLX_STOP_AFTER_SWEEP=1 "$CLX" run "$T/probes.spec" --out "$T/after" > "$T/after.log" 2>&1; rc=$?
rundir=$(ls -d "$T/after"/*-*-* | head -n 1)
check stop_after_sweep_exit_130 test "$rc" -eq 130
check stop_after_sweep_said grep -q "^clx: stopped by SIGINT: 2 rows in $rundir/results.tsv" "$T/after.log"
check stop_after_sweep_interrupted grep -q '"interrupted"' "$rundir/run.json"
check stop_after_sweep_no_probes test ! -e "$rundir/probes.tsv"
"$CLX" run --resume "$rundir" --quiet > "$T/after-resume.log" 2>&1; rc=$?
check stop_after_sweep_resume test "$rc" -eq 0 -a -s "$rundir/probes.tsv" -a "$(grep -c '"finished"' "$rundir/run.json")" -eq 1
# The same stop in a run with no probes to make (vecsum's spec has none): every row is written, so
# nothing is lost that --resume would add. The run ends as finished, the stop said and its status
# 130 kept; clx report reads it whole (exit 0, no "part of a sweep", no --resume offered), and
# --resume says there is nothing to resume.
rm -rf "$T/whole"; mkdir -p "$T/whole"
CLX_STOP_AFTER_SWEEP=1 "$CLX" run vecsum --quick --set variant=naive --out "$T/whole" > "$T/whole.log" 2>&1; rc=$?
rundir=$(ls -d "$T/whole"/*-*-* | head -n 1)
check stop_whole_exit_130 test "$rc" -eq 130
check stop_whole_said grep -q "^clx: stopped by SIGINT as the run ended: its results are complete (run.json says finished)" "$T/whole.log"
check stop_whole_no_resume_hint sh -c "! grep -q -- '--resume' '$T/whole.log'"
check stop_whole_finished sh -c "grep -q '\"finished\"' '$rundir/run.json' && ! grep -q '\"interrupted' '$rundir/run.json'"
check stop_whole_rows test "$(tsv_rows "$rundir/results.tsv")" -eq 4 -a -n "$(head -n 1 "$rundir/results.tsv" | grep dev_row_avg)"
"$CLX" report "$rundir" --quiet > "$T/whole-report.log" 2>&1; rc=$?
check stop_whole_report_exit_0 test "$rc" -eq 0
check stop_whole_report_no_resume sh -c "! grep -qi 'part of a sweep\|--resume\|stopped by' '$T/whole-report.log' '$rundir/report.md'"
"$CLX" run --resume "$rundir" > "$T/whole-resume.log" 2>&1; rc=$?
check stop_whole_resume_nothing test "$rc" -eq 0 -a -n "$(grep 'that run finished: every configuration has its row (there is nothing to resume)' "$T/whole-resume.log")"
# A folder an older clx marked interrupted for such a stop (run.json made so here): --resume
# measures nothing, says the sweep was whole, and run.json says finished, the stop kept in its history.
cp -r "$rundir" "$T/whole-old"
sed -i 's/^\t"finished":.*/\t"interrupted":\t"2026-01-01T00:00:00+00:00",\n\t"interrupted_by":\t"SIGINT",/' "$T/whole-old/run.json"
"$CLX" run --resume "$T/whole-old" > "$T/whole-old.log" 2>&1; rc=$?
check stop_whole_old_resume test "$rc" -eq 0 -a "$(tsv_rows "$T/whole-old/results.tsv")" -eq 4 -a -n "$(grep '^clx: the sweep was whole already: every configuration had its row' "$T/whole-old.log")"
check stop_whole_old_finished sh -c "grep -q '\"finished\"' '$T/whole-old/run.json' && ! grep -qP '^\t\"interrupted' '$T/whole-old/run.json'"
# With --report asked, the report is drawn after the stop, of the whole run (stop_report.sh too).
rm -rf "$T/whole-asked"; mkdir -p "$T/whole-asked"
CLX_STOP_AFTER_SWEEP=1 "$CLX" run vecsum --quick --set variant=naive --report --out "$T/whole-asked" > "$T/whole-asked.log" 2>&1; rc=$?
asked=$(ls -d "$T/whole-asked"/*-*-* | head -n 1)
check stop_whole_asked_said sh -c "test $rc -eq 130 && test -s '$asked/report.md' && grep -q '^clx: stopped by SIGINT as the run ended: its results are complete (run.json says finished)\$' '$T/whole-asked.log' && ! grep -q 'report (--report) was not drawn' '$T/whole-asked.log'"

# SIGTERM and SIGHUP: 128 + the signal, named.
start "$T/term" $SWEEP
stop_time TERM
check stop_term_exit_143 test "$rc" -eq 143 -a -n "$(grep 'stopped by SIGTERM' "$T/term.log")"
start "$T/hup" $SWEEP
stop_time HUP
check stop_hup_exit_129 test "$rc" -eq 129 -a -n "$(grep 'stopped by SIGHUP' "$T/hup.log")"

# A second ^C stops at once (while the first waits for a launch that does not end).
start_hang "$T/twice" tests/e2e/fixtures/worker.spec --set variant=good,hang
kill -INT $pid; sleep 0.3; stop_time INT
check stop_twice_exit_130 test "$rc" -eq 130
check stop_twice_said grep -q '^clx: stopping at once: the rows written so far are kept' "$T/twice.log"
# The worker killed wrote nothing more: its supervisor says in run.json that the run was stopped,
# and by what (before, it kept the state of a sweep still going).
check stop_twice_run_json grep -q '"interrupted_by":[[:space:]]*"SIGINT"' "$rundir/run.json"
# Nor anything of latest: its supervisor says the worker's own line where no row ran, and where one
# did (the good variant's, written by the worker or by the supervisor for it), latest is on the run.
check stop_twice_latest test "$(readlink "$T/twice/latest")" = "${rundir##*/}" -a -z "$(grep 'latest is not made\|latest stays on' "$T/twice.log")"
start_hang "$T/twice-hang" tests/e2e/fixtures/worker.spec --set variant=hang
kill -INT $pid; sleep 0.3; stop_time INT
check stop_twice_hang_exit_130 test "$rc" -eq 130 -a ! -e "$T/twice-hang/latest"
check stop_twice_hang_latest_said sh -c "tail -n 1 '$T/twice-hang.log' | grep -q '^clx: $T/twice-hang/latest is not made: no configuration of this run ran on the device (no row ok, unverified or FAIL); its folder keeps its build logs and rows: .* report $rundir reads it\$'"

# A stop that comes while the worker is being forked (its fork made 2 s long by an LD_PRELOAD) reaches
# the worker, which stops as asked; it was said and never sent on (the worker then killed at its first
# wait a second later, "did not finish within a second", or left to run its sweep). Whenever the
# stop comes, before the fork or during it, the checks hold: no time is compared. CLX_STOP_GRACE=60: a
# launch on a loaded host may outlast the second a stop gives it, and its kill must not read as the
# stop that never reached the worker (which then runs its whole sweep, held a minute after its first
# round by CLX_HOLD_AFTER_ROUNDS for a stop that does not come: stop_fork_not_whole).
if command -v cc > /dev/null 2>&1 && cc -shared -fPIC -o "$T/slowfork.so" tests/e2e/fixtures/slowfork.c -ldl 2> /dev/null; then
    rm -rf "$T/fork"; mkdir -p "$T/fork"
    CLX_HOLD_AFTER_ROUNDS=1 CLX_STOP_GRACE=60 SLOWFORK=1 LD_PRELOAD=$PWD/$T/slowfork.so ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$CLX" run $SWEEP --out "$T/fork" > "$T/fork.log" 2>&1 &
    pid=$!
    sleep 1
    stop_time TERM
    check stop_fork_exit_143 test "$rc" -eq 143
    check stop_fork_reached_worker test -z "$(grep 'did not finish within' "$T/fork.log")"
    check stop_fork_not_whole test "$(cat "$T"/fork/*-*-*/results.tsv 2>/dev/null | grep -vc '^#')" -lt 3
else
    skip stop_fork_exit_143 "no cc to build the LD_PRELOAD"
fi

# A kernel that never ends, no --timeout: stopped a second after SIGINT, not after the watchdog's 60 s.
start_hang "$T/hang" tests/e2e/fixtures/worker.spec --set variant=good,hang
stop_time INT
check stop_hang_exit_130 test "$rc" -eq 130
# Within the watchdog's 60 s (55 s allowed, for a loaded host): stop_hang_said shows the stop's grace ended it.
check stop_hang_quick test "$took" -lt 550
check stop_hang_said grep -q 'the launch in flight did not finish within a second: stopped' "$T/hang.log"
check stop_hang_no_worker_left test -z "$(ours_running "$T/hang")"
# The configuration in flight is named in results.tsv: status 'stopped', the hanging variant.
check stop_hang_row_stopped test "$(tsv_count "$rundir/results.tsv" status stopped)" -eq 1
check stop_hang_row_is_hang test "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "status") s = i; if ($i == "variant") v = i }; next }
                                    $s == "stopped" { print $v }' "$rundir/results.tsv")" = hang
check stop_hang_run_json sh -c "grep -q '\"interrupted_by\":[[:space:]]*\"SIGINT\"' '$rundir/run.json' && ! grep -q '\"finished\"' '$rundir/run.json'"
check stop_hang_said_row grep -q "the configuration in flight is in results.tsv with status 'stopped'" "$T/hang.log"
check stop_hang_no_search_said test -z "$(grep 'the search was still racing' "$T/hang.log")"
check stop_hang_rows_whole test "$(awk -F'\t' '{ print NF }' "$rundir/results.tsv" | sort -u | wc -l)" -eq 1

# ^C typed in a terminal (script(1) gives clx a pseudo-terminal; the byte 0x03 becomes SIGINT), once
# the worker is held after its first round (CLX_HOLD_AFTER_ROUNDS): sent once clx said it times the
# configurations, it once came while the builds were still being loaded ("before any configuration
# is measured"), and on an H200's 16-core host a sweep seen to write a row had ended before the byte
# went through script(1).
if command -v script > /dev/null 2>&1; then
    rm -rf "$T/pty"; mkdir -p "$T/pty"
    # The pipe stays open until clx has ended (script(1) would end the session at its end of input),
    # at most 20 s: the pipeline waits for this side too.
    (for _ in $(seq 1 600); do grep -q 'CLX_HOLD_AFTER_ROUNDS: held' "$T/pty.typescript" 2>/dev/null && break
                               sleep 0.1; done; printf '\003'
     for _ in $(seq 1 200); do grep -q COMMAND_EXIT_CODE "$T/pty.typescript" 2>/dev/null && break; sleep 0.1; done) |
        CLX_HOLD_AFTER_ROUNDS=1 script -qfc "$CLX run $SWEEP --out $T/pty" "$T/pty.typescript" > /dev/null 2>&1
    check stop_pty_exit_130 grep -q 'COMMAND_EXIT_CODE="130"' "$T/pty.typescript"
    check stop_pty_said grep -q 'clx: stopping after the launch in flight' "$T/pty.typescript"
    check stop_pty_resumable grep -q 'to continue: .* run --resume' "$T/pty.typescript"
else
    echo "skipped stop_pty_*: no script(1) here (util-linux)"
fi
finish
