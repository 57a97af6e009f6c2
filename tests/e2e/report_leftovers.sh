#!/bin/sh
# report_leftovers.sh — what clx report does with the files it finds in a run folder's plots/ and its
# findings.tsv: those of an earlier report (named in its report.md, or named exactly as a file this
# report writes: a plot's or chart's NAME.tsv, .gp, .svg, .png, a figure's it draws) are replaced,
# findings.tsv rewritten, saying nothing (docs/report.md); a picture or script no report names (the
# user's own, lines-mine.png beside the plot "lines" too) stays as it was, report.md or none (a report
# stopped or failed before its report.md, which used to empty plots/ of every picture, data and script
# in it); so does, with no report.md to name it, a file of a plot since renamed (clx cannot tell it
# from the user's), unsaid.
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

# No report.md beside plots/ and findings.tsv: the user's files stay byte for byte, one merely named
# after a plot (lines-mine.png, lines-mine.gp beside the plot "lines") too, and so does a file of a
# plot since renamed (old.png: no report.md says it was clx's); the report's own, named exactly as it
# writes them (its chart's sol.png, a figure's heat-fast.png), are replaced or go, and findings.tsv is
# this report's (its stale sol.png gone where no gnuplot draws it again); one line on the console, the
# report's, and exit 0.
rm "$A/report.md"
echo mine > "$A/plots/mine.png"; echo '# my script' > "$A/plots/my.gp"; echo 'x	y' > "$A/plots/my.tsv"
echo note > "$A/plots/notes.txt"; echo stale > "$A/plots/sol.png"; echo stale > "$A/plots/heat-fast.png"
echo mine > "$A/plots/lines-mine.png"; echo '# mine' > "$A/plots/lines-mine.gp"; echo old > "$A/plots/old.png"
echo 'marker' >> "$A/findings.tsv"
(cd "$A/plots" && md5sum mine.png my.gp my.tsv notes.txt lines-mine.png lines-mine.gp old.png) > "$T/mine.sums"
"$CLX" report "$A" --spec "$spec" --quiet > "$T/A2.log" 2>&1
check leftovers_no_md_exit_0 test $? -eq 0 -a -s "$A/report.md"
# (Without gnuplot, a line before it says there are no pictures.)
lines=1; have_gnuplot || lines=2
check leftovers_no_md_one_line test "$(wc -l < "$T/A2.log")" -eq "$lines"
check leftovers_no_md_user_kept sh -c "cd '$A/plots' && md5sum -c --quiet '$PWD/$T/mine.sums'"
check leftovers_no_md_own_stale_gone sh -c "! grep -q stale '$A/plots/sol.png' '$A/plots/heat-fast.png' 2> /dev/null"
check_drawn leftovers_no_md_own_replaced grep -q 'plots/sol.png' "$A/report.md"
check leftovers_no_md_findings_new sh -c "! grep -q marker '$A/findings.tsv'"

# An earlier report.md that names a picture (a plot since renamed, its files still in plots/): they
# go with it; the user's stay, as before (lines-mine.png, old.png: no report.md names them).
printf '\n![gone](plots/gone.png)\n\n[data](plots/gone.tsv)\n' >> "$A/report.md"
echo old > "$A/plots/gone.png"; echo old > "$A/plots/gone.tsv"
"$CLX" report "$A" --spec "$spec" --quiet > "$T/A3.log" 2>&1
check leftovers_named_exit_0 test $? -eq 0
check leftovers_named_gone test ! -e "$A/plots/gone.png" -a ! -e "$A/plots/gone.tsv"
check leftovers_named_user_kept sh -c "cd '$A/plots' && md5sum -c --quiet '$PWD/$T/mine.sums'"
finish
