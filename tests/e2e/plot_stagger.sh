# plot_stagger.sh — an opt vs no-opt chart's labels kept apart (model runs, no device): where a pair's
# label has a line too wide for its share of a narrow panel ("local 1024 vs 64", 16 characters, over
# seven pairs about 85 pixels apart beside the key), every other pair's label stands a label's height
# higher, so that no two neighbours touch (they ran into each other, as memcopy_ilp's "local 128 vs
# 1024" into its neighbour's "2.19x SLOWER"); where they fit (two panels of seven, or the fixture's
# chart of two pairs) every label stands at one height.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
W=$TMP/plot_stagger
rm -rf "$W"; mkdir -p "$W"
. "$fx/make_run.sh"
R=$W/run
# Seven N: seven pairs in one panel (fast's), or in each of two (by variant). The no-opt build's rows at local 128 made
# slower, so that its best is at 64 and each label names the two sizes; 128 renamed 1024.
make_run "$R" fixture 1 "1000 2000 3000 4000 5000 6000 7000" "" rounds
scale "$R" '$c["build"] == "-cl-opt-disable" && $c["local"] == 128' 3
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next } { if ($c["local"] == 128) $c["local"] = 1024; print }' \
    "$R/results.tsv" > "$R/r.tmp" && mv "$R/r.tmp" "$R/results.tsv"
sed -i 's/"local": \[ "64", "128" \]/"local": [ "64", "1024" ]/' "$R/run.json"
cp "$fx/fixture.cl.m4" "$W/"
awk '/^plots = \(/ { skip = 1; print "plots = (\n" plots "\n);"; next } skip && /^\);/ { skip = 0; next } !skip' \
    plots='  { kind = "optnoopt"; name = "narrow"; title = "opt vs no-opt by N"; metric = "gflops"; x = "N";
    where = "TERMS=2, variant=fast"; },
  { kind = "optnoopt"; name = "panels"; title = "opt vs no-opt by N"; metric = "gflops"; x = "N"; panels = "variant";
    where = "TERMS=2"; },
  { kind = "optnoopt"; name = "optnoopt"; title = "fixture opt vs no-opt"; metric = "gflops"; where = "N=2000, TERMS=2"; }' \
    "$fx/fixture.spec" | sed 's/local = \[ 64, 128 \]/local = [ 64, 1024 ]/' > "$W/fixture.spec"
"$CLX" report "$R" --spec "$W/fixture.spec" --quiet > "$W/report.log" 2>&1
check stagger_report_exit test $? -eq 0
P=$R/plots
# lifts FILE PANEL: the labelled bars' lifts (column 11) in the data block of the no-opt series of
# panel PANEL (its second block), in order along the axis: "0101010" where every other one is lifted.
lifts() { awk -F'\t' -v b="$2" '/^# x/ { n++ } !/^#/ && NF && n == b && $4 != "-" { printf "%s", $11 }' "$P/$1.tsv"; }
check stagger_label_wide grep -qF 'local 1024 vs 64' "$P/narrow.tsv"
check stagger_alternate test "$(lifts narrow 2)" = 0101010
# The lifted labels drawn a label's lines higher: two labels' plots, the lifted one's offset 1.85 more
# (two lines: "11.00x SLOWER", "local 1024 vs 64").
check stagger_drawn_lifted grep -qF '$11 != 1 ? "" : ' "$P/narrow.gp"
check stagger_drawn_offset grep -qF 'with labels offset 0,3.40 font ",8"' "$P/narrow.gp"
# Panels of their own, with the key above them: about 105 pixels a pair, room enough; and two pairs
# in a wide panel: nothing lifted, one labels' plot as before.
check stagger_panels_none test "$(lifts panels 2)$(lifts panels 4)" = 00000000000000
check stagger_wide_none test "$(lifts optnoopt 2)" = 00
check stagger_wide_one_plot test -z "$(grep -F '$11' "$P/optnoopt.gp" "$P/panels.gp")"
finish
