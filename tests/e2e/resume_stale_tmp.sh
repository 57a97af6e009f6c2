# resume_stale_tmp.sh — the temporary a clx killed (SIGKILL) while it rewrote results.tsv or
# run.json leaves in the run's folder (results.tsv.PID.tmp, run.json.PID.tmp: made here by hand):
# report and compare read the run as before, counting none of it; the next --resume removes those
# whose PID runs no process, saying which on one line, and leaves one whose PID runs (a process that
# took that PID since) and any other name; the resume's results.tsv is whole (one header, every
# row). Only statuses, counts, file names and words are compared.
. tests/e2e/lib.sh
T=$TMP/resume_stale_tmp
rm -rf "$T"; mkdir -p "$T"

CLX_STOP_AFTER_ROUNDS=6 "$CLX" run vecsum --quick --out "$T/runs" --quiet > "$T/run.log" 2>&1; rc=$?
c=$(ls -d "$T"/runs/vecsum-* | head -n 1)
rows=$(tsv_rows "$c/results.tsv")
check stale_fixture test "$rc" -eq 130 -a "$rows" -ge 1

# A PID that runs nothing: a child that has ended. This shell's runs.
sh -c 'exit 0' & dead=$!
wait "$dead"
check stale_pid_dead sh -c "! kill -0 $dead 2> /dev/null"
head -n 2 "$c/results.tsv" > "$c/results.tsv.$dead.tmp"
head -n 3 "$c/run.json" > "$c/run.json.$dead.tmp"
cp "$c/results.tsv" "$c/results.tsv.$$.tmp"
cp "$c/results.tsv" "$c/results.tsv.x1.tmp"

# Readers: the run as before, none of the temporaries counted or touched.
"$CLX" report "$c" --quiet > "$T/report.log" 2>&1; rc=$?
check stale_report_reads test "$rc" -eq 4 -a -n "$(grep "was stopped by .* with $rows rows\?," "$T/report.log")"
cp -R "$c" "$T/copy"
"$CLX" compare "$c" "$T/copy" --fail-on fail --out "$T/cmp" > "$T/cmp.log" 2>&1; rc=$?
check stale_compare_reads test "$(tsv_rows "$T/cmp/compare.tsv")" -eq "$rows"
check stale_readers_leave_them test -f "$c/results.tsv.$dead.tmp" -a -f "$c/run.json.$dead.tmp"

# The next --resume removes the dead writer's two, one line; the live PID's and the other name stay.
"$CLX" run --resume "$c" --quiet > "$T/resume.out" 2> "$T/resume.err"; rc=$?
check stale_resume_exit_0 test "$rc" -eq 0
check stale_resume_said test "$(grep -cxF "clx: --resume $c: removed what a clx killed while it wrote the run's files left (its pid runs no process now): results.tsv.$dead.tmp, run.json.$dead.tmp" "$T/resume.err")" -eq 1
check stale_dead_removed test ! -e "$c/results.tsv.$dead.tmp" -a ! -e "$c/run.json.$dead.tmp"
check stale_live_kept test -f "$c/results.tsv.$$.tmp" -a -f "$c/results.tsv.x1.tmp"
check stale_resumed_whole test "$(grep -c '^experiment	' "$c/results.tsv")" -eq 1 -a \
    "$(tsv_count "$c/results.tsv" status ok)" -eq "$(tsv_rows "$c/results.tsv")" -a "$(tsv_rows "$c/results.tsv")" -gt "$rows"

# Nothing left to remove: a --resume of the finished run says nothing of it.
"$CLX" run --resume "$c" --quiet > "$T/again.out" 2> "$T/again.err"
check stale_again_silent sh -c "! grep -q 'removed what' '$T/again.err' '$T/again.out'"
finish
