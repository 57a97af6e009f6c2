# plot_fixed_x.sh — a lines plot whose where fixes its x to one value (x = "R"; where = "...,
# R=128") draws one point a line: said before the run at the where's line, naming the plot and the
# where, and in report.md under the plot (where gnuplot draws it); a plot along the same x left
# free says nothing. Words and counts only, never a time.
. tests/e2e/lib.sh
T=$TMP/plot_fixed_x
rm -rf "$T"; mkdir -p "$T"
spec=tests/e2e/fixtures/plot_fixed_x.spec

run_clx "$T/run" run "$spec" --report
r=$rundir
check fixedx_premise test "$rc" -eq 0 -a "$(tsv_rows "$r/results.tsv")" -eq 2
said="x = R takes one value only (where 'build=default, R=128' fixes R=128): each line is one point"
line=$(grep -n 'R=128"' "$spec" | cut -d: -f1)
check fixedx_console grep -qF "$spec:$line: plot 1 (fixed): $said" "$T/run.log"
check fixedx_once test "$(grep -c 'takes one value only' "$T/run.log")" -eq 1
check_drawn fixedx_md grep -qF "$said" "$r/report.md"
check_drawn fixedx_free_quiet test "$(grep -c 'takes one value only' "$r/report.md")" -eq 1
finish
