# draft_busy.sh — two clx writing into one folder at once: clx compare and clx history draw their
# files in OUT/compare.tmp/ (history.tmp/), a report in RUN/report.tmp/, and a second one at the same
# folder had emptied the first's draft under it, or had its files moved into place with the first's,
# the first then saying "compare.md, compare.tsv, speedup.png, verdicts.png" where verdicts.png was
# gone. The draft is held while it is drawn: a second is refused (exit 4, one line naming the folder
# and the draft, nothing written, the other's draft untouched). The other clx is stood in for by
# flock(1) holding the draft, so the test does not race two processes. A draft no one holds (a clx
# killed outright left it) is emptied and the command writes as before. Model runs: no device.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/draft_busy
rm -rf "$T"; mkdir -p "$T"
if ! command -v flock > /dev/null 2>&1; then skip draft_busy "no flock(1) here (util-linux)"; exit 0; fi
. "$fx/make_run.sh"
A=$T/A
make_run "$A" fixture 1 "1000 2000" "" rounds
copy_run "$A" "$T/B" 24
scale "$T/B" 1 0.5

# busy NAME LOG DIR DRAFT CMD: refused, exit 4, the line said, the other's draft as it was, no other file.
busy() {
    check "${1}_exit_4" test "$rc" -eq 4
    check "${1}_said" grep -q "^clx: $5: another clx is writing into $3 now (it holds $3/$4, where it draws its files before they go in place): nothing was written; " "$2"
    check "${1}_draft_kept" test -f "$3/$4/theirs"
    check "${1}_nothing_written" test "$(find "$3" -type f | wc -l)" -eq 1
}

mkdir -p "$T/c/compare.tmp" && : > "$T/c/compare.tmp/theirs"
flock "$T/c/compare.tmp" "$CLX" compare "$A" "$T/B" --out "$T/c" > "$T/c.log" 2>&1; rc=$?
busy compare_busy "$T/c.log" "$T/c" compare.tmp compare
mkdir -p "$T/h/history.tmp" && : > "$T/h/history.tmp/theirs"
flock "$T/h/history.tmp" "$CLX" history "$A" "$T/B" --out "$T/h" > "$T/h.log" 2>&1; rc=$?
busy history_busy "$T/h.log" "$T/h" history.tmp history

# A report: the run folder's own files stay; the line names the clx report that draws it.
mkdir -p "$A/report.tmp" && : > "$A/report.tmp/theirs"
flock "$A/report.tmp" "$CLX" report "$A" --spec "$fx/fixture.spec" --quiet > "$T/r.log" 2>&1; rc=$?
check report_busy_exit_4 test "$rc" -eq 4
check report_busy_said grep -q "^clx: report: another clx is writing into $A now (it holds $A/report.tmp, .*nothing was written; once it has ended, .* report $A draws this one" "$T/r.log"
check report_busy_draft_kept test -f "$A/report.tmp/theirs"
check report_busy_no_report test ! -e "$A/report.md"

# Drafts no one holds any more (their clx killed outright): emptied, the command writes whole.
"$CLX" compare "$A" "$T/B" --out "$T/c" > "$T/c2.log" 2>&1; rc=$?
check compare_stale_draft_whole sh -c "test $rc -eq 0 && test -s '$T/c/compare.md' && test -z \"\$(find '$T/c' -name '*tmp*')\""
"$CLX" history "$A" "$T/B" --out "$T/h" > "$T/h2.log" 2>&1; rc=$?
check history_stale_draft_whole sh -c "test $rc -eq 0 && test -s '$T/h/history.md' && test -z \"\$(find '$T/h' -name '*tmp*')\""
"$CLX" report "$A" --spec "$fx/fixture.spec" --quiet > "$T/r2.log" 2>&1; rc=$?
check report_stale_draft_whole sh -c "test $rc -eq 0 && test -s '$A/report.md' && test ! -e '$A/report.tmp'"
# A draft's name taken by a link to another folder: the link removed, never followed (emptying the
# draft had emptied the folder it pointed at).
mkdir -p "$T/victim" "$T/l" && : > "$T/victim/keep.txt"
ln -s "$T/victim" "$T/l/compare.tmp"
"$CLX" compare "$A" "$T/B" --out "$T/l" > "$T/l.log" 2>&1; rc=$?
check linked_draft_written sh -c "test $rc -eq 0 && test -s '$T/l/compare.md' && test ! -e '$T/l/compare.tmp'"
check linked_draft_target_kept test -f "$T/victim/keep.txt"
finish
