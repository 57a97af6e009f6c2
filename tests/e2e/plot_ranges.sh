# plot_ranges.sh — the panels of a figure on one x and y range (lines, bars, opt vs no-opt, scatter),
# read against each other by eye: memcopy_ilp's GPC=1 panel went to 25 GB/s and its GPC=8 one to 20,
# so the same height was another value in each. own_ranges = true gives each panel its own; a kind
# with no such ranges refuses it. On model runs (no device needed).
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
W=$TMP/plot_ranges
rm -rf "$W"; mkdir -p "$W"
. "$fx/make_run.sh"
R=$W/run
make_run "$R" fixture 1 "1000 2000"
cp "$fx/fixture.cl.m4" "$W/"
# spec_with PLOTS: the fixture spec with its plots replaced by PLOTS, as $W/fixture.spec.
spec_with() {
    awk -v plots="$1" '/^plots = \(/ { skip = 1; print "plots = (\n" plots "\n);"; next }
        skip && /^\);/ { skip = 0; next } !skip' "$fx/fixture.spec" > "$W/fixture.spec"
}
# In the model the naive variant does half the fast one's GFLOP/s and GB/s, and -cl-opt-disable
# takes ten times as long: each panel scaled to its own points had another top.
spec_with '  { kind = "lines"; name = "lines"; metric = "gflops"; x = "N"; series = "TERMS"; panels = "variant"; where = "build=default, local=128"; },
  { kind = "lines"; name = "own"; metric = "gflops"; x = "N"; series = "TERMS"; panels = "variant"; where = "build=default, local=128"; own_ranges = true; },
  { kind = "bars"; name = "bars"; metric = "gbs"; series = "N"; panels = "variant"; where = "build=default, TERMS=1"; },
  { kind = "optnoopt"; name = "optnoopt"; metric = "gflops"; panels = "TERMS"; where = "N=2000"; ylog = false; },
  { kind = "scatter"; name = "scatter"; metric = "gbs"; x = "median_ms"; series = "variant"; panels = "build"; },
  { kind = "scatter"; name = "scatown"; metric = "gbs"; x = "median_ms"; series = "variant"; panels = "build"; own_ranges = true; }'
"$CLX" report "$R" --spec "$W/fixture.spec" --quiet > "$W/report.log" 2>&1
check ranges_report_exit test $? -eq 0
# ranges FILE AXIS: "set AXISrange" lines per figure (a .gp draws each figure twice, PNG and SVG);
# first FILE AXIS: the range set before the figure's first panel is drawn.
ranges() { echo $(($(grep -c "^set $2range \[" "$W/run/plots/$1.gp") / $(grep -c '^set multiplot' "$W/run/plots/$1.gp"))); }
first() { sed -n '1,/^plot /p' "$W/run/plots/$1.gp" | sed -n "s/^set $2range \[\(.*\)\]$/\1/p"; }
panels() { echo $(($(grep -c '^plot ' "$W/run/plots/$1.gp") / $(grep -c '^set multiplot' "$W/run/plots/$1.gp"))); }
# lines: fast's 2 GFLOP/s and naive's 1 under one range from 0, set once before both panels; the
# range holds the points' error bars (2% of each: fast's top at 2.04, and 5% of room above it).
check ranges_lines_two_panels test "$(panels lines)" -eq 2
check ranges_lines_one_y test "$(ranges lines y)" -eq 1 -a "$(first lines y)" = "0:2.142"
# own_ranges: a range before each panel, naive's lower than fast's.
check ranges_own_lines_each test "$(ranges own y)" -eq 2 -a \
    "$(grep '^set yrange' "$W/run/plots/own.gp" | head -n 2 | tr '\n' ' ')" = "set yrange [0:1.071] set yrange [0:2.142] "
# bars: one range across the panels, above the highest bar's error bar (8 GB/s, and 2% of it).
check ranges_bars_one_y test "$(ranges bars y)" -eq 1 -a "$(panels bars)" -eq 2
check ranges_bars_holds_errors awk -F: '{ exit !($1 == 0 && $2 > 8 * 1.02) }' <<EOF
$(first bars y)
EOF
check ranges_optnoopt_one_y test "$(ranges optnoopt y)" -eq 1 -a "$(panels optnoopt)" -eq 2
# scatter: one x range (the no-opt panel's times are ten times the default's) and one y range.
check ranges_scatter_one_x test "$(ranges scatter x)" -eq 1 -a "$(ranges scatter y)" -eq 1 -a -n "$(first scatter x)"
check ranges_scatter_own test "$(ranges scatown x)" -eq 2 -a "$(ranges scatown y)" -eq 2
check_drawn ranges_drawn test -s "$W/run/plots/lines.png" -a -s "$W/run/plots/scatter.png" -a -s "$W/run/plots/bars.png"
# A heat map's panels share one colour scale and have no value axis: own_ranges is refused there.
spec_with '  { kind = "heatmap"; name = "heat"; metric = "rel_time"; x = "local"; y = "N"; own_ranges = true; }'
"$CLX" report "$R" --spec "$W/fixture.spec" --quiet > "$W/heat.log" 2>&1
check ranges_heat_refused test $? -ne 0 -a -n "$(grep -F "'own_ranges' is for a plot whose panels share their axes' ranges (lines, bars, optnoopt, scatter), not a heatmap" "$W/heat.log")"
finish
