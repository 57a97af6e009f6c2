#!/bin/sh
# sol_words.sh — a student's spec whose bytes is ten times too large (fixtures/solwords.spec), on
# PoCL with CLX_PEAK_GBS far below any rate a device reaches and CLX_PEAK_CACHE_BYTES small enough
# that no buffer fits the cache: every row is ok, above the peak (IMPOSSIBLE) and past its speed of
# light (sol>100). The console and report.md say the spec's bytes first (the rows' sol_note names
# it), not only "optimised away"; the rows' note cell carries the sol_note; the speed-of-light
# section counts and draws them (red crosses), never "no row has a bound"; a finding and a plot word
# an ok row above the peak as set aside, never "not measured" or "did not pass (2 ok)". A copy whose
# rows lose the sol_note's words says "optimised away" first. A roofline in a spec whose flops is
# the literal 0 is warned of at its line, and its not-drawn reason names the spec's flops. Words
# and counts only: the rates are whatever the device does, far above the peak given.
. tests/e2e/lib.sh
T=$TMP/sol_words
rm -rf "$T"; mkdir -p "$T"
spec=tests/e2e/fixtures/solwords.spec
export CLX_PEAK_GBS=0.1 CLX_PEAK_CACHE_BYTES=1024

run_clx_loud "$T/bad" run "$spec" --device pocl --report
check premise test "$rc" -eq 0 -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 2 \
    -a "$(tsv_col "$rundir/results.tsv" flag | grep -c 'IMPOSSIBLE:bw>peak.*sol>100')" -eq 2
# (Led by "no launch floor known; " where the run's launch floor was not measured: seen once under
# the load of make check, three tests on 2 cores; a note of its own, not this one's.)
check premise_sol_note test "$(tsv_col "$rundir/results.tsv" sol_note | grep -c "^\(no launch floor known; \)\?faster than its dram bound: the spec's bytes")" -eq 2
# Where the floor was not measured, run.json says why (blocker.launch_floor_why); where it was, no why.
floor_why=$(python3 -c 'import json, sys; b = json.load(open(sys.argv[1]))["blocker"]; print(b.get("launch_floor_why", "") if b["launch_floor_us"] is None else "measured" + b.get("launch_floor_why", ""))' "$rundir/run.json")
if tsv_col "$rundir/results.tsv" sol_note | grep -q "^no launch floor known"; then
    check floor_why_said test -n "$floor_why" -a "${floor_why#measured}" = "$floor_why"
    echo "launch floor not measured: $floor_why"
else
    check floor_why_said test "$floor_why" = measured
fi
work_first="the spec's declared work (its bytes or flops) or the peak is probably wrong (sol_note says which), or else the work was optimised away"
check console_warning_work_first grep -qF "WARNING: 2 rows are above the device's theoretical peak: $work_first" "$T/bad.log"
check md_warning_work_first grep -qF "**Warning:** 2 rows are above the device's theoretical peak: $work_first" "$rundir/report.md"
check md_section_work_first grep -qF "above what the device can do: $work_first" "$rundir/report.md"
check md_note_cell test "$(grep -c "^| plain | default | local=[0-9]* | \*\*IMPOSSIBLE:bw>peak,sol>100\*\* | \(no launch floor known; \)\?faster than its dram bound: the spec's bytes" "$rundir/report.md")" -eq 2
# The speed of light: the console's table and report.md's count both rows sol>100, and the chart
# draws them as their own series; no "no row has a bound", no "Of the 0 rows".
check console_sol_table grep -qE '^  plain +default +0 of 2 .* 2 +-$' "$T/bad.log"
check console_sol_said grep -qF 'No row is within its bound: the 2 rows with one are past it (sol>100' "$T/bad.log"
check md_sol_count grep -qE '^\| plain \| default \| 0 of 2 \|.*\| 2 \| - \|$' "$rundir/report.md"
check md_sol_no_none test -z "$(grep -e 'no row has a bound' -e 'No row has a bound' -e 'Of the 0 rows' "$rundir/report.md" "$T/bad.log")"
check_drawn md_sol_chart grep -qF '](plots/sol.png)' "$rundir/report.md"
check_drawn sol_chart_crosses test "$(grep -c . "$rundir/plots/sol.tsv")" -ge 3 -a -n "$(grep -F '# sol>100: counts or ceilings wrong' "$rundir/plots/sol.tsv")"
# A finding and a plot over those rows: set aside above the peak, not "did not pass (2 ok)".
aside="set aside: above the device's peak (flag IMPOSSIBLE)"
check finding_aside grep -qF "max(sol_pct[variant=plain]): no measured row matches: the 2 rows it names are $aside" "$rundir/report.md"
check plot_aside grep -qxF "clx: report: plot bw not drawn: no measured row matches build=default: the 2 rows with it are $aside" "$T/bad.log"
check no_not_measured_ok test -z "$(grep -e 'not measured (2 ok)' -e 'did not pass (2 ok)' "$rundir/report.md" "$T/bad.log")"

# A row above the peak whose sol_note does not blame the spec's work (no sol>100): optimised away first.
cp -r "$rundir" "$T/other"
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "flag") f = i; if ($i == "sol_note") n = i } print; next }
    { $f = "IMPOSSIBLE:bw>peak"; $n = "" } { print }' "$rundir/results.tsv" > "$T/other/results.tsv"
"$CLX" report "$T/other" > "$T/other.log" 2>&1
check other_optimised_first grep -qF "**Warning:** 2 rows are above the device's theoretical peak: the work was probably optimised away, or the spec's declared work (its bytes or flops) or the peak is wrong" "$T/other/report.md"
check other_no_sol_row test -z "$(grep -E '^\| plain \| default \| [0-9]+ of' "$T/other/report.md")"

# flops = "0" with a roofline: warned at the plot's line when read; its reason names the spec's flops.
sed -e 's/^flops = "N";/flops = "0";/' -e 's/^bytes = .*/bytes = "12 * N";/' \
    -e 's/^  { kind = "bars"; name = "bw".*/  { kind = "roofline"; where = "build=default"; series = "variant"; }/' "$spec" > "$T/noflops.spec"
cp tests/e2e/fixtures/solwords.cl.m4 "$T/noflops.cl.m4"
sed -i 's/^template = .*/template = "noflops.cl.m4";/' "$T/noflops.spec"
roof_line=$(grep -n 'kind = "roofline"' "$T/noflops.spec" | cut -d: -f1)
flops_line=$(grep -n '^flops = ' "$T/noflops.spec" | cut -d: -f1)
unset CLX_PEAK_GBS CLX_PEAK_CACHE_BYTES
run_clx_loud "$T/nf" run "$T/noflops.spec" --device pocl --report
check noflops_warned grep -qF "$T/noflops.spec:$roof_line: plot 1 (roofline_gflops): a roofline plot needs non-zero flops, and the spec's flops is 0 (line $flops_line)" "$T/nf.log"
check noflops_reason grep -qF "clx: report: plot roofline_gflops not drawn: 2 measured rows match, none with a value of gflops: the spec's flops is 0 at them: a roofline needs flops" "$T/nf.log"
check noflops_not_device test -z "$(grep 'a column this device does not report' "$T/nf.log")"
finish
