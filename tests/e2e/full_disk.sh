# full_disk.sh — a full filesystem never ends in "ok": every file that cannot be written is named,
# the exit status is 4, and the rows results.tsv holds stay whole (a cut-off line is cut back). The
# sweep stops at the first row results.tsv cannot take (nothing measured, nor said ok, for
# nothing), says the folder is incomplete and the --resume that goes on once there is room, and
# run.json says interrupted by the write where it can still be written; readers (report, compare,
# history) take such a run, or one whose run.json could not be rewritten (unfinished: neither
# finished nor interrupted), as not finished. First with an LD_PRELOAD that fails results.tsv alone
# (run.json written; needs cc; its report whose report.md fails puts none of it in place), one
# that fails the build logs alone (the rows whole: the run, its resume and its report exit 4),
# one that fails the rewrite of results.tsv that adds its last column (said with its reason), the
# same on a resume whose rows measured again cannot take their places (its counts the file's), and
# one that fails run.json: from the start (the run stops before measuring, its folder removed), or
# at the end alone (every row there: the report says so, not
# "unfinished"); a folder left with no run.json is said as such; a clx merge that cannot write its
# run.json removes what it wrote of its --out, so that the same merge run again writes it. Then on
# a small tmpfs of its own (unshare -m, as root; where that cannot be made, says skipped), where
# run.json cannot be rewritten either.
. tests/e2e/lib.sh
mkdir -p "$TMP/full"
# Sweeps timed with lib.sh's $FEW (nothing here reads their timing), but the cut run below, whose
# stop comes after its 6th round.
D=$TMP/full

# results.tsv takes its header and 5 rows, then no more (fixtures/fullwrite.c); everything else is
# written. Only statuses, counts and words are compared.
W=$TMP/full_write
rm -rf "$W"; mkdir -p "$W"
if command -v cc > /dev/null 2>&1 && cc -shared -fPIC -o "$W/fullwrite.so" tests/e2e/fixtures/fullwrite.c -ldl 2> /dev/null; then
    FULLWRITE_ROWS=5 LD_PRELOAD=$PWD/$W/fullwrite.so ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$CLX" run vecsum --quick $FEW --out "$W/runs" > "$W/run.out" 2> "$W/run.err"; rc=$?
    w=$(ls -d "$W"/runs/vecsum-* | head -n 1)
    check write_exit_4 test "$rc" -eq 4
    check write_rows_kept test "$(tsv_rows "$w/results.tsv")" -eq 5
    # The rows held back behind the one that failed are not said ok as if written: the console's
    # rows are the file's, and no summary of them follows.
    check write_console_rows test "$(grep -cE '^  .*  ok( |$)' "$W/run.out")" -eq 5
    check write_no_summary test -z "$(grep -e '[0-9] ok, ' -e '^Best work-group size' "$W/run.out")"
    check write_said_stopped grep -q "^clx: stopped by a failed write to results.tsv (No space left on device): 5 rows in $w/results.tsv\$" "$W/run.err"
    check write_said_incomplete grep -q "^clx: results in $w are incomplete: the sweep stopped at the first row it could not write; run.json says interrupted\$" "$W/run.err"
    check write_said_resume grep -q "^clx: to continue once its disk has room: $CLX run --resume $w\$" "$W/run.err"
    check write_run_json sh -c "grep -q '\"interrupted_by\":[[:space:]]*\"a failed write to results.tsv (No space left on device)\"' '$w/run.json' && ! grep -q '\"finished\"' '$w/run.json'"
    "$CLX" report "$w" --quiet > "$W/report.log" 2>&1; rc=$?
    check write_report_exit_4 test "$rc" -eq 4
    check write_report_says grep -q "^clx: report: $w was stopped by a failed write to results.tsv (No space left on device) at .* (run.json says interrupted) with 5 rows: .* run --resume $w measures the rest of its sweep\$" "$W/report.log"
    check write_report_md grep -q "^\*\*Part of a sweep:\*\* $w was stopped by a failed write to results.tsv" "$w/report.md"
    "$CLX" run --resume "$w" --quiet > "$W/resume.log" 2>&1; rc=$?
    check write_resume_completes test "$rc" -eq 0 -a "$(tsv_rows "$w/results.tsv")" -eq 24
    check write_resume_finished sh -c "grep -q '\"finished\"' '$w/run.json' && ! grep -qP '^\\t\"interrupted_by\"' '$w/run.json' &&
    grep -q '\"interruptions\"' '$w/run.json'"
    # Its report.md not written whole (its close fails): nothing of the new report is put in place,
    # an earlier findings.tsv and plots/ stay as they were (a marker in each kept), no draft is left.
    "$CLX" report "$w" --quiet > /dev/null 2>&1
    echo marker >> "$w/findings.tsv"; mkdir -p "$w/plots"; echo marker > "$w/plots/marker.svg"
    snap() { (cd "$w" && find . -type f \( -name report.md -o -name findings.tsv -o -path './plots/*' \) -exec md5sum {} + | sort; find . | sort); }
    snap > "$W/md.before"
    FULLWRITE_REPORT=1 LD_PRELOAD=$PWD/$W/fullwrite.so ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$CLX" report "$w" --quiet > "$W/md.out" 2> "$W/md.err"; rc=$?
    snap > "$W/md.after"
    check md_report_exit_4 test "$rc" -eq 4
    check md_report_said grep -q "^clx: report: cannot write report.md in $w: No space left on device (no part-written file is left: none of the report is put in place, its earlier report.md, findings.tsv and plots/ stay as they were)\$" "$W/md.err"
    check md_report_folder_as_it_was cmp -s "$W/md.before" "$W/md.after"
    check md_report_markers_kept sh -c "grep -q '^marker\$' '$w/findings.tsv' && test -s '$w/plots/marker.svg'"
    check md_report_no_tmp test -z "$(find "$w" -name '*tmp*')"
    # The same in a folder with no report yet: the line promises no earlier one.
    n=$W/noreport; rm -rf "$n"; cp -r "$w" "$n"; rm -rf "$n/report.md" "$n/findings.tsv" "$n/plots"
    FULLWRITE_REPORT=1 LD_PRELOAD=$PWD/$W/fullwrite.so ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$CLX" report "$n" --quiet > /dev/null 2> "$W/md_none.err"; rc=$?
    check md_none_said sh -c "test $rc -eq 4 && grep -qxF 'clx: report: cannot write report.md in $n: No space left on device (no part-written file is left: none of the report is put in place, and the folder had none before)' '$W/md_none.err' && test ! -e '$n/report.md'"
    # The report's own charts (the speed-of-light chart, the search's trajectory: a model's run,
    # fixtures/report/make_run.sh) whose files a full disk refuses: said once, in the one line of
    # the report's files that could not be written (not each as gnuplot's own failure), exit 4; no
    # picture of them left, an earlier report's gone too, and report.md says each is not drawn.
    . tests/e2e/fixtures/report/make_run.sh
    o=$W/own
    make_run "$o" fixture 1 "1000 2000"; add_sol "$o"; add_search "$o"
    "$CLX" report "$o" --spec tests/e2e/fixtures/report/fixture.spec --quiet > /dev/null 2>&1
    FULLWRITE_PLOTS="sol search" LD_PRELOAD=$PWD/$W/fullwrite.so ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$CLX" report "$o" --spec tests/e2e/fixtures/report/fixture.spec --quiet > "$W/own.out" 2> "$W/own.err"; rc=$?
    check own_full_exit_4 test "$rc" -eq 4
    check own_full_said_once sh -c "test \$(cat '$W/own.out' '$W/own.err' | grep -c 'No space left on device') -eq 1 &&
        grep -q \"^clx: report: cannot write the speed-of-light chart (plots/sol.png), the search's trajectory (plots/search.png) in $o: No space left on device (\" '$W/own.err'"
    check own_full_not_gnuplots sh -c "! grep -e 'clx: plot sol' -e 'sol.tsv' -e 'search.tsv' -e 'some could not be' '$W/own.out' '$W/own.err'"
    check own_full_no_pictures test -z "$(ls "$o/plots" | grep -e '^sol\.' -e '^search\.')"
    check own_full_md sh -c "grep -qxF '*The chart is not drawn:* plot sol: cannot write $o/plots/sol.tsv: No space left on device.' '$o/report.md' &&
        grep -qxF '**Not drawn:** cannot write $o/plots/search.tsv: No space left on device' '$o/report.md'"
    check own_full_no_tmp test -z "$(find "$o" -name '*tmp*')"
    # Its build logs alone not written: every row is whole, the run exits 4, and run.json counts the
    # files it could not write, so that a --resume of it (nothing to resume) and its report exit 4
    # as it did, not 0 from its rows.
    FULLWRITE_LOGS=1 LD_PRELOAD=$PWD/$W/fullwrite.so ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$CLX" run vecsum --quick --set variant=naive --out "$W/nolog" --quiet > "$W/nolog.out" 2> "$W/nolog.err"; rc=$?
    l=$(ls -d "$W"/nolog/vecsum-* | head -n 1)
    check logs_exit_4 sh -c "test $rc -eq 4 && grep -q 'cannot write $l/logs/.*: No space left on device' '$W/nolog.err'"
    check logs_rows_whole test "$(tsv_count "$l/results.tsv" status ok)" -eq 4
    check logs_run_json sh -c "grep -q '\"finished\"' '$l/run.json' && grep -qE '\"files_unwritten\":[[:space:]]*[1-9]' '$l/run.json'"
    "$CLX" run --resume "$l" > "$W/nolog-resume.log" 2>&1; rc=$?
    check logs_resume_exit_4 sh -c "test $rc -eq 4 && grep -q '^clx: --resume $l: that run finished: .*; 4 ok, .* build-failed; [1-9][0-9]* of its files could not be written (run.json counts.files_unwritten): exit 4, as when it finished\$' '$W/nolog-resume.log'"
    "$CLX" report "$l" --quiet > "$W/nolog-report.log" 2>&1; rc=$?
    check logs_report_exit_4 sh -c "test $rc -eq 4 && grep -q '^clx: report: $l is incomplete: [1-9][0-9]* of the run.s files could not be written when it ran' '$W/nolog-report.log' &&
        grep -q '^\*\*Incomplete:\*\* ' '$l/report.md'"
    # results.tsv not rewritten as the sweep ends (it is written whole beside itself to take the
    # column dev_row_avg: the disk needs room for both): said with the reason and what stays (the
    # rows whole, without that column), exit 4, as "cannot add dev_row_avg to DIR/results.tsv" alone
    # said neither.
    FULLWRITE_REWRITE=1 LD_PRELOAD=$PWD/$W/fullwrite.so ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$CLX" run vecsum --quick --set variant=naive --out "$W/nocol" --quiet > "$W/nocol.out" 2> "$W/nocol.err"; rc=$?
    l=$(ls -d "$W"/nocol/vecsum-* | head -n 1)
    check column_exit_4 test "$rc" -eq 4
    check column_said grep -q "^clx: cannot add the column dev_row_avg (.*) to $l/results.tsv: No space left on device: its rows stay whole, without that column\$" "$W/nocol.err"
    check column_rows_whole sh -c "test $(tsv_count "$l/results.tsv" status ok) -eq 4 && ! head -n 1 '$l/results.tsv' | grep -q dev_row_avg"
    check column_no_tmp test -z "$(find "$l" -name 'results.tsv.*')"
    # A resume of a run a stop cut short, whose rows measured again cannot take the places of those
    # cut (the rewrite of results.tsv fails, as on a full disk): the file keeps the cut rows, and the
    # run's counts are the file's (run.json's too, which the next --resume's count agrees with), said
    # once, as is the rewrite that failed however many rows it failed for.
    CLX_STOP_AFTER_ROUNDS=6 "$CLX" run vecsum --quick --out "$W/cut" --quiet > /dev/null 2>&1
    c=$(ls -d "$W"/cut/vecsum-* | head -n 1)
    FULLWRITE_REWRITE=1 LD_PRELOAD=$PWD/$W/fullwrite.so ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$CLX" run --resume "$c" --quiet > "$W/recount.out" 2> "$W/recount.err"; rc=$?
    ok=$(tsv_count "$c/results.tsv" status ok); cut=$(tsv_count "$c/results.tsv" status cut)
    json_count() { sed -n "s/^\t\t\"$1\":[[:space:]]*\([0-9]*\),*\$/\1/p" "$c/run.json"; }
    check recount_exit_4 sh -c "test $rc -eq 4 -a $cut -ge 1 -a $(tsv_rows "$c/results.tsv") -eq 24"
    check recount_said_once test "$(grep -c "^clx: results.tsv holds $ok ok, $cut cut, .* where this run counted .*; the run's counts (run.json's, and those said below) are the file's, which --resume goes on from\$" "$W/recount.err")" -eq 1
    check recount_rewrite_said_once test "$(grep -c 'cannot write the rows measured again' "$W/recount.err")" -eq 1
    check recount_run_json sh -c "test '$(json_count ok)' = $ok -a '$(json_count cut)' = $cut -a '$(json_count rounds_cut)' = $cut"
    "$CLX" run --resume "$c" > "$W/recount-resume.log" 2>&1; rc=$?
    check recount_resume_agrees grep -q "^clx: resuming: $ok rows* kept from the interrupted run; the $cut rows* the stop cut short" "$W/recount-resume.log"
    check recount_resume_completes sh -c "test $rc -eq 0 -a $(tsv_count "$c/results.tsv" status ok) -eq 24"
    # run.json not written at the start: the run stops there, before measuring anything (rows beside
    # no run.json can be neither reported nor resumed), exit 4, its folder removed, no --dir-file.
    FULLWRITE_JSON=0 LD_PRELOAD=$PWD/$W/fullwrite.so ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$CLX" run vecsum --quick --set variant=naive --out "$W/nojson" --dir-file "$W/nojson.dir" > "$W/nojson.out" 2> "$W/nojson.err"; rc=$?
    check json_start_exit_4 test "$rc" -eq 4
    check json_start_said grep -q "^clx: cannot write $W/nojson/vecsum-[^ ]*/run.json: No space left on device; the run stops before measuring anything (rows without their run.json could be neither reported nor resumed), and its folder is removed\$" "$W/nojson.err"
    check json_start_one_line test "$(grep -c 'cannot write' "$W/nojson.err")" -eq 1
    check json_start_nothing_measured test -z "$(grep -E '^  .*  ok( |$)|configurations to time' "$W/nojson.out")"
    check json_start_no_folder test -z "$(ls -A "$W/nojson")"
    check json_start_no_dir_file test ! -s "$W/nojson.dir"
    # run.json written at the start, not at the end: every row is there; the report says so, and the
    # disk, not a sweep to go on with ("once it has ended ... measures the rest"); --resume ends it.
    FULLWRITE_JSON=1 LD_PRELOAD=$PWD/$W/fullwrite.so ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$CLX" run vecsum --quick --set variant=naive --out "$W/lastjson" --report --quiet > "$W/lastjson.out" 2> "$W/lastjson.err"; rc=$?
    j=$(ls -d "$W"/lastjson/vecsum-* | head -n 1)
    check json_end_exit_4 sh -c "test $rc -eq 4 && grep -q '^clx: cannot write $j/run.json: No space left on device' '$W/lastjson.err'"
    check json_end_rows_whole test "$(tsv_count "$j/results.tsv" status ok)" -eq 4
    check json_end_report_says grep -q "^clx: report: $j has every row of its sweep (4), but its run.json was not rewritten at the end (a full disk, .*): $CLX run --resume $j measures nothing and writes it\$" "$W/lastjson.err"
    check json_end_no_rest sh -c "! grep -q -e 'once it has ended' -e 'the rest of its sweep' '$W/lastjson.err' '$j/report.md'"
    check json_end_report_md grep -q "^\*\*Its end not recorded:\*\* $j has every row" "$j/report.md"
    "$CLX" run --resume "$j" --quiet > "$W/lastjson-resume.log" 2>&1; rc=$?
    check json_end_resume_finishes sh -c "test $rc -eq 0 -a $(tsv_rows "$j/results.tsv") -eq 4 && grep -q '\"finished\"' '$j/run.json'"
    # A folder whose results.tsv has no run.json beside it (an earlier clx measured on without it):
    # resume, report and compare say what happened and what to do, not a bare ENOENT; exit 4.
    rm -rf "$W/stranded"; cp -R "$j" "$W/stranded"; rm "$W/stranded/run.json"
    for cmd in "run --resume" report compare; do
        if [ "$cmd" = compare ]; then "$CLX" compare "$W/stranded" "$j" --out "$W/stranded-cmp" > "$W/stranded.log" 2>&1; rc=$?
        else "$CLX" $cmd "$W/stranded" > "$W/stranded.log" 2>&1; rc=$?; fi
        check "stranded_${cmd#run --}" sh -c "test $rc -eq 4 && grep -q '$W/stranded holds results.tsv but no run.json: the run could not write it when it started (a full disk), or it was removed; .*measure them again with clx run' '$W/stranded.log' && ! grep -q 'No such file' '$W/stranded.log'"
    done
    # clx merge that cannot write its run.json: what it made of --out goes (a folder it created, or
    # the files it wrote into an empty one), said with the retry; the same merge then writes it
    # (a pipeline's merge step retried), not refused for a leftover.
    rm -rf "$W/shards" "$W/merged" "$W/empty"; mkdir -p "$W/empty"
    for k in 1 2; do "$CLX" run vecsum --quick $FEW --shard $k/2 --out "$W/shards" --quiet > /dev/null 2>&1; done
    for o in merged empty; do
        FULLWRITE_JSON=0 LD_PRELOAD=$PWD/$W/fullwrite.so ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
            "$CLX" merge "$W"/shards/vecsum-shard* --out "$W/$o" > "$W/$o.out" 2> "$W/$o.err"; rc=$?
        check "merge_${o}_exit_4" sh -c "test $rc -eq 4 && grep -q '^clx merge: cannot write $W/$o/run.json: No space left on device' '$W/$o.err'"
    done
    check merge_new_removed sh -c "test ! -e '$W/merged' && grep -q '^clx merge: $W/merged removed (the merge could not write it whole): the same merge writes it once its disk has room\$' '$W/merged.err'"
    check merge_empty_emptied sh -c "test -d '$W/empty' && test -z \"\$(ls -A '$W/empty')\" && grep -q '^clx merge: what the merge wrote into $W/empty is removed' '$W/empty.err'"
    for o in merged empty; do
        "$CLX" merge "$W"/shards/vecsum-shard* --out "$W/$o" > "$W/$o-again.log" 2>&1; rc=$?
        check "merge_${o}_retried" sh -c "test $rc -eq 0 && test $(tsv_rows "$W/$o/results.tsv" 2>/dev/null || echo 0) -eq 24"
    done
else
    skip write_exit_4 "no cc to build the LD_PRELOAD"
fi

if ! unshare -m sh -c "mount -t tmpfs -o size=64k tmpfs '$D'" 2>/dev/null; then
    echo "PASS full_disk_skipped (cannot mount a tmpfs here: needs root and unshare -m)"
    finish
fi
# The tmpfs is sized from a run of the same experiment on the same device into a folder of no limit:
# room for every file but results.tsv (run.json as it ends, a page more than while rows are written)
# and one page more, so results.tsv (four pages or more) is the file that fills it, whatever the
# device's binaries weigh. tmpfs counts whole pages of data.
R=$TMP/full_ref
rm -rf "$R"
"$CLX" run vecsum --quick $FEW --out "$R" --quiet > /dev/null 2>&1
PAGE=$(getconf PAGESIZE)
pages() { find "$R"/latest/ -type f "$@" -printf '%s\n' | awk -v p="$PAGE" '{ n += int(($1 + p - 1) / p) } END { print n + 0 }'; }
others=$(pages ! -name results.tsv)
check full_ref_tsv_pages test "$(pages -name results.tsv)" -ge 4
size=$(( (others + 1) * PAGE / 1024 ))
F=$TMP/full_run
rm -rf "$F"
unshare -m sh -c "mount -t tmpfs -o size=${size}k tmpfs '$D' && '$CLX' run vecsum --quick $FEW --out '$D' --quiet \
    > '$TMP/full.out' 2> '$TMP/full.err'; echo \$? > '$TMP/full.rc'; cp '$D'/latest/results.tsv '$TMP/full.tsv' 2>/dev/null;
    cp -R \"\$(readlink -f '$D'/latest)\" '$F'"
rc=$(cat "$TMP/full.rc")
check full_exit_4 test "$rc" -eq 4
check full_no_ok_line test -z "$(grep -E '[0-9]+ ok, ' "$TMP/full.out")"
check full_says_incomplete grep -q 'are incomplete: the sweep stopped at the first row it could not write' "$TMP/full.err"
check full_names_file grep -q 'cannot write .*: No space left on device' "$TMP/full.err"
check full_names_results_tsv grep -q 'cannot write .*/results.tsv: No space left on device' "$TMP/full.err"
check full_says_resume grep -q "^clx: to continue once its disk has room: $CLX run --resume $D/vecsum-" "$TMP/full.err"
# The rows the stop line counts are the file's (none measured after it, or counted unwritten).
check full_rows_said test "$(sed -n 's/^clx: stopped by a failed write to results.tsv (No space left on device): \([0-9]*\) rows* in .*/\1/p' \
    "$TMP/full.err")" = "$(tsv_rows "$TMP/full.tsv")"
# Every line the file kept is whole: as many fields as the header, and it ends with a newline.
check full_rows_whole awk -F'\t' 'NR == 1 { n = NF } NF != n { exit 1 }' "$TMP/full.tsv"
check full_ends_with_newline test "$(tail -c 1 "$TMP/full.tsv" | od -An -c | tr -d ' ')" = '\n'
check full_kept_rows test "$(tsv_rows "$TMP/full.tsv")" -ge 1
# run.json, rewritten whole beside the old one, finds no room either: it says what it said at the
# start (were it written, interrupted by the write). Either way no reader takes the run as whole:
# report exits 4 and says it is unfinished, compare --fail-on fails on the configurations it lacks.
check full_run_json_not_finished test -s "$F/run.json" -a -z "$(grep '"finished"' "$F/run.json")"
ended='is unfinished \(still running, or ended without saying so: killed, or a full disk; run.json says neither finished nor interrupted\)|was stopped by a failed write to results.tsv'
"$CLX" report "$F" --quiet > "$TMP/full_report.log" 2>&1; rc=$?
check full_report_exit_4 test "$rc" -eq 4
check full_report_says grep -Eq "^clx: report: $F ($ended)" "$TMP/full_report.log"
check full_report_md grep -Eq "^\*\*Part of a sweep:\*\* $F ($ended)" "$F/report.md"
rm -rf "$TMP/full_cmp"
"$CLX" compare "$R/latest" "$F" --fail-on fail --out "$TMP/full_cmp" > "$TMP/full_cmp.log" 2>&1; rc=$?
check full_compare_fail_on test "$rc" -eq 1
check full_compare_says grep -Eq "^clx: compare: B \($F\) ($ended)" "$TMP/full_cmp.log"
check full_compare_fail_on_said grep -Eq "^clx: compare: B (is unfinished|was stopped): [0-9]+ configurations A measured have no row in it \(--fail-on fail\)\$" "$TMP/full_cmp.log"
check full_compare_md grep -Eq "^\*\*(Unfinished|Stopped):\*\* B \($F\) ($ended)" "$TMP/full_cmp/compare.md"
# Once there is room, --resume finishes it.
"$CLX" run --resume "$F" --quiet > "$TMP/full_resume.log" 2>&1; rc=$?
check full_resume_completes test "$rc" -eq 0 -a "$(tsv_rows "$F/results.tsv")" -eq "$(tsv_rows "$R/latest/results.tsv")"
check full_resume_finished grep -q '"finished"' "$F/run.json"

# clx merge over a partial merge that the disk cannot hold beside the new one: refused (exit 4),
# the partial merge put back as it was, nothing set aside left. The tmpfs holds the partial merge
# and the whole one but a page (the new one is written before the old one goes).
S=$TMP/full_shards
rm -rf "$S" "$TMP/full_part" "$TMP/full_whole"
"$CLX" run vecsum --quick $FEW --shard 1/2 --out "$S" --quiet > /dev/null 2>&1
"$CLX" run vecsum --quick $FEW --shard 2/2 --out "$S" --quiet > /dev/null 2>&1
s1=$(ls -d "$S"/vecsum-shard1of2-*); s2=$(ls -d "$S"/vecsum-shard2of2-*)
"$CLX" merge "$s1" --partial --out "$TMP/full_part" > /dev/null 2>&1
"$CLX" merge "$s1" "$s2" --out "$TMP/full_whole" > /dev/null 2>&1
tree_pages() { find "$1" -type f -printf '%s\n' | awk -v p="$PAGE" '{ n += int(($1 + p - 1) / p) } END { print n + 0 }'; }
size=$(( ($(tree_pages "$TMP/full_part") + $(tree_pages "$TMP/full_whole") - 1) * PAGE / 1024 ))
unshare -m sh -c "mount -t tmpfs -o size=${size}k tmpfs '$D' && { '$CLX' merge '$s1' --partial --out '$D/m' > /dev/null 2>&1; true; } &&
    md5sum < '$D/m/results.tsv' > '$TMP/full_merge.before' &&
    { '$CLX' merge '$s1' '$s2' --out '$D/m' > '$TMP/full_merge.out' 2>&1; echo \$? > '$TMP/full_merge.rc'; } &&
    md5sum < '$D/m/results.tsv' > '$TMP/full_merge.after' && ls -A '$D/m' > '$TMP/full_merge.ls' &&
    cp '$D/m/run.json' '$TMP/full_merge.json'"
check full_merge_refused test "$(cat "$TMP/full_merge.rc")" -eq 4
check full_merge_says_why sh -c "grep -q 'No space left on device' '$TMP/full_merge.out' && grep -q 'holds its partial merge again, as it was' '$TMP/full_merge.out'"
check full_merge_partial_back cmp -s "$TMP/full_merge.before" "$TMP/full_merge.after"
check full_merge_still_partial grep -qE '"partial":[[:space:]]*true' "$TMP/full_merge.json"
check full_merge_nothing_aside sh -c "! grep -q partial-merge '$TMP/full_merge.ls'"
# clx report of a whole run on a disk with a page to spare: one line names what could not be
# written (report.md, and the plots or findings.tsv that did not fit), exit 4, and no temporary
# file is left behind.
size=$(( ($(tree_pages "$(readlink -f "$R/latest")") + 1) * PAGE / 1024 ))
unshare -m sh -c "mount -t tmpfs -o size=${size}k tmpfs '$D' && cp -R \"\$(readlink -f '$R'/latest)\" '$D/run' &&
    { '$CLX' report '$D/run' --quiet > '$TMP/full_rep.out' 2> '$TMP/full_rep.err'; echo \$? > '$TMP/full_rep.rc'; } &&
    find '$D/run' -name '*.tmp' > '$TMP/full_rep.tmps'"
check full_report_write_exit_4 test "$(cat "$TMP/full_rep.rc")" -eq 4
check full_report_write_one_line test "$(grep -c 'cannot write' "$TMP/full_rep.err")" -eq 1
check full_report_write_names grep -q "^clx: report: cannot write report.md.* in $D/run: No space left on device (no part-written file is left" "$TMP/full_rep.err"
check full_report_write_no_tmp test ! -s "$TMP/full_rep.tmps"
check full_report_write_not_results_words test -z "$(grep 'the rows before stay whole' "$TMP/full_rep.err")"

finish
