#!/bin/sh
# report_leftovers.sh — what clx report does with the files it finds in a run folder's plots/ and its
# findings.tsv: those of an earlier report (named in its report.md, or after a plot or chart this
# report draws) are replaced, findings.tsv rewritten, saying nothing (docs/report.md); a picture or
# script no report names (the user's own) stays as it was, report.md or none (a report stopped or
# failed before its report.md, which used to empty plots/ of every picture, data and script in it).
# No device is needed: the run folder is a model's (fixtures/report/make_run.sh).
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
spec=$fx/fixture.spec
T=$TMP/report_leftovers
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"
A=$T/A
make_run "$A" fixture 1 "1000 2000"; add_sol "$A"
"$CLX" report "$A" --spec "$spec" --quiet > "$T/A.log" 2>&1
check leftovers_first_whole test $? -eq 0 -a -s "$A/report.md" -a -s "$A/findings.tsv"

# No report.md beside plots/ and findings.tsv: the user's files stay byte for byte; the report's own
# (a figure of a spec plot no longer drawn, lines-old.png; its chart's sol.png) are replaced or go,
# and findings.tsv is this report's (its stale sol.png gone where no gnuplot draws it again); one line on
# the console, the report's, and exit 0.
rm "$A/report.md"
echo mine > "$A/plots/mine.png"; echo '# my script' > "$A/plots/my.gp"; echo 'x	y' > "$A/plots/my.tsv"
echo note > "$A/plots/notes.txt"; echo stale > "$A/plots/lines-old.png"; echo stale > "$A/plots/sol.png"
echo 'marker' >> "$A/findings.tsv"
(cd "$A/plots" && md5sum mine.png my.gp my.tsv notes.txt) > "$T/mine.sums"
"$CLX" report "$A" --spec "$spec" --quiet > "$T/A2.log" 2>&1
check leftovers_no_md_exit_0 test $? -eq 0 -a -s "$A/report.md"
# (Without gnuplot, a line before it says there are no pictures.)
lines=1; have_gnuplot || lines=2
check leftovers_no_md_one_line test "$(wc -l < "$T/A2.log")" -eq "$lines"
check leftovers_no_md_user_kept sh -c "cd '$A/plots' && md5sum -c --quiet '$PWD/$T/mine.sums'"
check leftovers_no_md_own_gone test ! -e "$A/plots/lines-old.png"
check leftovers_no_md_own_stale_gone sh -c "! grep -q stale '$A/plots/sol.png' 2> /dev/null"
check_drawn leftovers_no_md_own_replaced grep -q 'plots/sol.png' "$A/report.md"
check leftovers_no_md_findings_new sh -c "! grep -q marker '$A/findings.tsv'"

# An earlier report.md that names a picture (a plot since renamed, its files still in plots/): they
# go with it; the user's stay, as before.
printf '\n![gone](plots/gone.png)\n\n[data](plots/gone.tsv)\n' >> "$A/report.md"
echo old > "$A/plots/gone.png"; echo old > "$A/plots/gone.tsv"
"$CLX" report "$A" --spec "$spec" --quiet > "$T/A3.log" 2>&1
check leftovers_named_exit_0 test $? -eq 0
check leftovers_named_gone test ! -e "$A/plots/gone.png" -a ! -e "$A/plots/gone.tsv"
check leftovers_named_user_kept sh -c "cd '$A/plots' && md5sum -c --quiet '$PWD/$T/mine.sums'"
finish
