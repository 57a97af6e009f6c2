# compare_cut.sh — clx compare of a run whose rows a stop cut short (flag, flag rounds-cut:
# only some of their rounds ran), on model runs (no device): such a row is a result, joined on its
# configuration and compared (its verdict marked rounds-cut), and --fail-on fail and slower exit 1
# on it, one line for each side that has them, compare.md saying it in bold with or without
# --fail-on: a stop in a run's last rounds left every configuration a row, and a gate passed on
# rows of one round. A's own cut rows fail nothing (A is the baseline, not what is under test), but
# are counted on the console (with why the gate passes them under --fail-on, --quiet too) and in
# compare.md: the verdicts on them rest on fewer rounds; a whole B fails nothing either. A
# --fail-on of another value names every reason the gate fails on. The
# times are a model's, so every verdict is the same on any machine.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/compare_cut
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# cut_rows DIR N: the first N rows of DIR cut short by a stop, as clx writes them (status cut, flag
# rounds-cut, two rounds of five), its run.json saying interrupted by SIGINT.
cut_rows() {
    awk -F'\t' -v OFS='\t' -v n="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        NR <= n + 1 { $c["status"] = "cut"; $c["flag"] = "rounds-cut"; split($c["round_ms"], r, ";"); $c["round_ms"] = r[1] ";" r[2] }
        { print }' "$1/results.tsv" > "$1/r.tmp" && mv "$1/r.tmp" "$1/results.tsv"
    sed -i 's/"finished": "[^"]*"/"interrupted": "2026-11-23T10:00:30+0000", "interrupted_by": "SIGINT"/' "$1/run.json"
}
A=$T/A
make_run "$A" fixture 1 "1000 2000" "" rounds
rows=$(tsv_rows "$A/results.tsv")
copy_run "$A" "$T/B" 24
cut_rows "$T/B" 3
copy_run "$A" "$T/C" 25
check cut_premise test "$(tsv_count "$T/B/results.tsv" status cut)" -eq 3 -a "$(tsv_rows "$T/B/results.tsv")" -eq "$rows"

# Today's reading, kept: the cut rows are joined and compared, each with a verdict marked rounds-cut.
"$CLX" compare "$A" "$T/B" --out "$T/c" > "$T/c.log" 2>&1; rc=$?
check cut_no_gate_exit_0 test "$rc" -eq 0
check cut_joined grep -q "^clx: compare fixture: $rows configurations in common" "$T/c.log"
check cut_compared test "$(tsv_count "$T/c/compare.tsv" status_B cut)" -eq 3 -a "$(tsv_count "$T/c/compare.tsv" rounds_cut_B yes)" -eq 3
check cut_verdict_marked test "$(grep -c '(rounds-cut) |' "$T/c/compare.md")" -eq 3
said="B has 3 configurations a stop cut short (flag rounds-cut: only some of their rounds ran), never shown to pass whole"
check cut_md_said grep -qF "**$said** (clx compare --fail-on fails on these" "$T/c/compare.md"
check cut_no_gate_no_line sh -c "! grep -q 'fail-on' '$T/c.log'"

# --fail-on fail and slower: exit 1, the line said once.
for f in fail slower; do
    "$CLX" compare "$A" "$T/B" --fail-on "$f" --out "$T/g$f" > "$T/g$f.log" 2>&1; rc=$?
    check "cut_fail_on_${f}_exit_1" test "$rc" -eq 1
    check "cut_fail_on_${f}_said" test "$(grep -cxF "clx: compare: $said (--fail-on $f)" "$T/g$f.log")" -eq 1
done
# --quiet keeps the gate's line.
"$CLX" compare "$A" "$T/B" --fail-on fail --quiet --out "$T/q" > "$T/q.log" 2>&1; rc=$?
check cut_quiet_said sh -c "test $rc -eq 1 && grep -qxF 'clx: compare: $said (--fail-on fail)' '$T/q.log'"

# Three sides: each side with cut rows said, joined by "; "; the whole one not named.
"$CLX" compare "$A" "$T/C" "$T/B" --fail-on fail --out "$T/three" > "$T/three.log" 2>&1; rc=$?
check cut_three_exit_1 test "$rc" -eq 1
check cut_three_said grep -qxF "clx: compare: C has 3 configurations a stop cut short (flag rounds-cut: only some of their rounds ran), never shown to pass whole (--fail-on fail)" "$T/three.log"

# A folder an older clx left: the rows `ok` with the flag, run.json saying finished (a resume whose
# rewrite failed): the flag is what is read, so the gate fails the same.
D=$T/D
copy_run "$T/B" "$D" 26
sed -i -e 's/\tcut\t/\tok\t/' -e 's/"interrupted": "[^"]*", "interrupted_by": "SIGINT"/"finished": "2026-11-26T10:01:00+0000"/' "$D/results.tsv" "$D/run.json"
check cut_older_premise test "$(tsv_count "$D/results.tsv" status cut)" -eq 0 -a "$(grep -c rounds-cut "$D/results.tsv")" -eq 3 -a \
    -n "$(grep '"finished"' "$D/run.json")"
"$CLX" compare "$A" "$D" --fail-on fail --out "$T/older" > "$T/older.log" 2>&1; rc=$?
check cut_older_fails sh -c "test $rc -eq 1 && grep -qxF 'clx: compare: $said (--fail-on fail)' '$T/older.log'"

# A whole B against A: nothing to fail, and no row of A's cut short to count.
"$CLX" compare "$A" "$T/C" --fail-on fail --out "$T/whole" > "$T/whole.log" 2>&1; rc=$?
check cut_whole_passes sh -c "test $rc -eq 0 && ! grep -q \"of A's rows\" '$T/whole.log' '$T/whole/compare.md'"
# A's own cut rows (C against a stopped A) fail neither gate, but are counted: on the console, with
# why the gate passes them where one is given (--quiet too), and in bold in compare.md.
asaid="3 of A's rows were cut short by a stop (flag rounds-cut: only some of their rounds ran): their verdicts rest on fewer rounds than A's run asked"
why="does not fail on them: A is the baseline, not what is under test; its resume, said with its stop, measures them whole"
for f in fail slower; do
    "$CLX" compare "$T/B" "$T/C" --fail-on "$f" --out "$T/acut$f" > "$T/acut$f.log" 2>&1; rc=$?
    check "cut_a_side_passes_$f" sh -c "test $rc -eq 0 && ! grep -q 'never shown to pass whole' '$T/acut$f.log'"
    check "cut_a_side_counted_$f" test "$(grep -cxF "clx: compare: $asaid (--fail-on $f $why)" "$T/acut$f.log")" -eq 1
done
check cut_a_side_md grep -qF "**$asaid** (clx compare --fail-on does not fail on these: A is the baseline" "$T/acutfail/compare.md"
"$CLX" compare "$T/B" "$T/C" --quiet --out "$T/acutq" > "$T/acutq.log" 2>&1; rc=$?
check cut_a_side_quiet_counted sh -c "test $rc -eq 0 && grep -qxF \"clx: compare: $asaid\" '$T/acutq.log'"

# Another --fail-on: exit 2, its line naming every reason the gate fails on, these rows among them,
# in the words --help's exit statuses use (one home: CMP_FAIL_WORDS).
"$CLX" compare "$A" "$T/B" --fail-on faster > "$T/bad.log" 2>&1; rc=$?
reasons="a configuration that did not pass on another side where RUN_A's did not fail, or that another side stopped or unfinished lacks, or whose row a stop cut short on another side, or that RUN_A measured and another run skipped, or a side whose results.tsv was rewritten while clx compare read it"
check cut_usage_names_all sh -c "test $rc -eq 2 && grep -qF \"clx compare: --fail-on takes 'slower' (exit 1 on $reasons, or on a configuration SLOWER than RUN_A) or 'fail' (all of those but SLOWER), not 'faster'\" '$T/bad.log'"
"$CLX" compare --help | tr '\n' ' ' | tr -s ' ' > "$T/help.txt"
check cut_help_same_words grep -qF "1 under --fail-on: $reasons (fail, slower)" "$T/help.txt"
finish
