# stop_in_link.sh — a ^C that lands while the OpenCL driver links a kernel is a stop like any other.
# PoCL 3 runs its linker (ld) as a child process of clx's worker, at a build or at a kernel's first
# launch; the child is in clx's process group, so a terminal's ^C ends it too, and PoCL, its link
# failed, aborts the worker. CLX_STOP_IN_LINK=K makes that in the worker's K-th build at no moment a
# signal from here would have to hit (the ^C to the supervisor, a linker-like child and the worker; the
# worker aborted once the child died of it). Checked: exit 130, the closing lines of any ^C (the rows
# results.tsv keeps, the --resume that goes on), run.json interrupted, no row failed or crashed for
# it, the rows written before kept as they were, and --resume completes the sweep. The supervisor,
# which says those lines for the dead worker, ends them with the worker's own line about latest (not
# moved: no row ran), word for word. A driver that returns the failed link as the build's error
# instead (CLX_STOP_IN_LINK_FAILS) has the build dropped as the stop's: no build-failed row, and the
# builds line counts it as stopped, not as compiled or loaded from the cache (with --no-cache too). A launch that fails as
# the ^C lands (CLX_STOP_IN_LAUNCH: PoCL links a kernel at its first launch) is the stop's too: no
# error row, the run says it stopped, and --resume measures that configuration.
. tests/e2e/lib.sh
T=$TMP/stop_in_link
rm -rf "$T"; mkdir -p "$T"
own_locks

# In the second build of two: nothing measured yet.
CLX_STOP_IN_LINK=2 "$CLX" run vecsum --quick --set variant=naive --out "$T/b" > "$T/b.log" 2>&1; rc=$?
b=$(ls -d "$T"/b/vecsum-* 2> /dev/null | head -n 1)
check build_link_exit_130 test "$rc" -eq 130 -a -n "$b"
check build_link_rows_said grep -q "^clx: stopped by SIGINT: 0 rows in $b/results.tsv\$" "$T/b.log"
check build_link_resume_said grep -q "^clx: to continue: .*clx\(-asan\)\? run --resume $b\$" "$T/b.log"
check build_link_why_said grep -q '^clx: the worker process died of signal 6 (.*) as the stop reached it, in the build of variant naive, build ' "$T/b.log"
check build_link_stopping_said_once test "$(grep -c '^clx: stopping' "$T/b.log")" -eq 1
check build_link_no_crash_said test -z "$(grep -i 'crash\|not built again' "$T/b.log" | grep -v 'no row is marked failed or crashed')"
check build_link_interrupted grep -q '"interrupted_by":[[:space:]]*"SIGINT"' "$b/run.json"
check build_link_no_rows test "$(tsv_rows "$b/results.tsv")" -eq 0
check build_link_no_core test -z "$(ls "$b"/core* core* 2> /dev/null)"
# The latest line last, as the worker's own stop ends (below, f.log): the same words, its folders aside.
check build_link_latest_said test "$(tail -n 1 "$T/b.log")" = "clx: $T/b/latest is not made: no configuration of this run ran on the device (no row ok, unverified or FAIL); its folder keeps its build logs and rows: $(sed -n 's/^clx: to continue: \(.*\) run --resume .*/\1/p' "$T/b.log") report $b reads it"
check build_link_no_latest test ! -e "$T/b/latest"
"$CLX" run --resume "$b" --quiet > "$T/b-resume.log" 2>&1; rc=$?
check build_link_resume_completes test "$rc" -eq 0 -a "$(tsv_rows "$b/results.tsv")" -eq 4
check build_link_resume_all_built test "$(tsv_count "$b/results.tsv" status ok)" -eq 4

# A driver that returns the link's failure as the build's error, not aborting (CLX_STOP_IN_LINK_FAILS):
# the failed build is the stop's, dropped untried: no build-failed row, no kernels.tsv row, no log
# saying FAILED; the resume builds it again.
CLX_STOP_IN_LINK=2 CLX_STOP_IN_LINK_FAILS=1 "$CLX" run vecsum --quick --set variant=naive --out "$T/f" > "$T/f.log" 2>&1; rc=$?
f=$(ls -d "$T"/f/vecsum-* 2> /dev/null | head -n 1)
check fail_link_exit_130 test "$rc" -eq 130 -a -n "$f"
check fail_link_rows_said grep -q "^clx: stopped by SIGINT: 0 rows in $f/results.tsv\$" "$T/f.log"
check fail_link_resume_said grep -q "^clx: to continue: .*clx\(-asan\)\? run --resume $f\$" "$T/f.log"
check fail_link_no_failed_row test "$(tsv_rows "$f/results.tsv")" -eq 0
check fail_link_no_kernels_row test "$(tsv_rows "$f/kernels.tsv")" -eq 1
check fail_link_no_failed_log test -z "$(grep -l FAILED "$f"/logs/*.log 2> /dev/null)"
check fail_link_no_failed_said test -z "$(grep -i 'build-failed\|build failed\|failed to build' "$T/f.log")"
# The builds line adds up: the first build compiled or loaded, the second stopped, counted as neither.
builds=$(grep '^clx: builds: ' "$T/f.log")
made=$(( $(echo "$builds" | sed -n 's/^clx: builds: \([0-9]*\) compiled, \([0-9]*\) loaded from the cache .*/\1 + \2/p') ))
check fail_link_builds_add_up test "$made" -eq 1 -a -n "$(echo "$builds" | grep '; 1 not built: stopped (--resume builds it)$')"
# With --no-cache, whose runs say no builds line, the build a stop left is said all the same.
CLX_STOP_IN_LINK=2 CLX_STOP_IN_LINK_FAILS=1 "$CLX" run vecsum --quick --set variant=naive --no-cache --out "$T/n" > "$T/n.log" 2>&1; rc=$?
check fail_link_no_cache_said test "$rc" -eq 130 -a "$(grep '^clx: builds: ' "$T/n.log")" = 'clx: builds: compiled, not kept (--no-cache); 1 not built: stopped (--resume builds it)'
# The supervisor's "stopping ..." comes from its signal handler, which a loaded host may run after the
# worker, stopped by its own copy of the ^C (as a terminal's reaches both), has said its last lines:
# the words are compared on the lines but that one.
check fail_link_latest_words test "$(grep -v '^clx: stopping' "$T/f.log" | tail -n 1 | sed "s|$f|RUN|g; s|$T/f/|OUT/|")" = "$(tail -n 1 "$T/b.log" | sed "s|$b|RUN|g; s|$T/b/|OUT/|")"
"$CLX" run --resume "$f" --quiet > "$T/f-resume.log" 2>&1; rc=$?
check fail_link_resume_completes test "$rc" -eq 0 -a "$(tsv_count "$f/results.tsv" status ok)" -eq 4

# A launch that fails as the stop lands, in the second configuration's first round (the first's
# round measured): the first keeps its row (cut short: rounds-cut), the second has none (not an
# error row that the resume would keep), and the resume measures both, every row ok.
CLX_STOP_IN_LAUNCH=2 "$CLX" run vecsum --quick --set variant=naive --out "$T/l" > "$T/l.log" 2>&1; rc=$?
l=$(ls -d "$T"/l/vecsum-* 2> /dev/null | head -n 1)
check launch_fails_exit_130 test "$rc" -eq 130 -a -n "$l"
check launch_fails_rows_said grep -q "^clx: stopped by SIGINT: 1 row in $l/results.tsv\$" "$T/l.log"
check launch_fails_resume_said grep -q "^clx: to continue: .*clx\(-asan\)\? run --resume $l\$" "$T/l.log"
check launch_fails_no_error_row test "$(tsv_rows "$l/results.tsv")" -eq 1 -a "$(tsv_count "$l/results.tsv" status error)" -eq 0
check launch_fails_not_said test -z "$(grep 'CLX_STOP_IN_LAUNCH' "$T/l.log" "$l/results.tsv")"
check launch_fails_interrupted grep -q '"interrupted_by":[[:space:]]*"SIGINT"' "$l/run.json"
"$CLX" run --resume "$l" --quiet > "$T/l-resume.log" 2>&1; rc=$?
check launch_fails_resume_measures test "$rc" -eq 0 -a "$(tsv_rows "$l/results.tsv")" -eq 4 -a "$(tsv_count "$l/results.tsv" status ok)" -eq 4

# A resume of a run stopped with rows written, in its first build: those rows are kept as they were.
CLX_STOP_AFTER_ROUNDS=1 "$CLX" run vecsum --quick --set variant=naive --out "$T/r" > "$T/r.log" 2>&1
r=$(ls -d "$T"/r/vecsum-* 2> /dev/null | head -n 1)
cp "$r/results.tsv" "$T/r.before"
kept=$(tsv_rows "$T/r.before")
CLX_STOP_IN_LINK=1 "$CLX" run --resume "$r" > "$T/rl.log" 2>&1; rc=$?
check resume_link_exit_130 test "$rc" -eq 130
check resume_link_rows_said grep -q "^clx: stopped by SIGINT: $kept rows\? in $r/results.tsv\$" "$T/rl.log"
check resume_link_resume_said grep -q "^clx: to continue: .*clx\(-asan\)\? run --resume $r\$" "$T/rl.log"
check resume_link_rows_kept cmp -s "$r/results.tsv" "$T/r.before"
check resume_link_interrupted grep -q '"interrupted_by":[[:space:]]*"SIGINT"' "$r/run.json"
# Its kept rows ran (latest moved to it then): no latest line, and latest stays on it.
check resume_link_no_latest_said test -z "$(grep 'latest' "$T/rl.log")" -a "$(readlink "$T/r/latest")" = "${r##*/}"
# A search whose worker dies so in a build (the race between two rounds): it never said its best so
# far, nor sent its run.json part (the supervisor asks for one only before it kills a worker). The
# supervisor says it and writes it as search.tsv's last round has it: run.json's search is there
# (clx history reads the folder as a search, its best so far), and --resume goes on with the search.
CLX_STOP_IN_LINK=2 "$CLX" run volkov_fma --quick --search --search-seed 3 --budget 60 --out "$T/s" > "$T/s.log" 2>&1; rc=$?
s=$(ls -d "$T"/s/volkov_fma-* 2> /dev/null | head -n 1)
best=$(tail -n 1 "$s/search.tsv" | cut -f 12)
steps=$(tsv_rows "$s/search.tsv")
check search_link_exit_130 test "$rc" -eq 130 -a -n "$s" -a "$steps" -ge 1 -a -n "$best"
check search_link_best_said grep -qF "clx: search: best so far $best: " "$T/s.log"
check search_link_best_said_before_resume test "$(grep -A1 '^clx: search: best so far' "$T/s.log" | tail -n 1 | cut -c 1-18)" = "clx: to continue: "
check search_link_json python3 -c "
import json, sys
j = json.load(open(sys.argv[1]))['search']
sys.exit(not (j['best'] == sys.argv[2] and j['rounds'] == int(sys.argv[3]) and j['killed'] and j['space'] == 8))" \
    "$s/run.json" "$best" "$steps"
rm -rf "$T/s_stopped" && cp -r "$s" "$T/s_stopped"
"$CLX" run --resume "$s" --quiet > "$T/s-resume.log" 2>&1; rc=$?
check search_link_resume_ends test "$rc" -eq 0 -a -n "$(grep -F '"end"' "$s/run.json" | grep -v stopped)"
"$CLX" history "$T/s_stopped" "$s" --out "$T/s_hist" > "$T/s_hist.log" 2>&1
check search_link_history grep -qF "; a search, the best so far (stopped): $best, " "$T/s_hist.log"
# A second stop in a search's build (CLX_STOP_TWICE: right behind the first): the worker, on the
# host, answers no request for the search as it stands, and is killed; run.json's search is still
# there, at search.tsv's last round, its end not a launch's words, and the best so far is said last.
CLX_STOP_TWICE=1 CLX_STOP_IN_BUILD=3 "$CLX" run volkov_fma --quick --search --search-seed 3 --budget 60 --out "$T/t" > "$T/t.log" 2>&1; rc=$?
t=$(ls -d "$T"/t/volkov_fma-* 2> /dev/null | head -n 1)
best=$(tail -n 1 "$t/search.tsv" | cut -f 12)
check twice_search_exit_130 test "$rc" -eq 130 -a -n "$best"
check twice_search_json python3 -c "
import json, sys
j = json.load(open(sys.argv[1]))['search']
sys.exit(not (j['best'] == sys.argv[2] and j['space'] == 8 and 'in a launch' not in j['end']))" "$t/run.json" "$best"
check twice_search_best_said test "$(grep '^clx: search: best so far' "$T/t.log" | tail -n 1 | cut -d: -f 3)" = " best so far $best"
finish
