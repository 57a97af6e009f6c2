#!/bin/sh
# merge_readers.sh — readers of a folder a clx merge is writing now say so in one line, "a merge into
# DIR is in progress (pid N on HOST); its results are partial": clx report, compare and history go on
# with it first (report.md, compare.md and history.md too, and the report's exit status is the folder's
# as without it), and clx run --resume refuses (exit 4), as a second merge does. Where the merge has written nothing to read
# yet (a new --out), report refuses with the same line. The merge is held inside its lock by
# CLX_PAUSE_IN_MERGE (a FIFO it reads till this test closes it), so that no timing counts.
. tests/e2e/lib.sh
T=$PWD/$TMP/merge_readers
rm -rf "$T"; mkdir -p "$T"

merge_shards
# A second run of the sweep, for compare and history to set beside the merge.
"$CLX" run vecsum --quick --set variant=naive --out "$T/runs" --quiet > /dev/null 2>&1
other=$(ls -d "$T"/runs/vecsum-* | head -n 1)
check readers_premise sh -c "test $rc -eq 0 && test -f '$T/alone/run.json' && test -f '$other/run.json'"
cp -R "$T/alone" "$T/m"
# The report's status of the merged folder with no merge going on: the same one expected below.
"$CLX" report "$T/alone" --quiet > "$T/alone-report.log" 2>&1; alone_rc=$?

if [ ! -r /proc/locks ]; then
    skip readers_say_merge "no /proc/locks: the lock's holder cannot be named"
    finish
fi
LINE="a merge into $T/m is in progress (pid PID on $(uname -n)); its results are partial"

# Over a folder holding this merge already (a pipeline's merge step run again): the readers go on.
hold_merge whole "$T/m"
L=$(echo "$LINE" | sed "s/PID/$first/")
"$CLX" report "$T/m" --quiet > "$T/m-report.log" 2>&1; report_rc=$?
"$CLX" compare "$T/m" "$other" --out "$T/m-compare" > "$T/m-compare.log" 2>&1; compare_rc=$?
"$CLX" history "$T/m" "$other" --out "$T/m-history" > "$T/m-history.log" 2>&1; history_rc=$?
"$CLX" run --resume "$T/m" --quiet > "$T/m-resume.log" 2>&1; resume_rc=$?
let_go
check report_goes_on sh -c "test $report_rc -eq $alone_rc && test -f '$T/m/report.md'"
check report_says_first sh -c "head -n 1 '$T/m-report.log' | grep -qxF 'clx: report: $L'"
check report_md_says grep -qxF "**Merge in progress:** $L." "$T/m/report.md"
check compare_goes_on sh -c "test $compare_rc -ne 4 && test -f '$T/m-compare/compare.md'"
check compare_says_first sh -c "head -n 1 '$T/m-compare.log' | grep -qxF 'clx: $L'"
check history_goes_on sh -c "test $history_rc -ne 4 && test -f '$T/m-history/history.md'"
check history_says_first sh -c "head -n 1 '$T/m-history.log' | grep -qxF 'clx: $L'"
check compare_md_says grep -qxF "**Merge in progress:** $L." "$T/m-compare/compare.md"
check history_md_says grep -qxF "**Merge in progress:** $L." "$T/m-history/history.md"
check resume_refused sh -c "test $resume_rc -eq 4 && grep -qxF 'clx: cannot resume $T/m: $L' '$T/m-resume.log'"
check resume_one_line test "$(wc -l < "$T/m-resume.log")" -eq 1
check merge_then_whole sh -c "test $first_rc -eq 0 && cmp -s '$T/alone/results.tsv' '$T/m/results.tsv'"
# The merge ended: no word of it any more.
"$CLX" report "$T/m" --quiet > "$T/after-report.log" 2>&1
check after_no_word sh -c "! grep -q 'is in progress' '$T/after-report.log' && ! grep -q 'Merge in progress' '$T/m/report.md'"

# Into a new --out: nothing of it to read yet, said with the same line.
hold_merge new "$T/n"
L=$(echo "$LINE" | sed -e "s/PID/$first/" -e "s|$T/m|$T/n|")
"$CLX" report "$T/n" --quiet > "$T/n-report.log" 2>&1; report_rc=$?
"$CLX" run --resume "$T/n" --quiet > "$T/n-resume.log" 2>&1; resume_rc=$?
let_go
check new_report_refused sh -c "test $report_rc -eq 4 &&
    grep -qxF 'clx: report: $L: nothing whole to read yet; read it again once that merge has ended' '$T/n-report.log'"
check new_resume_refused sh -c "test $resume_rc -eq 4 && grep -qxF 'clx: cannot resume $T/n: $L' '$T/n-resume.log'"
check new_merge_whole sh -c "test $first_rc -eq 0 && cmp -s '$T/alone/results.tsv' '$T/n/results.tsv'"
finish
