# plot_cut.sh — a stopped run's pictures show which of their points and bars a stop cut short (model
# run, no device): each kind draws a value that rests on a row flagged rounds-cut (status cut, fewer
# rounds than asked) hollow — a white bar in its series' colour, a ring over a point of a line, a
# roofline or the speed-of-light chart, a dashed frame round a heat map's cell — with a line of the
# title saying so, and the data beside the picture says it in a "cut" column. Before, only the title
# counted the rows cut short, and their bars looked finished. The words are the title's, not a key
# entry's: as one they made a stopped run's pictures wider than a finished run's (bars 930 pixels
# for 720), or would have taken the width from the plot area; its pictures are as wide as a
# finished run's now.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
spec=$fx/fixture.spec
W=$TMP/plot_cut
rm -rf "$W"; mkdir -p "$W"
. "$fx/make_run.sh"
WORDS='hollow: cut short by a stop (fewer rounds)'

# The fixture's run with a speed of light, stopped: the rows of N=2000, and every row of variant
# fast, cut short.
C=$W/cut
make_run "$C" fixture 1 "1000 2000"
add_sol "$C"
cp -r "$C" "$W/whole"
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    $c["N"] == 2000 || $c["variant"] == "fast" { if ($c["status"] == "ok") $c["status"] = "cut"
        $c["flag"] = $c["flag"] == "" ? "rounds-cut" : $c["flag"] ",rounds-cut" } { print }' \
    "$C/results.tsv" > "$C/r.tmp" && mv "$C/r.tmp" "$C/results.tsv"
sed -i 's/"finished": "[^"]*"/"interrupted": "SIGINT"/' "$C/run.json"
"$CLX" report "$C" --spec "$spec" --quiet > "$W/cut.log" 2>&1
P=$C/plots
check cut_report_drawn grep -q 'plots drawn' "$W/cut.log"
# Bars (bars, opt vs no-opt): column 12 says cut; a cut bar is not drawn filled, but white with its
# series' border, and the title says what that is.
check cut_bars_column test "$(awk -F'\t' '/^# x/ { print $12; exit }' "$P/bars.tsv")" = cut
check cut_bars_marked test "$(awk -F'\t' '!/^#/ && NF >= 12 { print $5, $12 }' "$P/bars.tsv" | sort -u | tr '\n' ' ')" = "fast 1 naive 0 naive 1 "
for f in bars optnoopt; do
    check "cut_${f}_filled_not" grep -q 'using 1:((strcol(6) eq "SAME" || strcol(6) eq "UNSURE") || $12 > 0 ? NaN : $2) with boxes' "$P/$f.gp"
    check "cut_${f}_hollow" grep -q 'using 1:($12 > 0 ? $2 : NaN) with boxes fs solid 1 border lc rgb "#[0-9A-F]*" lw 2 lc rgb "white" notitle' "$P/$f.gp"
    check "cut_${f}_title" grep -qF "\\n$WORDS" "$P/$f.gp"
done
# Lines: the cut columns after the values and error bars, a ring over each cut point, the title's line.
check cut_lines_columns test "$(grep -m 1 '^# N' "$P/lines.tsv" | tr '\t' '\n' | grep -c '_cut$')" -eq 2
check cut_lines_marked test "$(awk -F'\t' '!/^#/ && NF >= 7 { print $1, $6, $7 }' "$P/lines.tsv" | sort -u | tr '\n' ' ')" = "1000 0 0 1000 1 1 2000 1 1 "
# The ring at its point's x, moved aside as its line's error bars are (two lines over N 1000..2000:
# 0.6% of 1000 to the left, plot_lines_key.sh).
check cut_lines_ring grep -qF 'using ($1-6):($6 > 0 ? $2 : NaN) with points pt 6 ps 1.30 lw 2 lc rgb' "$P/lines.gp"
check cut_lines_title grep -qF "\\n$WORDS" "$P/lines.gp"
# Roofline (fast's point cut), speed of light (a scatter; the sol>100 crosses too): rings and the title.
check cut_roofline_marked test "$(awk -F'\t' '/^# fast/ { f = 1 } /^# naive/ { f = 0 } !/^#/ && NF >= 4 { print f, $4 }' "$P/roofline.tsv" | sort -u | tr '\n' ' ')" = "0 0 1 1 "
check cut_roofline_ring grep -q 'using 1:(\$4 > 0 ? \$2 : NaN) with points pt 6' "$P/roofline.gp"
check cut_roofline_title grep -qF "\\n$WORDS" "$P/roofline.gp"
check cut_sol_ring grep -q 'using 1:(\$3 > 0 ? \$2 : NaN) with points pt 6 ps 1.50 lw 2 lc rgb "#C00000"' "$P/sol.gp"
check cut_sol_title grep -qF "\\n$WORDS" "$P/sol.gp"
# No key entry for it: the words took the key's width from the picture.
check cut_no_key_entry test -z "$(grep -l -F "title \"$WORDS\"" "$P"/*.gp)"
# Heat map: a dashed frame over each cut cell (column 5), said in the title.
check cut_heat_marked test "$(awk -F'\t' '!/^#/ && NF >= 5 { print $5 }' "$P/heat-naive.tsv" | sort | uniq -c | awk '{ printf "%s:%s ", $2, $1 }')" = "0:4 1:4 "
check cut_heat_frame grep -q 'using 1:(\$5 > 0 ? \$2 : NaN):(0.44):(0.44) with boxxyerror fs empty lw 2 dt 2' "$P/heatabs.gp"
check cut_heat_title grep -q 'dashed frame: a cell cut short by a stop (fewer rounds)' "$P/heatabs.gp"
# The title still counts them.
check cut_title_count grep -q 'A run stopped, 24 rows cut short' "$P/bars.gp"
check_drawn cut_pictures test -s "$P/bars.png" -a -s "$P/lines.png" -a -s "$P/heatabs.png" -a -s "$P/sol.png" -a -s "$P/roofline.png"

# The same rows of a finished run: nothing hollow, no key entry, every cut 0.
"$CLX" report "$W/whole" --spec "$spec" --quiet > "$W/whole.log" 2>&1
check cut_whole_no_key test -z "$(grep -l -e 'cut short by a stop' -e 'pt 6 ps 1.30' -e 'boxxyerror fs empty' "$W/whole/plots"/*.gp)"
# Every picture as wide as the finished run's (its height one title line more).
widths() { for g in "$1"/*.gp; do printf '%s %s\n' "${g##*/}" "$(sed -n 's/^set terminal svg size \([0-9]*\),.*/\1/p' "$g")"; done; }
check cut_widths_kept test "$(widths "$P")" = "$(widths "$W/whole/plots")"
check cut_whole_bars_zero test "$(awk -F'\t' '!/^#/ && NF >= 12 { print $12 }' "$W/whole/plots/bars.tsv" | sort -u)" = 0
finish
