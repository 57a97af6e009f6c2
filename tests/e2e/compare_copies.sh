# compare_copies.sh — runs whose results.tsv rows are the same cell for cell (a run folder copied a
# few times, the same shards merged twice) are said once per group of such runs, never once per
# pair (a history of 300 copies printed 45,000 lines): on the console and in compare.md and
# history.md alike, a group of more than four naming the first three and counting the rest; two
# groups are two lines; runs that differ in a cell are no copies. Model runs, no device.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/compare_copies
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# copies_said FILE: the lines of FILE that say runs hold the same rows.
copies_said() { grep -c 'cell for cell' "$1"; }

# A and five copies a day apart: one group of six.
make_run "$T/A" fixture 1 "1000 2000" "" rounds
for d in 2 3 4 5 6; do copy_run "$T/A" "$T/A$d" "$((22 + d))"; done     # after A, in this order
"$CLX" history "$T/A" "$T/A2" "$T/A3" "$T/A4" "$T/A5" "$T/A6" --out "$T/h6" > "$T/h6.log" 2>&1; rc=$?
check copies_history_ran test "$rc" -eq 0 -a -f "$T/h6/history.md"
check copies_history_one_line test "$(copies_said "$T/h6.log")" -eq 1
check copies_history_group_said grep -q "^clx: runs $T/A, $T/A2, $T/A3 and 3 others hold the same rows cell for cell (copies of one run): the verdicts between them measure no second run$" "$T/h6.log"
check copies_history_md_one_line test "$(copies_said "$T/h6/history.md")" -eq 1
check copies_history_md_said grep -q "^\*\*runs $T/A, $T/A2, $T/A3 and 3 others hold the same rows cell for cell\*\* (copies of one run): the verdicts between them measure no second run\.$" "$T/h6/history.md"

# Four are named each, in the order given.
"$CLX" compare "$T/A" "$T/A2" "$T/A3" "$T/A4" --out "$T/c4" > "$T/c4.log" 2>&1; rc=$?
check copies_compare_ran test "$rc" -eq 0 -a -f "$T/c4/compare.md"
check copies_compare_one_line test "$(copies_said "$T/c4.log")" -eq 1
check copies_compare_four_named grep -q "^clx: runs $T/A, $T/A2, $T/A3 and $T/A4 hold the same rows cell for cell (copies of one run)" "$T/c4.log"
check copies_compare_md_one_line test "$(copies_said "$T/c4/compare.md")" -eq 1
check copies_compare_md_said grep -q "^\*\*runs $T/A, $T/A2, $T/A3 and $T/A4 hold the same rows cell for cell\*\* (copies of one run)" "$T/c4/compare.md"

# Two groups (A's copies, and B, 10% slower, with its own): two lines, each naming its own runs.
copy_run "$T/A" "$T/B" 27
scale "$T/B" 1 1.1
copy_run "$T/B" "$T/B2" 28
copy_run "$T/B" "$T/B3" 29
"$CLX" compare "$T/A" "$T/B" "$T/A2" "$T/B2" "$T/A3" "$T/B3" --out "$T/c2g" > "$T/c2g.log" 2>&1; rc=$?
check copies_groups_ran test "$rc" -eq 0 -a -f "$T/c2g/compare.md"
check copies_groups_two_lines test "$(copies_said "$T/c2g.log")" -eq 2 -a "$(copies_said "$T/c2g/compare.md")" -eq 2
check copies_groups_a grep -q "^clx: runs $T/A, $T/A2 and $T/A3 hold the same rows" "$T/c2g.log"
check copies_groups_b grep -q "^clx: runs $T/B, $T/B2 and $T/B3 hold the same rows" "$T/c2g.log"

# A pair says which is the copy of which; a run that differs in one cell is in no group.
cp -r "$T/A" "$T/Acell"
scale "$T/Acell" 'NR == 2' 1.0005
"$CLX" compare "$T/A" "$T/A2" "$T/Acell" --out "$T/cpair" > "$T/cpair.log" 2>&1; rc=$?
check copies_pair_ran test "$rc" -eq 0
check copies_pair_said grep -q "^clx: $T/A2 holds the rows of $T/A cell for cell (a copy of one run): the verdicts between them measure no second run$" "$T/cpair.log"
check copies_pair_one_line test "$(copies_said "$T/cpair.log")" -eq 1 -a "$(copies_said "$T/cpair/compare.md")" -eq 1
check copies_pair_md grep -q "^\*\*$T/A2 holds the rows of $T/A cell for cell\*\* (a copy of one run)" "$T/cpair/compare.md"
finish
