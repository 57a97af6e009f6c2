# ahead_stderr.sh — what the driver writes on stderr during a build made ahead on a thread of its own
# (--build-ahead; PoCL's clang: "1 error generated.") goes to the builds' logs, not to the console,
# as a build's on the main thread does; clx's own lines said meanwhile still reach the console.
. tests/e2e/lib.sh
T=tests/tmp/ahead_stderr
rm -rf "$T"; mkdir -p "$T"
# The broken variant's builds are compiled ahead while the main thread loads the good one's from the
# build cache, then waits for them outside any build of its own: no catch of the main thread's covered
# them, so before the fix the driver's line came out on the console (as on an H200, by chance there).
sed 's/^builds = \[ "" \];/builds = [ "", "-DCLX_A", "-DCLX_B" ];/' tests/e2e/fixtures/broken.spec > "$T/ahead.spec"
# Its source made long (functions none calls), so that its compile outlasts the good one's loads.
{ cat tests/e2e/fixtures/broken.cl.m4
  echo "m4_ifelse(KIND, \`broken', \`m4_dnl"
  awk 'BEGIN { for (i = 0; i < 4000; i++) printf "float pad%d(float x) { return x * %d.0f + 1.0f; }\n", i, i }'
  echo "')m4_dnl"; } > "$T/broken.cl.m4"
XDG_CACHE_HOME=$PWD/$T/cache; export XDG_CACHE_HOME
run_clx "$T/fill" run "$T/ahead.spec" --set variant=good --build-ahead 0
check ahead_cache_filled test "$(tsv_count "$rundir/results.tsv" status ok)" -eq 6
run_clx "$T/run" run "$T/ahead.spec" --set variant=good,broken --build-ahead 1
check ahead_builds_failed test "$(tsv_count "$rundir/results.tsv" status build-failed)" -eq 3
check ahead_good_ok test "$(tsv_count "$rundir/results.tsv" status ok)" -eq 6
# PoCL's clang writes "1 error generated." there, and so did NVIDIA's on an H200 (others may write
# nothing): never on the console; in the builds' logs where the driver is known to write it.
check ahead_driver_stderr_not_on_console sh -c "! grep -q 'error generated' $T/run.log"
if [ -n "$(pocl_major "$rundir")" ]; then
    for b in default DCLX_A DCLX_B; do
        check "ahead_driver_stderr_in_log_$b" grep -q 'error generated' "$rundir/logs/broken__$b.log"
    done
else
    skip ahead_driver_stderr_in_log "written for PoCL's compiler, which says \"1 error generated.\" on stderr"
fi
# clx's own lines, said while builds ahead had descriptor 2 on their catch's file, are on the console.
check ahead_failure_said grep -q '^clx: variant broken, build "" failed' "$T/run.log"
check ahead_summary_said grep -q '6 ok, 0 FAIL, 0 error, 0 skipped, 3 build-failed' "$T/run.log"
check ahead_no_catch_file_left test -z "$(ls -A "$rundir/logs" | grep -v '\.log$')"
finish
