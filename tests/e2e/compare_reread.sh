# compare_reread.sh — clx compare --fail-on on a side whose results.tsv is rewritten while clx
# compare reads it (a clx merge into that folder, a resume of that run), on model runs (no device):
# its verdicts may mix two versions of that run, so --fail-on fail and slower exit 1 on it, a line
# naming the side; without --fail-on the exit stays 0 (documented: 1 is --fail-on's alone), the
# rewrite said all the same. gnuplot, at compare's first plot, stands in for the rewrite (it moves
# the file's modification time, as merge_stale.sh's compare does), so no timing counts.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$PWD/$TMP/compare_reread
rm -rf "$T"; mkdir -p "$T/gp"
. "$fx/make_run.sh"
make_run "$T/A" fixture 1 "1000 2000" "" rounds

if ! have_gnuplot; then
    skip compare_reread "$NO_PICTURES (the rewrite is made at compare's first plot)"
    finish
fi
real=$(command -v gnuplot)
# reason SIDE DIR: the gate's line's words for a rewritten side.
reason() {
    echo "results.tsv of side $1 ($2) was rewritten while clx compare read it: its verdicts may mix two versions of that run, a comparison that did not hold still"
}

# No rewrite: a whole B passes either gate.
copy_run "$T/A" "$T/B0" 24
"$CLX" compare "$T/A" "$T/B0" --fail-on fail --out "$T/c0" > "$T/c0.log" 2>&1; rc=$?
check reread_fresh_passes sh -c "test $rc -eq 0 && ! grep -q 'rewritten while' '$T/c0.log'"

# Without --fail-on: exit 0, the rewrite said, no gate's line.
copy_run "$T/A" "$T/B1" 24
rewrite_at_plot "$T/B1"
PATH="$T/gp:$PATH" "$CLX" compare "$T/A" "$T/B1" --out "$T/c1" > "$T/c1.log" 2>&1; rc=$?
check reread_no_gate_exit_0 sh -c "test $rc -eq 0 && test -e '$T/gp/touched'"
check reread_no_gate_said grep -q "^clx: compare: results.tsv of side B ($T/B1: read at .*) was rewritten while clx compare read it" "$T/c1.log"
check reread_no_gate_no_line sh -c "! grep -q 'fail-on' '$T/c1.log'"
# compare.md, read later from anywhere, names clx as a document does; the console as it was called.
check reread_console_cmd grep -qF "; $CLX compare run again compares the rows there now" "$T/c1.log"
check reread_md_doc_cmd grep -qF "; clx compare run again compares the rows there now." "$T/c1/compare.md"
# compare.md names the side's folder as its sides table does, a real path in backticks: B1 given
# relative to where compare ran ("B1" read later, from elsewhere, is no folder), the console as given.
R=$(cd "$T" && pwd -P)
abs_clx=$(cd "$(dirname "$CLX")" && pwd)/$(basename "$CLX")
copy_run "$T/A" "$T/Br" 24
rewrite_at_plot "$T/Br"
(cd "$T" && PATH="$T/gp:$PATH" "$abs_clx" compare A Br --out cr > cr.log 2>&1); rc=$?
check reread_rel_exit_0 sh -c "test $rc -eq 0 && test -e '$T/gp/touched'"
check reread_rel_console grep -q "^clx: compare: results.tsv of side B (Br: read at .*) was rewritten" "$T/cr.log"
check reread_rel_md_real grep -q "^\*\*Rewritten meanwhile:\*\* results.tsv of side B (\`$R/Br\`: read at .*) was rewritten" "$T/cr/compare.md"
check reread_rel_md_as_sides grep -qF "| B | \`$R/Br\` |" "$T/cr/compare.md"

# --fail-on fail and slower: exit 1, the side named once on the gate's line (--quiet keeps it).
for f in fail slower; do
    copy_run "$T/A" "$T/B$f" 24
    rewrite_at_plot "$T/B$f"
    PATH="$T/gp:$PATH" "$CLX" compare "$T/A" "$T/B$f" --fail-on "$f" --quiet --out "$T/g$f" > "$T/g$f.log" 2>&1; rc=$?
    check "reread_fail_on_${f}_exit_1" test "$rc" -eq 1
    check "reread_fail_on_${f}_said" test "$(grep -cxF "clx: compare: $(reason B "$T/B$f") (--fail-on $f)" "$T/g$f.log")" -eq 1
done

# A rewritten A fails the gate the same: the verdicts are of both.
copy_run "$T/A" "$T/Aw" 23
copy_run "$T/A" "$T/B2" 24
rewrite_at_plot "$T/Aw"
PATH="$T/gp:$PATH" "$CLX" compare "$T/Aw" "$T/B2" --fail-on fail --out "$T/ga" > "$T/ga.log" 2>&1; rc=$?
check reread_side_a_fails sh -c "test $rc -eq 1 && grep -qxF 'clx: compare: $(reason A "$T/Aw") (--fail-on fail)' '$T/ga.log'"

# Within one run (--by build): the run named by its folder, no side.
copy_run "$T/A" "$T/R" 25
rewrite_at_plot "$T/R"
PATH="$T/gp:$PATH" "$CLX" compare "$T/R" --by build --fail-on fail --out "$T/gby" > "$T/gby.log" 2>&1; rc=$?
check reread_by_fails sh -c "test $rc -eq 1 && grep -qxF 'clx: compare: results.tsv of $T/R was rewritten while clx compare read it: its verdicts may mix two versions of that run, a comparison that did not hold still (--fail-on fail)' '$T/gby.log'"
check reread_by_line_said grep -q "^clx: compare: results.tsv of $T/R (read at .*; now: .*) was rewritten while clx compare read it" "$T/gby.log"
finish
