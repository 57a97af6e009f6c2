# plot_barkeys.sh — an opt vs no-opt chart of panels reads right on its own panels (model run, no
# device): its panels share one key, above them, which says what hatched (UNSURE) means where any
# panel has such a bar (only the last panel's key did, memcopy_ilp's hatched bars at GPC=1 unexplained
# beside a GPC=8 key over none; then a key above each panel said the same series over every one); a label
# stands over the middle of its pair, its foot at the higher of the two bars' error bars' tops, a
# clause a line ("1.20x faster, UNSURE" over the -cl-opt-disable bar's own top ran through the cap of
# the default's taller error bar beside it, and "7.13x SLOWER, local 32 vs 128" into its neighbour's).
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
W=$TMP/plot_barkeys
rm -rf "$W"; mkdir -p "$W"
. "$fx/make_run.sh"
cp "$fx/fixture.cl.m4" "$W/"
awk '/^plots = \(/ { skip = 1; print "plots = (\n" plots "\n);"; next } skip && /^\);/ { skip = 0; next } !skip' \
    plots='  { kind = "optnoopt"; name = "keys"; title = "a panel per N"; metric = "gflops"; panels = "N"; where = "TERMS=2, local=128"; }' \
    "$fx/pairs.spec" > "$W/keys.spec"
# fast -cl-opt-disable 0.8x the default's time; at N=1000 its rounds 40% apart (UNSURE), at N=2000
# 0.1% apart (FASTER): the hatched bar stands in the first panel, not the last.
R=$W/run
make_run "$R" pairs 1 "1000 2000" "" rounds
scale "$R" '$c["variant"] == "fast" && $c["build"] == "-cl-opt-disable"' 0.08
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    $c["variant"] == "fast" && $c["build"] == "-cl-opt-disable" && $c["N"] == 1000 {
        t = $c["median_ms"]; $c["round_ms"] = sprintf("%.8g;%.8g;%.8g;%.8g;%.8g", t * 0.6, t * 1.4, t, t * 0.7, t * 1.3) }
    { print }' "$R/results.tsv" > "$R/r.tmp" && mv "$R/r.tmp" "$R/results.tsv"
"$CLX" report "$R" --spec "$W/keys.spec" --quiet > "$W/report.log" 2>&1
check barkeys_exit test $? -eq 0
P=$R/plots
check barkeys_verdicts test "$(awk -F'\t' '$5 == "fast" && $6 != "-" { printf "%s ", $6 }' "$P/keys.tsv")" = "UNSURE FASTER "
# keyed PANEL [DIR]: whether the plot line of PANEL (after its title) in the PNG's part of DIR's
# keys.gp ($P's) keys "hatched: UNSURE".
keyed() { awk -v t="set title \"$1\"" '/^set output .*png/ { png = 1 } png && $0 == t { getline; print (index($0, "title \"hatched: UNSURE\"") > 0) }' "${2:-$P}/keys.gp"; }
check barkeys_first_panel test "$(keyed N=1000)" = 1
check barkeys_last_panel_none test "$(keyed N=2000)" = 0
# One key, placed above the panels, its entries in the first panel's plot and none after it.
check barkeys_one_key test "$(grep -c '^set key at screen 0.5, graph 1.02 center bottom' "$P/keys.gp")" -eq 2 -a \
    -z "$(grep '^set key outside' "$P/keys.gp")" -a "$(awk '/^plot /{n++} /^set key off/{print n; exit}' "$P/keys.gp")" = 1
# The hatched bar in the last panel alone: the one key, in the first panel's plot, still says it.
L=$W/last
make_run "$L" pairs 1 "1000 2000" "" rounds
scale "$L" '$c["variant"] == "fast" && $c["build"] == "-cl-opt-disable"' 0.08
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    $c["variant"] == "fast" && $c["build"] == "-cl-opt-disable" && $c["N"] == 2000 {
        t = $c["median_ms"]; $c["round_ms"] = sprintf("%.8g;%.8g;%.8g;%.8g;%.8g", t * 0.6, t * 1.4, t, t * 0.7, t * 1.3) }
    { print }' "$L/results.tsv" > "$L/r.tmp" && mv "$L/r.tmp" "$L/results.tsv"
"$CLX" report "$L" --spec "$W/keys.spec" --quiet > "$W/last.log" 2>&1
check barkeys_last_hatched test "$(keyed N=1000 "$L/plots")" = 1 -a "$(keyed N=2000 "$L/plots")" = 0
# The labels' places (columns 9 and 10): naive's -cl-opt-disable bar (0.1 +/- 0.002) labelled over
# its default's (1 +/- 0.02), at the middle of the pair (x 0); no labelled bar's foot below either
# error bar's top of its group.
check barkeys_label_foot test "$(awk -F'\t' '!/^#/ && NF && $5 == "naive" && $4 != "-" { print $9, $10; exit }' "$P/keys.tsv")" = "0.0000 1.02"
check barkeys_label_over_caps test "$(awk -F'\t' '!/^#/ && NF { top = $2 + $3; if (top > m[$5]) m[$5] = top; if ($4 != "-") f[$5] = $10 }
    END { for (g in f) if (f[g] < m[g]) print g }' "$P/keys.tsv")" = ""
check barkeys_label_place grep -qF 'using 9:10:(stringcolumn(4) eq "-" ? "" : clx_pad(2 - clx_lines(stringcolumn(4))) . clx_said(stringcolumn(4))) with labels offset 0,1.55' "$P/keys.gp"
finish
