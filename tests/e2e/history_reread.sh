# history_reread.sh — clx history on a run whose results.tsv is rewritten while clx history reads it
# (a clx merge into that folder, a resume of that run), on model runs (no device): its verdicts may
# mix two versions of that run, so history says so, naming the run by its number by date and its
# folder, on the console and under history.md's title; the exit stays 0 without --fail-on, and is 1
# under it, the reason the console's last line and the mark in history.md. As in
# compare_reread.sh, gnuplot, at history's plot, stands in for the rewrite (it moves the file's
# modification time), so no timing counts.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$PWD/$TMP/history_reread
rm -rf "$T"; mkdir -p "$T/gp"
R=$(cd "$T" && pwd -P)          # the folders' real paths, as history.md names them
. "$fx/make_run.sh"
# Three runs of one sweep a day apart, each with rows of its own (no copies of one another).
make_run "$T/A" fixture 1 "1000 2000" "" rounds
copy_run "$T/A" "$T/B" 24
copy_run "$T/A" "$T/C" 25
scale "$T/B" '1' 1.0005
scale "$T/C" '1' 1.001

if ! have_gnuplot; then
    skip history_reread "$NO_PICTURES (the rewrite is made at history's plot)"
    finish
fi
real=$(command -v gnuplot)
said() { echo "results.tsv of $1 was rewritten while clx history read it and wrote its files"; }

# No rewrite: nothing said.
"$CLX" history "$T/A" "$T/B" "$T/C" --out "$T/h0" > "$T/h0.log" 2>&1; rc=$?
check reread_fresh_exit_0 test "$rc" -eq 0
check reread_fresh_silent sh -c "! grep -q 'rewritten' '$T/h0.log' '$T/h0/history.md'"

# B rewritten, the runs given out of date order: B is run 2 by date, named so with its folder, on the
# console once and under history.md's title; exit 0.
rewrite_at_plot "$T/B"
PATH="$T/gp:$PATH" "$CLX" history "$T/C" "$T/B" "$T/A" --out "$T/h1" > "$T/h1.log" 2>&1; rc=$?
check reread_exit_0 sh -c "test $rc -eq 0 && test -e '$T/gp/touched'"
check reread_console_once test "$(grep -c "^clx: history: results.tsv of run 2 ($T/B: read at .*; now: .*) was rewritten while clx history read it and wrote its files" "$T/h1.log")" -eq 1
check reread_console_only_b sh -c "! grep 'rewritten while' '$T/h1.log' | grep -q '$T/[AC]'"
check reread_md_under_title sh -c "sed -n 3p '$T/h1/history.md' | grep -q '^\*\*Rewritten meanwhile:\*\* results.tsv of run 2 (\`$R/B\`: read at .*; now: .*) was rewritten while clx history read it'"
check reread_md_once test "$(grep -c 'Rewritten meanwhile' "$T/h1/history.md")" -eq 1
check reread_says_again grep -q "run again reads the rows there now" "$T/h1.log"
# The console names clx as it was called, history.md as a document does (read later, from anywhere:
# "./clx history" there was of one folder).
check reread_console_cmd grep -qF "; $CLX history run again reads the rows there now" "$T/h1.log"
check reread_md_doc_cmd grep -qF "; clx history run again reads the rows there now." "$T/h1/history.md"

# Two runs rewritten: both named, by date, in one line ("were").
scale "$T/B" '1' 1                          # its own stamp again (the fake moved its time to 2001)
rewrite_at_plot "$T/A" "$T/C"
PATH="$T/gp:$PATH" "$CLX" history "$T/A" "$T/B" "$T/C" --out "$T/h2" > "$T/h2.log" 2>&1; rc=$?
check reread_two_exit_0 test "$rc" -eq 0
check reread_two_named grep -q "^clx: history: results.tsv of run 1 ($T/A: read at .*), run 3 ($T/C: read at .*) were rewritten while clx history read it" "$T/h2.log"
check reread_two_md grep -q "^\*\*Rewritten meanwhile:\*\* results.tsv of run 1 (\`$R/A\`: .*), run 3 (\`$R/C\`: .*) were rewritten" "$T/h2/history.md"

# The runs given relative to where history ran: the console names them so (read there), history.md
# by their real paths in backticks, as compare.md's sides table does (read later, from anywhere, where
# "B" is no folder).
scale "$T/A" '1' 1; scale "$T/C" '1' 1     # their own stamps again
rewrite_at_plot "$T/B"
abs_clx=$(cd "$(dirname "$CLX")" && pwd)/$(basename "$CLX")
(cd "$T" && PATH="$T/gp:$PATH" "$abs_clx" history A B C --out h3 > h3.log 2>&1); rc=$?
check reread_rel_exit_0 sh -c "test $rc -eq 0 && test -e '$T/gp/touched'"
check reread_rel_console grep -q "^clx: history: results.tsv of run 2 (B: read at .*) was rewritten" "$T/h3.log"
check reread_rel_md_real grep -q "^\*\*Rewritten meanwhile:\*\* results.tsv of run 2 (\`$R/B\`: read at .*) was rewritten" "$T/h3/history.md"

# Under --fail-on, as compare's gate: exit 1, the rewritten run the console's last line, and
# history.md's mark says the gate fails on it (its gate section was written before the rewrite).
scale "$T/B" '1' 1
rewrite_at_plot "$T/B"
PATH="$T/gp:$PATH" "$CLX" history "$T/A" "$T/B" "$T/C" --fail-on fail --out "$T/h4" > "$T/h4.log" 2>&1; rc=$?
check reread_gate_exit_1 sh -c "test $rc -eq 1 && test -e '$T/gp/touched'"
check reread_gate_last_line sh -c "tail -n 1 '$T/h4.log' | grep -q '^clx: history: results.tsv of run 2 ($T/B) was rewritten while clx history read it: its verdicts may mix two versions of that run, a comparison that did not hold still (--fail-on fail)\$'"
check reread_gate_md grep -q "^\*\*Rewritten meanwhile:\*\* .*(clx history --fail-on fail fails on it: exit 1)\.$" "$T/h4/history.md"
finish
