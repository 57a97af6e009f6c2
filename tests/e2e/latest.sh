# latest.sh — ROOT/latest moves to a run at its first row the device ran (ok, unverified or FAIL),
# never to one that ran nothing: every build failed, every configuration skipped, stopped before its
# first row. Such a run keeps its folder (build logs, rows), leaves latest on the last run that has
# rows, and says so once, naming it; a resume that gets rows moves it. Only links, exit statuses
# and lines are checked, never a time.
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
finish
