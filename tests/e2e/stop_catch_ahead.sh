# stop_catch_ahead.sh — a worker killed by a stop while a build ahead (--build-ahead) is in its catch of
# the driver's stderr leaves no crash's record of it (lib/stderrcatch.h): neither that build's
# logs/VARIANT__BUILD.stderr nor the logs/.driver-stderr-XXXXXX it names, whatever the worker's main
# thread was doing. Before, only the record of the build in flight was removed, so a search killed in
# a launch (builds ahead compile while it measures) left the build ahead's, which read as a crash in
# that build. The search's first launch never ends (worker.spec's hang); CLX_DRIVER_SAYS holds the
# build ahead in its catch till the main thread takes it, which it never does; the ^C comes once both
# are under way, the launch does not end within a second, and the supervisor kills the worker. The
# launch is seen under way by CLX_MARK_CONFIG_WAITS's line (the configuration's first device wait is
# its first launch's), not guessed from elapsed time: a loaded machine can be slower to get there.
. tests/e2e/lib.sh
T=$TMP/stop_catch_ahead
rm -rf "$T"; mkdir -p "$T"
# Builds made ahead only where a second core is (run_build_ahead_threads: one fewer than the cores).
if [ "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)" -lt 2 ]; then
    skip stop_catch_ahead "one CPU: no build is made ahead"
    finish
fi
sed 's/^builds = \[ "" \];/builds = [ "", "-DCLX_A", "-DCLX_B" ];/' tests/e2e/fixtures/worker.spec > "$T/ahead.spec"
cp tests/e2e/fixtures/worker.cl.m4 "$T/"
XDG_CACHE_HOME=$PWD/$T/cache; export XDG_CACHE_HOME
records() { ls -A "$1/logs" 2> /dev/null | grep -e '^\.driver-stderr-' -e '\.stderr$'; }
CLX_DRIVER_SAYS="held" CLX_MARK_CONFIG_WAITS="$T/waits" "$CLX" run "$T/ahead.spec" --set variant=hang --search --build-ahead 1 $FEW --out "$T/s" \
    --quiet > "$T/s.log" 2>&1 &
pid=$!
# Under way: the build ahead's marker and the first launch's wait (a bound of 120 s on a machine
# that never gets there: the checks then fail).
d= ahead_caught=0
for _ in $(seq 1 1200); do
    d=$(ls -d "$T"/s/ahead-* 2> /dev/null | head -n 1)
    if [ -n "$d" ] && [ -n "$(records "$d" | grep '\.stderr$')" ] && [ -s "$T/waits" ]; then
        ahead_caught=$(records "$d" | grep -c '\.stderr$')
        break
    fi
    sleep 0.1
done
kill -INT "$pid"
wait "$pid"; rc=$?
check ahead_was_caught test "$ahead_caught" -eq 1
check killed_in_launch sh -c "test $rc -eq 130 && grep -q 'did not finish within' '$T/s.log' && ! grep -q 'ran past its limit' '$T/s.log'"
check killed_no_catch_left test -n "$d" -a -z "$(records "$d")"
finish
