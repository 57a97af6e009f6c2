# ahead_beside.sh — while a build ahead is caught (--build-ahead), what the main thread's own calls
# to the driver write on stderr (a launch's warning) lands in that build's part of descriptor 2: its
# log says the main thread called the driver meanwhile, never that the build alone wrote it. clx's
# own exit (die) while such a catch is on leaves neither the catches' file nor a marker in logs/, and
# what they caught reaches the console (a worker that dies in the driver leaves both: faults.sh).
. tests/e2e/lib.sh
T=tests/tmp/ahead_beside
rm -rf "$T"; mkdir -p "$T"
# Builds made ahead only where a second core is (run_build_ahead_threads: one fewer than the cores).
if [ "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)" -lt 2 ]; then
    skip ahead_beside "one CPU: no build is made ahead"
    finish
fi
sed 's/^builds = \[ "" \];/builds = [ "", "-DCLX_A" ];/' tests/e2e/fixtures/broken.spec > "$T/two.spec"
cp tests/e2e/fixtures/broken.cl.m4 "$T/"
# A cache of the test's own, empty: a cached build is loaded, not made ahead.
XDG_CACHE_HOME=$PWD/$T/cache; export XDG_CACHE_HOME
# CLX_DRIVER_SAYS: the main thread writes its line as it takes the build ahead, that build's catch
# on and held till then (docs/environment.md), whatever the machine's speed.
CLX_DRIVER_SAYS="launch warning of the main thread" run_clx "$T/run" run "$T/two.spec" --set variant=good \
    --build-ahead 1
check beside_ran test "$rc" -eq 0
check beside_rows_ok test "$(tsv_count "$rundir/results.tsv" status ok)" -eq 4
log=$rundir/logs/good__DCLX_A.log
check beside_caught_in_ahead_log grep -qx 'launch warning of the main thread' "$log"
check beside_not_on_console sh -c "! grep -q 'launch warning' $T/run.log"
# Its heading says the main thread called the driver meanwhile, right above it.
grep -B1 -x 'launch warning of the main thread' "$log" | head -n 1 > "$T/above.txt"
heading='^# the driver wrote on stderr while the build with options "-DCLX_A[^"]*" ran ahead on a thread of its own'
check beside_said_not_the_builds grep -q "$heading (maybe not all the build.s: the main thread called the driver meanwhile" \
    "$T/above.txt"
check beside_main_build_apart sh -c "! grep -q 'launch warning' $rundir/logs/good__default.log"
check beside_nothing_left sh -c "test -d '$rundir/logs' && ! ls -A '$rundir/logs' | grep -qv '\.log$'"

# clx dies (its own exit, status 4) as the main thread takes the build ahead, that build's catch on.
rm -rf "$XDG_CACHE_HOME"
CLX_DRIVER_SAYS="launch warning of the main thread" CLX_DIE_TAKING_AHEAD=1 run_clx "$T/die" run "$T/two.spec" \
    --set variant=good --build-ahead 1
check die_exit_4 test "$rc" -eq 4
check die_said grep -q '^clx: CLX_DIE_TAKING_AHEAD: stopped as the build with options "-DCLX_A' "$T/die.log"
check die_caught_text_on_console grep -qx 'launch warning of the main thread' "$T/die.log"
check die_no_catch_file_left sh -c "test -d '$rundir/logs' && ! ls -A '$rundir/logs' | grep -q '^\.driver-stderr-'"
check die_no_marker_left sh -c "test -d '$rundir/logs' && ! ls -A '$rundir/logs' | grep -q '\.stderr$'"
finish
