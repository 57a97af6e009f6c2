# latest.sh — ROOT/latest moves to a run at its first row the device ran (ok, unverified or FAIL),
# never to one that ran nothing: every build failed, every configuration skipped, stopped before its
# first row. Such a run keeps its folder (build logs, rows), leaves latest on the last run that has
# rows, and says so once, naming it; a resume that gets rows moves it. A file named latest that is
# no link is the user's: never written over. Only links, exit statuses and lines are checked, never
# a time.
. tests/e2e/lib.sh
T=$TMP/latest
rm -rf "$T"; mkdir -p "$T"
R=$T/runs
B=tests/e2e/fixtures/broken.spec
# run NAME ARGS...: clx run ARGS into the folder of runs R; console in $T/NAME.log, exit in $rc,
# the folder made in $made (the newest in R).
run() {
    _n=$1; shift
    _was=$(folders)
    "$CLX" run "$@" --out "$R" --quiet > "$T/$_n.log" 2>&1
    rc=$?
    made=$(new_folder "$_was")
}
# folders: the run folders in R; new_folder WAS: the one in R that WAS (folders before) lacks.
folders() { ls -d "$R"/*-*-* 2>/dev/null; }
new_folder() { folders | grep -vxF "$1"; }
# latest: the name R/latest names ("" where there is none).
latest() { readlink "$R/latest" 2>/dev/null; }
# kept_said NAME: the line of a run that left latest on $G, once, naming it.
kept_said() {
    test "$(grep -c "^clx: $R/latest stays on ${G##*/}: no configuration of this run ran on the device (no row ok, unverified or FAIL); its folder keeps its build logs and rows: .* report $made reads it\$" "$T/$1.log")" -eq 1
}

# No run with rows yet: a run whose every build fails makes no link, and says so.
run none "$B" --set variant=broken
check latest_none_exit_4 test "$rc" -eq 4
check latest_none_no_link test ! -e "$R/latest" -a ! -L "$R/latest"
check latest_none_said grep -q "^clx: $R/latest is not made: no configuration of this run ran on the device" "$T/none.log"
N1=$made
# Resumed, a finished run whose every build failed says so and exits 4, as it did.
"$CLX" run --resume "$N1" > "$T/none-resume.log" 2>&1; rc=$?
check latest_none_resume_own_status test "$rc" -eq 4 -a -n "$(grep "^clx: --resume $N1: that run finished: .*: exit 4, as when it finished\$" "$T/none-resume.log")"
# A folder of runs with no latest to read through: clx report names the runs it holds, newest
# first, to give one in its place (exit 4), not "it holds no results.tsv" alone.
"$CLX" report "$R" --quiet > "$T/nolatest1.log" 2>&1; rc=$?
check latest_none_report_exit_4 test "$rc" -eq 4
check latest_none_report_names_run grep -qxF "clx: report: $R is not a run's folder but a folder of 1 run (the folder given to clx run --out), with no latest to read through (clx run points it at the last run in which a configuration ran): give its run in its place: $N1" "$T/nolatest1.log"
run none2 "$B" --set variant=broken
N2=$made
"$CLX" report "$R" --quiet > "$T/nolatest2.log" 2>&1; rc=$?
check latest_none_report_newest_first test "$rc" -eq 4 -a -n "$(grep -F "give one of its runs in its place, newest first: $N2, $N1" "$T/nolatest2.log")"

run good "$B" --set variant=good --local 32
G=$made
check latest_good_exit_0 test "$rc" -eq 0
check latest_good_moved test "$(latest)" = "${G##*/}"
check latest_good_not_said test -z "$(grep 'latest stays on\|latest is not made' "$T/good.log")"

# A template that fails to compile: the folder is kept with its build log, latest stays on G.
run broken "$B" --set variant=broken
check latest_broken_exit_4 test "$rc" -eq 4
check latest_broken_folder_kept test "$made" != "$G" -a -s "$made/logs/broken__default.log"
check latest_broken_stays test "$(latest)" = "${G##*/}"
check latest_broken_said_once kept_said broken
# clx report and compare given the folder of runs read G, not the empty run.
"$CLX" report "$R" --quiet > "$T/report.log" 2>&1
check latest_report_reads_last_rows grep -q "is a folder of runs: reading its latest, .*${G##*/}\$" "$T/report.log"

# Every configuration skipped (a work-group larger than the device takes): nothing ran.
run skipped "$B" --set variant=good --local 1000000
check latest_skipped_nothing_ran test "$rc" -eq 3 -a "$(tsv_count "$made/results.tsv" status skipped)" -ge 1
check latest_skipped_stays test "$(latest)" = "${G##*/}"
check latest_skipped_said_once kept_said skipped
# Its report has nothing to report: nothing was measured (exit 4, as a run with no rows), the first
# row's reason said; resumed, it exits 3, as it did.
"$CLX" report "$made" --quiet > "$T/skipped-report.log" 2>&1; rc=$?
check latest_skipped_report_exit_4 test "$rc" -eq 4
check latest_skipped_report_said grep -q "^clx: report: $made measured nothing: its one row was skipped (local size 1000000 in dimension 0 is above CL_DEVICE_MAX_WORK_ITEM_SIZES [0-9]*) (report.md says only that)\$" "$T/skipped-report.log"
check latest_skipped_report_md sh -c "grep -q '^\*\*Nothing measured:\*\* $made measured nothing' '$made/report.md' && test -z \"\$(grep -e '^## ' -e 'not drawn' '$made/report.md')\""
"$CLX" run --resume "$made" > "$T/skipped-resume.log" 2>&1; rc=$?
check latest_skipped_resume_own_status test "$rc" -eq 3 -a -n "$(grep 'that run finished: .* skipped, .*: exit 3, as when it finished' "$T/skipped-resume.log")"

# Stopped before its first row (its stdout closed before it starts: whatever the machine's speed):
# said on stderr with the stop; its --resume measures the rows and moves latest to it.
rm -f "$T/closed.gone" "$T/closed.rc"
was=$(folders)
{ while [ ! -e "$T/closed.gone" ]; do sleep 0.05; done
  "$CLX" run "$B" --set variant=good --local 32 --out "$R" 2> "$T/closed.log"; echo $? > "$T/closed.rc"; } |
    { exec 0<&-; : > "$T/closed.gone"; }
rc=$(cat "$T/closed.rc")
made=$(new_folder "$was")
S=$made
check latest_stopped_exit_141 test "$rc" -eq 141 -a "$(tsv_rows "$S/results.tsv")" -eq 0
check latest_stopped_stays test "$(latest)" = "${G##*/}"
check latest_stopped_said_once kept_said closed
"$CLX" run --resume "$S" --quiet > "$T/resume.log" 2>&1; rc=$?
check latest_resumed_exit_0 test "$rc" -eq 0
check latest_resumed_moved test "$(latest)" = "${S##*/}"
check latest_resumed_not_said test -z "$(grep 'latest stays on' "$T/resume.log")"

# Rows that ran and failed their check (FAIL) are the run's results: latest moves to it.
run wrong "$B" --set variant=wrong --local 32
check latest_fail_exit_1 test "$rc" -eq 1
check latest_fail_moved test "$(latest)" = "${made##*/}"
# Resumed, a finished run with FAIL rows exits 1, as it did.
"$CLX" run --resume "$made" > "$T/wrong-resume.log" 2>&1; rc=$?
check latest_fail_resume_own_status test "$rc" -eq 1 -a -n "$(grep 'that run finished: .* [1-9][0-9]* FAIL, .*: exit 1, as when it finished' "$T/wrong-resume.log")"

# A file named latest that clx did not make (not a link) is the user's: never written over, said.
R2=$T/ownfile; mkdir -p "$R2"; echo mine > "$R2/latest"
"$CLX" run "$B" --set variant=good --local 32 --out "$R2" --quiet > "$T/ownfile.log" 2>&1; rc=$?
check latest_own_file_kept sh -c "test $rc -eq 0 && test ! -L '$R2/latest' && grep -qx mine '$R2/latest'"
check latest_own_file_said grep -q "^clx: $R2/latest is not pointed at $(basename "$(ls -d "$R2"/*-*-*)"): it is a file clx did not make (clx makes latest a link); remove it or move it away, and the next run makes the link\$" "$T/ownfile.log"
finish
