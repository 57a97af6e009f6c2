#!/bin/sh
# report_own_charts.sh — the report's own charts (the speed-of-light chart, a search's trajectory and
# the probes' load-latency curve, beside the spec's plots) when gnuplot fails on them or is not
# installed: report.md says, in each
# chart's place, that it is not drawn and why, the console names the failures (the want of gnuplot
# once, for every picture), the summary line counts neither as drawn, no picture is left, and the
# data and script of each stay in plots/. No device is needed: the run folder is a model's
# (fixtures/report/make_run.sh). A speed-of-light chart with no point (no row has a bound) is not
# drawn either, gnuplot or not, and says why; a load-latency curve of one point is not drawn, and
# has no words, data or script. Each of the three counts alike: in the summary line, and a failed
# one as a failed plot of the spec's (exit 1), whichever it is.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
spec=$fx/fixture.spec
T=$TMP/report_own_charts
rm -rf "$T"; mkdir -p "$T/broken-gnuplot" "$T/empty"
. "$fx/make_run.sh"
R=$T/R
make_run "$R" fixture 1 "1000 2000"
add_sol "$R"; add_search "$R"; add_probes "$R"
N=$T/N U=$T/U O=$T/O L=$T/L D=$T/D
cp -r "$R" "$N"; cp -r "$R" "$U"; cp -r "$R" "$O"; cp -r "$R" "$L"; cp -r "$R" "$D"
# The spec's plots, every one with rows to draw in this model's run: the summary line's count.
nplots=$(grep -c '{ kind = ' "$spec")

# A gnuplot that fails (a broken install's, as report.sh's): each chart's failure is said where it
# would be and on the console, and the report exits 1 (a plot with rows to draw failed). Pictures an
# earlier report drew of them go.
printf '#!/bin/sh\necho "gnuplot: broken on purpose" >&2\nexit 1\n' > "$T/broken-gnuplot/gnuplot"
chmod +x "$T/broken-gnuplot/gnuplot"
mkdir -p "$R/plots"; : > "$R/plots/sol.png"; : > "$R/plots/search.svg"
PATH="$(cd "$T/broken-gnuplot" && pwd):$PATH" "$CLX" report "$R" --spec "$spec" --quiet > "$T/R.log" 2>&1
check own_failed_exit_1 test $? -eq 1
check own_failed_sol_md grep -qxF "*The chart is not drawn:* plot sol: gnuplot failed on $R/plots/sol.gp (exit 1): gnuplot: broken on purpose." "$R/report.md"
check own_failed_search_md grep -qxF "**Not drawn:** gnuplot failed on $R/plots/search.gp (exit 1): gnuplot: broken on purpose" "$R/report.md"
check own_failed_sol_said grep -qxF "clx: plot sol: gnuplot failed on $R/plots/sol.gp (exit 1): gnuplot: broken on purpose" "$T/R.log"
check own_failed_search_said grep -qxF "clx: gnuplot failed on $R/plots/search.gp (exit 1): gnuplot: broken on purpose" "$T/R.log"
check own_failed_not_counted grep -qF "(0 of $nplots plots drawn, not the speed-of-light chart, the search's trajectory and the load-latency curve; some could not be: see above;" "$T/R.log"
check own_failed_no_pictures test -z "$(ls "$R/plots" | grep -e '\.png$' -e '\.svg$')"
check own_failed_kept test -s "$R/plots/sol.gp" -a -s "$R/plots/sol.tsv" -a -s "$R/plots/search.gp"
check own_failed_latency_md grep -qxF "**Not drawn:** gnuplot failed on $R/plots/latency.gp (exit 1): gnuplot: broken on purpose" "$R/report.md"
check own_failed_latency_said grep -qxF "clx: gnuplot failed on $R/plots/latency.gp (exit 1): gnuplot: broken on purpose" "$T/R.log"
check own_failed_latency_kept test -s "$R/plots/latency.gp" -a -s "$R/plots/latency.tsv"

# A gnuplot that draws (each script's SVG and PNG written whole, as plot_gp.c checks them, without
# gnuplot itself: none is needed here) but, in L, fails on the load-latency curve alone: that one
# failure is counted as a plot of the spec's is (exit 1, "some could not be"), and named in the
# summary line beside the charts drawn; drawn, in D, it is named with them (exit 0).
mkdir -p "$T/draw-gnuplot" "$T/latency-gnuplot"
cat > "$T/draw-gnuplot/gnuplot" << 'EOF'
#!/bin/sh
[ -n "$FAIL_ON" ] && [ "$1" = "$FAIL_ON" ] && { echo "gnuplot: $1 broken on purpose" >&2; exit 1; }
printf '<svg>\n</svg>\n' > "${1%.gp}.svg"
printf '\211PNG\r\n\032\nIEND\256B`\202' > "${1%.gp}.png"
EOF
printf '#!/bin/sh\nFAIL_ON=latency.gp exec "%s/draw-gnuplot/gnuplot" "$@"\n' "$(cd "$T" && pwd)" > "$T/latency-gnuplot/gnuplot"
chmod +x "$T/draw-gnuplot/gnuplot" "$T/latency-gnuplot/gnuplot"
PATH="$(cd "$T/latency-gnuplot" && pwd):$PATH" "$CLX" report "$L" --spec "$spec" --quiet > "$T/L.log" 2>&1
check own_latency_failed_exit_1 test $? -eq 1
check own_latency_failed_counted grep -qF "($nplots of $nplots plots drawn, and the speed-of-light chart (plots/sol.png) and the search's trajectory (plots/search.png), not the load-latency curve; some could not be: see above;" "$T/L.log"
check own_latency_failed_md grep -qxF "**Not drawn:** gnuplot failed on $L/plots/latency.gp (exit 1): gnuplot: latency.gp broken on purpose" "$L/report.md"
check own_latency_failed_others_drawn test -s "$L/plots/sol.png" -a -s "$L/plots/search.png" -a ! -e "$L/plots/latency.png"
PATH="$(cd "$T/draw-gnuplot" && pwd):$PATH" "$CLX" report "$D" --spec "$spec" --quiet > "$T/D.log" 2>&1
check own_drawn_exit_0 test $? -eq 0
check own_drawn_counted grep -qF "($nplots of $nplots plots drawn, and the speed-of-light chart (plots/sol.png), the search's trajectory (plots/search.png) and the load-latency curve (plots/latency.png); the seed's findings:" "$T/D.log"

# No gnuplot on PATH: nothing fails (exit 0); the want of it is said once on the console, and in each
# chart's place in report.md.
missing='gnuplot is not installed (Debian: gnuplot-nox; tools/install-deps.sh in clx'"'"'s source tree installs it)'
PATH="$(cd "$T/empty" && pwd)" "$CLX" report "$N" --spec "$spec" --quiet > "$T/N.log" 2>&1
check own_missing_exit_0 test $? -eq 0
check own_missing_sol_md grep -qxF "*The chart is not drawn:* plot sol: $missing." "$N/report.md"
check own_missing_search_md grep -qxF "*No picture:* $missing; its data and script are in \`plots/\` (search.*)." "$N/report.md"
check own_missing_said_once test "$(grep -c 'gnuplot is not installed' "$T/N.log")" -eq 1
check own_missing_not_counted grep -qF "(0 of 9 plots drawn; the seed's findings:" "$T/N.log"
check own_missing_kept test -s "$N/plots/sol.gp" -a -s "$N/plots/sol.tsv" -a -s "$N/plots/search.gp" -a \
    -z "$(ls "$N/plots" | grep -e '\.png$' -e '\.svg$')"
check own_missing_latency_md grep -qxF "*No picture:* $missing; its data and script are in \`plots/\` (latency.*)." "$N/report.md"
check own_missing_latency_kept test -s "$N/plots/latency.gp" -a -s "$N/plots/latency.tsv"

# No row with a bound (sol_pct empty in every row): no chart, no script for it, and the words say why.
awk -F'\t' 'BEGIN { OFS = "\t" } NR == 1 { for (i = 1; i <= NF; i++) if ($i == "sol_pct") c = i; print; next } { $c = ""; print }' \
    "$U/results.tsv" > "$U/r.tsv" && mv "$U/r.tsv" "$U/results.tsv"
"$CLX" report "$U" --spec "$spec" --quiet > "$T/U.log" 2>&1
check own_unbound_exit_0 test $? -eq 0
check own_unbound_md grep -qxF "*The chart is not drawn:* no row has a bound (below: why)." "$U/report.md"
check own_unbound_no_chart test -z "$(ls "$U/plots" | grep '^sol\.')"

# A load-latency curve of one footprint (a run stopped in its probes): the memory section stands, its
# level or none said, but no curve, no words of one and no data or script for it, gnuplot or not
# (none is run for it: no gnuplot on PATH keeps the spec's plots from being drawn meanwhile).
add_probes "$O" 1
PATH="$(cd "$T/empty" && pwd)" "$CLX" report "$O" --spec "$spec" --quiet > "$T/O.log" 2>&1
check own_one_point_exit_0 test $? -eq 0
check own_one_point_section grep -qxF "## Memory hierarchy" "$O/report.md"
check own_one_point_no_words test -z "$(grep -e 'latency\.png' -e '(latency\.\*)' -e 'latency\.gp' "$O/report.md")"
check own_one_point_no_files test -z "$(ls "$O/plots" | grep '^latency\.')"
finish
