# report_pairs.sh — one figure for one pair of rows, on a model run (no device, so every verdict is
# the rule's on any machine): a -cl-opt-disable row re-measured for an episode (ten rounds, the first
# five taken in turn with its default row's, five more alone) is not paired on the five both took:
# clx compare --by build, the report's builds table, its finding's verdict rule and its opt vs no-opt
# chart all say the rows' times' 6.87x (paired, the first five said 8.36x). The chart's labels are
# the table's words, ratio and verdict, and a bar the verdict left UNSURE is hatched (a bare "1.2x
# faster" stood over a pair the table called UNSURE).
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/report_pairs
rm -rf "$T"; mkdir -p "$T"
spec=$fx/pairs.spec
. "$fx/make_run.sh"

# R: the fixture's rows, five rounds each taken in turn (round_at_s: row k's round j at 10 j + k / 100 s).
# naive -cl-opt-disable N=2000 TERMS=2 local=128: rounds as optflags' fma row had them, an episode
# among its first five and five more after every other row's (its time, their median, 0.05495 ms;
# its first five's 0.0669). fast -cl-opt-disable: 0.8x the default's time, its rounds 40% apart.
R=$T/R
make_run "$R" pairs 1 "1000 2000" "" rounds
scale "$R" '$c["variant"] == "fast" && $c["build"] == "-cl-opt-disable"' 0.08
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print $0, "round_at_s", "rounds"; next }
    { k = NR / 100; at = k ";" 10 + k ";" 20 + k ";" 30 + k ";" 40 + k; n = 5
      if ($c["variant"] == "fast" && $c["build"] == "-cl-opt-disable") {
          t = $c["median_ms"]; $c["round_ms"] = sprintf("%.8g;%.8g;%.8g;%.8g;%.8g", t * 0.6, t * 1.4, t, t * 0.7, t * 1.3) }
      if ($c["variant"] == "naive" && $c["build"] == "-cl-opt-disable" && $c["N"] == 2000 && $c["TERMS"] == 2 && $c["local"] == 128) {
          $c["round_ms"] = "0.0669;0.0433;0.0623;0.0669;0.0854;0.0587;0.0512;0.0479;0.0476;0.0501"
          $c["median_ms"] = 0.05495; $c["gflops"] = 8000 / 0.05495e-3 * 1e-9; $c["gbs"] = 16000 / 0.05495e-3 * 1e-9
          at = at ";60;61;62;63;64"; n = 10 }
      print $0, at, n }' "$R/results.tsv" > "$R/r.tmp" && mv "$R/r.tmp" "$R/results.tsv"

"$CLX" compare "$R" --by build --out "$T/c" > "$T/c.log" 2>&1; rc=$?
row() { awk -F'\t' -v v="$1" -v col="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["variant"] == v && $c["N"] == 2000 && $c["TERMS"] == 2 && $c["local"] == 128 { print $c[col] }' "$3"; }
check pairs_compare_exit test "$rc" -eq 0
check pairs_compare_unpaired test "$(row naive paired_B "$T/c/compare.tsv")" = no
check pairs_compare_ratio test "$(row naive speedup_B "$T/c/compare.tsv" | awk '{ printf "%.3f", 1 / $1 }')" = 6.869

"$CLX" report "$R" --spec "$spec" > "$T/r.log" 2>&1; rc=$?
md=$R/report.md
check pairs_report_exit test "$rc" -eq 0
check pairs_table grep -qF '| naive | N=2000 TERMS=2 | 6.87x SLOWER |' "$md"
check pairs_table_unsure grep -qF '| fast | N=2000 TERMS=2 | 1.25x faster, UNSURE |' "$md"
check pairs_finding grep -qF 'build=default FASTER than build=-cl-opt-disable, by 6.87x' "$md"
check pairs_not_paired_figure test -z "$(grep -e '8\.36x' -e '8\.4x' "$md" "$R/plots/optnoopt.tsv")"
# The chart's labels: the table's words, the verdict beside them; the UNSURE bar hatched, said in the key.
check pairs_chart_label test "$(awk -F'\t' '$5 == "naive" && $6 == "SLOWER" { print $4 }' "$R/plots/optnoopt.tsv")" = "6.87x SLOWER"
check pairs_chart_unsure test "$(awk -F'\t' '$5 == "fast" && $6 == "UNSURE" { print $4 }' "$R/plots/optnoopt.tsv")" = "1.25x faster, UNSURE"
check pairs_chart_hatched grep -qF 'using 1:(strcol(6) eq "UNSURE" && $12 == 0 ? $2 : NaN) with boxes fs pattern' "$R/plots/optnoopt.gp"
check pairs_chart_key grep -qF 'title "hatched: UNSURE"' "$R/plots/optnoopt.gp"
# A plot that sets the builds side by side over a launch axis it leaves free (optnoopt_points, N):
# warned of by clx report too, once, as clx run, dump and expand warn at the spec's load (it was not);
# with the values the run's sweep took (run.json as_run): a sweep of one N is warned of by none.
check pairs_unpaired_warned test "$(grep -c "^clx: report: .*pairs.spec:[0-9]*: plot 3 (optnoopt_points): each build's bar is its own best over N (1000, 2000)" "$T/r.log")" = 1
cp -r "$R" "$T/one_n"
sed -i 's/"N": \[ "1000", "2000" \]/"N": [ "2000" ]/' "$T/one_n/run.json"
"$CLX" report "$T/one_n" --spec "$spec" > "$T/one_n.log" 2>&1
check pairs_unpaired_one_n test -z "$(grep -F 'its own best over' "$T/one_n.log")"

# Each build at its own best work-group size: naive -cl-opt-disable at N=1000 TERMS=1 made 1.5x slower at
# local 128, its best is 64 (1.1x), the default's 128. Best against best (11x) is no pair compare --by
# build forms: the table's cell and the chart's label name both sizes, the default's first, and the note
# under the table says what compare gives at 128 (15x); where the bests share a size (fast), neither does.
# memcopy_ilp's "2.00x SLOWER" (default at 128, -cl-opt-disable at 32) stood where compare said 1.18x
# faster, UNSURE at 32.
B=$T/B
make_run "$B" pairs 1 "1000 2000" "" rounds
scale "$B" '$c["variant"] == "naive" && $c["build"] == "-cl-opt-disable" && $c["N"] == 1000 && $c["TERMS"] == 1 && $c["local"] == 128' 1.5
"$CLX" report "$B" --spec "$spec" > "$T/b.log" 2>&1; rc=$?
check best_apart_exit test "$rc" -eq 0
check best_apart_cell grep -qF '| naive | N=1000 TERMS=1 | 11.00x SLOWER, local 128 vs 64 |' "$B/report.md"
check best_together_cell grep -qF '| fast | N=1000 TERMS=1 | 10.00x SLOWER |' "$B/report.md"
check best_apart_note grep -qF '**Note:** 1 of these ratios (marked "local A vs B") put rows of different work-group sizes side by side, each build at its own best: clx compare RUN --by build pairs equal configurations only. At the first build'"'"'s best work-group size it gives naive N=1000 TERMS=1 -cl-opt-disable at local 128: 15.00x SLOWER.' "$B/report.md"
check best_apart_label test "$(awk -F'\t' '$5 == "naive" && $6 == "SLOWER" { print $4 }' "$B/plots/optnoopt_best.tsv")" = "11.00x SLOWER, local 128 vs 64"
check best_together_label test "$(awk -F'\t' '$5 == "fast" && $6 == "SLOWER" { print $4 }' "$B/plots/optnoopt_best.tsv")" = "10.00x SLOWER"
# Its sizes on a line of their own, under the ratio and verdict (a clause a line, plot_barkeys.sh).
check best_apart_label_line grep -qF 'clx_pad(2 - clx_lines(stringcolumn(4))) . clx_said(stringcolumn(4))' "$B/plots/optnoopt_best.gp"
# Each build's best over N and local: naive's default at N=2000 (its N=1000 rows made 1.2x slower),
# its -cl-opt-disable at N=1000 (its N=2000 rows 1.5x slower), both at local 128. The label names the
# two N, not only the work-group sizes: "10.00x SLOWER" alone read as a pair at one point
# (memcopy_ilp's VEC=2,ILP=8 "1.34x FASTER" stood over GPC 8 against GPC 1, where at GPC 8 alone the
# no-opt build was 1.34x SLOWER).
P=$T/P
make_run "$P" pairs 1 "1000 2000" "" rounds
scale "$P" '$c["variant"] == "naive" && $c["build"] == "default" && $c["N"] == 1000' 1.2
scale "$P" '$c["variant"] == "naive" && $c["build"] == "-cl-opt-disable" && $c["N"] == 2000' 1.5
"$CLX" report "$P" --spec "$spec" > "$T/p.log" 2>&1; rc=$?
check points_apart_exit test "$rc" -eq 0
check points_apart_label test "$(awk -F'\t' '$5 == "naive" && $6 == "SLOWER" { print $4 }' "$P/plots/optnoopt_points.tsv")" = "10.00x SLOWER, local 128 vs 128, N 2000 vs 1000"
check points_apart_label_fast test "$(awk -F'\t' '$5 == "fast" && $6 == "SLOWER" { print $4 }' "$P/plots/optnoopt_points.tsv")" = "10.00x SLOWER"
check best_same_label test "$(awk -F'\t' '$5 == "naive" && $6 == "SLOWER" { print $4 }' "$B/plots/optnoopt.tsv")" = "10.00x SLOWER"
finish
