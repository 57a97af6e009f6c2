#!/bin/sh
# merge_stale.sh — a report.md drawn from a merge's rows that were replaced while it was drawn is not
# left passing for a report of the rows there now: report.md records the results.tsv it read (size
# and modification time, on its second line), and the report, once in place, finds the file rewritten
# and marks itself stale at its top, saying so on the console. The merge's rewrite is stood in for by
# a gnuplot that copies a whole merge's results.tsv and run.json over the partial one's at the
# report's first plot, so that no timing counts (a real merge into the folder moves an older report
# aside; only one whose draft began after that move outlives the rows, a race). That merge says the
# report it removes, a report.md the user made, and keeps what no clx wrote there; and a clx compare
# whose side is rewritten while it compares says so (the same stand-in, at its first plot).
. tests/e2e/lib.sh
T=$PWD/$TMP/merge_stale
rm -rf "$T"; mkdir -p "$T/gp"

for k in 1 2; do "$CLX" run vecsum --quick --set variant=naive --shard $k/2 --out "$T/shards" --quiet > /dev/null 2>&1; done
s1=$(ls -d "$T"/shards/vecsum-shard1of2-* | head -n 1)
s2=$(ls -d "$T"/shards/vecsum-shard2of2-* | head -n 1)
"$CLX" merge "$s1" --partial --out "$T/P" > /dev/null 2>&1
"$CLX" merge "$s1" "$s2" --out "$T/W" > /dev/null 2>&1; rc=$?
check stale_premise sh -c "test $rc -eq 0 && test -f '$T/P/run.json' && test -f '$T/W/run.json'"

# A merge that replaces a partial merge removes the report drawn of it (moved aside with the rest),
# said on one line, the files named; one with no report.md says nothing of it.
"$CLX" merge "$s1" --partial --out "$T/R" > /dev/null 2>&1
"$CLX" report "$T/R" --quiet > /dev/null 2>&1
drawn=$(for f in report.md findings.tsv plots/; do test -e "$T/R/$f" && printf '%s, ' "$f"; done); drawn=${drawn%, }
"$CLX" merge "$s1" "$s2" --out "$T/R" > "$T/R.log" 2>&1; rc=$?
check report_premise sh -c "test $rc -eq 0 && case '$drawn' in report.md*) true ;; *) false ;; esac"
check report_removed_said sh -c "test $rc -eq 0 && test ! -e '$T/R/report.md' && grep -qxF 'clx merge: the report in $T/R ($drawn) described the partial merge and is removed; $CLX report $T/R makes one of the whole' '$T/R.log'"
# Files the user put beside the partial merge (notes, a folder of their own) are no merge's: they
# stay, said, and are never removed with the partial merge's own files.
"$CLX" merge "$s1" --partial --out "$T/N" > /dev/null 2>&1
echo 'my notes' > "$T/N/notes.md"; mkdir "$T/N/mine"; echo x > "$T/N/mine/a.txt"
"$CLX" merge "$s1" "$s2" --out "$T/N" > "$T/N.log" 2>&1; rc=$?
check no_report_nothing_said sh -c "grep -q 'held a partial merge of this sweep' '$T/N.log' && ! grep -q 'the report in' '$T/N.log'"
check user_files_kept sh -c "test $rc -eq 0 && grep -qx 'my notes' '$T/N/notes.md' && test -f '$T/N/mine/a.txt' && test ! -e '$T/N/.partial-merge'"
check user_files_said grep -qxF "clx merge: kept in $T/N what no clx wrote there: mine/, notes.md" "$T/N.log"

if ! have_gnuplot; then
    skip merge_stale "$NO_PICTURES (the merge's rewrite is made at the report's first plot)"
    finish
fi

# A merge's report with no rewrite: its record is of the results.tsv there, and it is not marked.
"$CLX" report "$T/W" --quiet > "$T/W.log" 2>&1
check stamp_recorded sh -c "sed -n 2p '$T/W/report.md' | grep -q '^<!-- clx report read results.tsv: $(wc -c < "$T/W/results.tsv") [0-9]*\.[0-9]* -->$'"
check fresh_not_marked sh -c "! grep -q 'Stale' '$T/W/report.md' '$T/W.log'"

real=$(command -v gnuplot)
cat > "$T/gp/gnuplot" <<SH
#!/bin/sh
[ -e "$T/gp/rewritten" ] || { : > "$T/gp/rewritten"; cp "$T/W/results.tsv" "$T/W/run.json" "$T/P/"; }
exec "$real" "\$@"
SH
chmod +x "$T/gp/gnuplot"
PATH="$T/gp:$PATH" "$CLX" report "$T/P" --quiet > "$T/P.log" 2>&1
check rewrite_made test -e "$T/gp/rewritten"
check stale_marked_top sh -c "sed -n 3p '$T/P/report.md' | grep -q '^\*\*Stale:\*\* the rows below are gone: this report read results.tsv at [0-9]* bytes, modified .*; now: $(wc -c < "$T/W/results.tsv") bytes, modified '"
check stale_said grep -q "^clx: report: $T/P/report.md is stale: results.tsv was rewritten after it was read" "$T/P.log"
# Drawn again, of the rows there now: no mark.
"$CLX" report "$T/P" --quiet > "$T/P2.log" 2>&1
check redrawn_not_marked sh -c "! grep -q 'Stale' '$T/P/report.md' '$T/P2.log'"

# A comparison whose side's results.tsv is rewritten while it is made (gnuplot, at its first plot,
# stands in for the merge: the file's modification time moved) says so on the console and under
# compare.md's title; one with no rewrite says nothing of it.
cat > "$T/gp/gnuplot" <<SH
#!/bin/sh
[ -e "$T/gp/touched" ] || { : > "$T/gp/touched"; touch -d '2001-01-01 00:00:00' "$T/P/results.tsv"; }
exec "$real" "\$@"
SH
"$CLX" compare "$T/W" "$T/P" --out "$T/C1" --quiet > "$T/C1.log" 2>&1
check compare_fresh_not_said sh -c "test -f '$T/C1/compare.md' && ! grep -q 'rewritten while' '$T/C1.log' '$T/C1/compare.md'"
PATH="$T/gp:$PATH" "$CLX" compare "$T/W" "$T/P" --out "$T/C2" --quiet > "$T/C2.log" 2>&1; rc=$?
check compare_rewrite_made sh -c "test $rc -eq 0 && test -e '$T/gp/touched'"
check compare_rewritten_said grep -q "^clx: compare: results.tsv of side B ($T/P: read at [0-9]* bytes, modified .*; now: [0-9]* bytes, modified 2001-01-01T00:00:00.*) was rewritten while clx compare read it" "$T/C2.log"
# compare.md names the folder by its real path, in backticks, as its sides table does.
realP=$(cd "$T/P" && pwd -P)
check compare_rewritten_md sh -c "sed -n 3p '$T/C2/compare.md' | grep -qF '**Rewritten meanwhile:** results.tsv of side B (\`$realP\`: ' && test \$(grep -c 'Rewritten meanwhile' '$T/C2/compare.md') -eq 1"
finish
