# plot_scatter_rows.sh — a scatter draws every row as a point of its own (model runs, no device):
# rows of one median time were one point, "the best of" them, and the speed-of-light chart's title
# then said "best of 1-2 of 4 variants, 2 of local=32..448 at 5 of 379 points ... drawn by its % of
# sol, not by the highest GFLOP/s: 0.272416 ranks above 0.271888 ..." (volkov_fma on an H100, whose
# event timestamps give many rows one median time), a chart of every row read as a chart of bests.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
spec=$fx/fixture.spec
W=$TMP/plot_scatter_rows
rm -rf "$W"; mkdir -p "$W"
. "$fx/make_run.sh"

# Every row the same median time, each its own % of sol (10, 20, ...), one bound: as many points as
# rows with a bound, none combined, nothing said of a best.
M=$W/same
make_run "$M" fixture 1 "1000 2000"
add_sol "$M"
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    { $c["median_ms"] = "0.5"; $c["bound"] = "fp32"; $c["sol_pct"] = 10 * (NR - 1); $c["flag"] = "" } { print }' \
    "$M/results.tsv" > "$M/r.tmp" && mv "$M/r.tmp" "$M/results.tsv"
rows=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "status") s = i; next } $s == "ok"' "$M/results.tsv" | wc -l)
"$CLX" report "$M" --spec "$spec" --quiet > "$W/same.log" 2>&1
check scatter_rows_report test $? -eq 0
T=$M/plots/sol.tsv
points=$(grep -v '^#' "$T" | grep -c .)
check scatter_rows_setup test "$rows" -ge 4
check scatter_rows_each_point test "$points" -eq "$rows"
check scatter_rows_x_number test -z "$(grep -v '^#' "$T" | grep . | awk -F'\t' '$1 != "0.5"')"
sol_md=$(sed -n '/^## Speed of light/,/^## [^S]/p' "$M/report.md")
check scatter_rows_no_best test -z "$(grep -i 'best of\|ranks above\|combine' "$M/plots/sol.gp"; echo "$sol_md" | grep -i 'best of\|ranks above\|combine')"
check_drawn scatter_rows_picture test -s "$M/plots/sol.png"
finish
