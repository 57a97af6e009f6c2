# plot_lines_key.sh — a line chart of one line has no key entry for it (the title names it: volkov_fma's
# "only ILP=1 (the one line)" over a key of "ILP=1" alone), a key only where a peak line is drawn, naming
# the peak; several panels share one key; and an error bar whose low end lies at or below 0 on a
# logarithmic axis (histogram's
# runtime_vs_local on PoCL: coalesced at local 64, 4.2 ms +/- 4.8) is drawn to the axis with an
# arrowhead there, said under the title, where gnuplot's own ran it off the frame unsaid. Read from the
# .gp clx writes (model run, no device), not from gnuplot's drawing.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
W=$TMP/plot_lines_key
rm -rf "$W"; mkdir -p "$W"
. "$fx/make_run.sh"
R=$W/run
make_run "$R" fixture 1 "1000 2000"
# naive's row at N=2000, TERMS=1, local 128 of build default: a deviation five times its median.
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    $c["variant"] == "naive" && $c["N"] == 2000 && $c["TERMS"] == 1 && $c["local"] == 128 && $c["build"] == "default" {
        $c["stddev_ms"] = $c["median_ms"] * 5 } { print }' "$R/results.tsv" > "$R/r.tmp" && mv "$R/r.tmp" "$R/results.tsv"
cp "$fx/fixture.cl.m4" "$W/"
awk '/^plots = \(/ { skip = 1; print "plots = (\n" plots "\n);"; next } skip && /^\);/ { skip = 0; next } !skip' plots='
  { kind = "lines"; name = "one"; metric = "median_ms"; x = "N"; series = "TERMS"; where = "build=default, local=128, variant=fast, TERMS=1"; },
  { kind = "lines"; name = "onepeak"; metric = "gflops"; x = "N"; series = "TERMS"; peak = "fp32"; ylog = true; where = "build=default, local=128, variant=fast, TERMS=1"; },
  { kind = "lines"; name = "two"; metric = "median_ms"; x = "N"; series = "TERMS"; where = "build=default, local=128, variant=fast"; },
  { kind = "lines"; name = "logcut"; metric = "median_ms"; x = "N"; series = "TERMS"; ylog = true; where = "build=default, local=128, variant=naive"; },
  { kind = "lines"; name = "panels"; metric = "median_ms"; x = "N"; series = "TERMS"; panels = "variant"; where = "build=default, local=128"; },
  { kind = "lines"; name = "logwhole"; metric = "median_ms"; x = "N"; series = "TERMS"; ylog = true; where = "build=default, local=128, variant=fast"; }' \
    "$fx/fixture.spec" > "$W/fixture.spec"
"$CLX" report "$R" --spec "$W/fixture.spec" --quiet > "$W/report.log" 2>&1
check lineskey_report_exit test $? -eq 0
G=$R/plots
# One line: the title names it, the key is off, no entry names it.
check lineskey_one_title grep -q 'only TERMS=1 (the one line)' "$G/one.gp"
check lineskey_one_key_off test "$(grep -c '^set key off' "$G/one.gp")" -eq 2 -a -z "$(grep '^plot .* title "' "$G/one.gp")"
# One line and a peak (drawn: a log axis holds both): a key, whose one entry is the peak's.
check lineskey_peak_key test -z "$(grep '^set key off' "$G/onepeak.gp")"
check lineskey_peak_only test -z "$(grep 'title "TERMS=' "$G/onepeak.gp")" -a -n "$(grep '^plot .*peak' "$G/onepeak.gp")"
# Two lines: each named in the key.
check lineskey_two_named test "$(grep -c 'title "TERMS=1"' "$G/two.gp")" -eq 2 -a "$(grep -c 'title "TERMS=2"' "$G/two.gp")" -eq 2
# Two lines with error bars: each moved aside from x the other way, by as much (0.6% of N's 1000..2000),
# so that one's error bar is not drawn over the other's; one line stays at its x.
check lineskey_two_apart test "$(grep -m 1 '^plot ' "$G/two.gp" | grep -o 'using ([$]1[-+][0-9.]*)' | sort -u | tr '\n' ' ')" = \
    'using ($1+6) using ($1-6) '
check lineskey_one_at_x test -z "$(grep '^plot ' "$G/one.gp" | grep 'using ([$]1')"
# Two panels of the same two lines: one key, placed above the panels, its entries in the first
# panel's plot and none after it (a key above each panel said "TERMS=1 TERMS=2" over both).
P=$G/panels.gp
check lineskey_panels_one test "$(grep -c '^set key at screen 0.5, graph 1.02 center bottom' "$P")" -eq 2 -a \
    -z "$(grep '^set key outside' "$P")"
check lineskey_panels_first test "$(awk '/^plot /{n++} /^set key off/{print n; exit}' "$P")" = 1 -a \
    "$(grep -c 'title "TERMS=1"' "$P")" -eq 4
# The low end at or below 0 on a log axis: drawn from the axis's bottom (the yerrorlines' low column
# at least the range's low end, which is above 0), an arrowhead there, the title's line.
words="an arrowhead on the axis: that error bar's low end lies below the plot (at or below 0), cut there"
check lineskey_cut_said grep -qF "$words" "$G/logcut.gp"
check lineskey_cut_arrow grep -q '^plot .*with vectors head filled' "$G/logcut.gp"
bottom=$(grep -m 1 '^set yrange \[' "$G/logcut.gp" | sed 's/^set yrange \[\([^:]*\):.*/\1/')
check lineskey_cut_floor sh -c "awk -v b='$bottom' 'BEGIN { exit !(b > 0) }' && grep -qF '? \$2-\$4 : $bottom):' '$G/logcut.gp'"
# No bar below the axis: nothing said.
check lineskey_whole_unsaid test -z "$(grep -F "$words" "$G/logwhole.gp")"
check_drawn lineskey_pictures test -s "$G/one.png" -a -s "$G/onepeak.png" -a -s "$G/logcut.png"
finish
