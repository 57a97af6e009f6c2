# report.sh — clx report and clx compare on runs made here from a model (no device needed): every
# plot kind drawn (files, titles, series names), findings that hold, do not hold and cannot be
# checked, compare's ratios, unmatched rows and both refusals; then a real quick run with --report.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
spec=$fx/fixture.spec
rm -rf "$TMP/report"; mkdir -p "$TMP/report"
. "$fx/make_run.sh"

A=$TMP/report/A B=$TMP/report/B
make_run "$A" fixture 1 "1000 2000"
make_run "$B" fixture 1.5 "1000 2000"

"$CLX" report "$A" --spec "$spec" > "$TMP/report/A.log" 2>&1
check report_exit_0 test $? -eq 0
check report_md grep -q '^# fixture on Test Device 1' "$A/report.md"
# Its first line says clx writes it again (a note added by hand was lost to the next clx report, unsaid).
check report_md_written_by_clx sh -c "head -n 1 '$A/report.md' | grep -q '^<!-- Written by clx: clx report, and a run.s own report or its resume, write this file again, so notes kept here are lost: keep them in another file. -->\$'"
check report_device_clock grep -q '^| device | Test Device 1 (Test), 4 compute units, 1000 MHz |' "$A/report.md"
# A device that reports a clock of 0 MHz (Intel's CPU runtime) and no memory bandwidth: "not
# reported" and "unknown (why)", never "0 MHz" or "0 GB/s".
Z=$TMP/report/Z
make_run "$Z" fixture 1 "1000 2000"
sed -i -e 's/"max_clock_mhz": 1000/"max_clock_mhz": 0/' -e 's/"mem_gbs": 50, "mem_source": "model"/"mem_gbs": 0, "mem_source": "unknown: no figure for it"/' "$Z/run.json"
"$CLX" report "$Z" --spec "$spec" > "$TMP/report/Z.log" 2>&1
check report_clock_not_reported grep -q '^| device | Test Device 1 (Test), 4 compute units, clock not reported |' "$Z/report.md"
check report_no_zero_mhz test -z "$(grep -e ' 0 MHz' -e ' 0 GB/s' "$Z/report.md")"
check report_peak_unknown_why grep -q 'memory unknown (no figure for it)' "$Z/report.md"
# Every kind, every figure: SVG and PNG drawn, data and script beside them.
for f in lines nsop heat-naive heat-fast heatabs bars optnoopt roofline; do
    check_drawn "report_${f}_files" test -s "$A/plots/$f.svg" -a -s "$A/plots/$f.png" -a -s "$A/plots/$f.tsv" -a -s "$A/plots/$f.gp"
done
check_drawn report_heat_figures test ! -e "$A/plots/heat.svg"        # one figure per variant, none for all
check_drawn report_lines_title grep -q '>fixture lines<' "$A/plots/lines.svg"
check_drawn report_lines_subtitle grep -q 'fixture on Test Device 1 (Test Platform, driver 1.0)' "$A/plots/lines.svg"
check_drawn report_lines_panels sh -c "grep -q '>naive<' '$A/plots/lines.svg' && grep -q '>fast<' '$A/plots/lines.svg'"
check_drawn report_lines_series grep -q 'TERMS=2' "$A/plots/lines.svg"
# A figure of one build of a run of two says which under the run's line, as the -cl-opt-disable one's
# title did and the default one's did not; where the build is a series (opt vs no-opt) the key says it.
check_drawn report_lines_build_said grep -qF '2026-11-23\nbuild default\n' "$A/plots/lines.gp"
check_drawn report_optnoopt_build_not_said test -z "$(grep -F '\nbuild ' "$A/plots/optnoopt.gp")"
# Plots with no title are headed by what tells them apart, their name, metric, x and filter (three of
# one metric were all headed "### bandwidth"), on report.md and on the picture.
Un=$TMP/report/untitled
mkdir -p "$Un"; make_run "$Un/run" fixture 1 "1000 2000"; cp "$fx/fixture.cl.m4" "$Un/"
awk '/^plots = \(/ { skip = 1; print "plots = (\n" \
    "  { kind = \"bars\"; name = \"bw_variant\"; metric = \"gbs\"; x = \"variant\"; where = \"build=default\"; },\n" \
    "  { kind = \"bars\"; name = \"bw_n\"; metric = \"gbs\"; x = \"N\"; where = \"build=default\"; },\n" \
    "  { kind = \"bars\"; name = \"bw_noopt\"; metric = \"gbs\"; x = \"variant\"; where = \"build=-cl-opt-disable\"; }\n);"; next }
    skip && /^\);/ { skip = 0; next } !skip' "$spec" > "$Un/fixture.spec"
"$CLX" report "$Un/run" --spec "$Un/fixture.spec" --quiet > "$Un/log" 2>&1
check_drawn report_untitled_exit test $? -eq 0 -a "$(ls "$Un/run/plots/"bw_*.png | wc -l)" -eq 3
check_drawn report_untitled_headings test "$(awk '/^## / { on = ($0 == "## Plots") } on && /^### / { print }' "$Un/run/report.md" | sort -u | wc -l)" -eq 3
check_drawn report_untitled_heading grep -q '^### bw_n: bandwidth against N, where build=default$' "$Un/run/report.md"
check_drawn report_untitled_title grep -qF 'title "bw_noopt: ' "$Un/run/plots/bw_noopt.gp"
# A peak is a dashed line the points are read against where a point reaches a quarter of it (a copy
# of A with the FP32 peak at 4 GFLOP/s, its lines' points at 1-2, and the bandwidth at 16 GB/s, its
# bars at up to 8: a GPU's lines near their peak); where every point lies below that (A: 2 GFLOP/s
# under 100, 8 GB/s under 50: volkov_fma on a CPU), the line is left out and the title says where the
# peak is: stretched to it, the axis flattened the points (ILP 1, 4 and 8 looked the same).
Nr=$TMP/report/Near
make_run "$Nr" fixture 1 "1000 2000"
sed -i -e 's/"fp32_gflops": 100/"fp32_gflops": 4/' -e 's/"mem_gbs": 50/"mem_gbs": 16/' "$Nr/run.json"
"$CLX" report "$Nr" --spec "$spec" > "$TMP/report/Near.log" 2>&1
check_drawn report_lines_peak grep -q 'title "FP32 peak 4 GFLOP/s"' "$Nr/plots/lines.gp"
check_drawn report_lines_peak_svg grep -q 'FP32 peak 4 GFLOP/s' "$Nr/plots/lines.svg"
check_drawn report_bars_peak grep -q 'title "bandwidth peak 16 GB/s"' "$Nr/plots/bars.gp"
check_drawn report_peak_near_not_said test -z "$(grep -h 'lies above the plot' "$Nr/plots/lines.gp" "$Nr/plots/bars.gp")"
check_drawn report_lines_peak_far sh -c "grep -q 'the FP32 peak (100 GFLOP/s) lies above the plot: its highest point is 2.0% of it' '$A/plots/lines.gp' &&
    ! grep -q 'title \"FP32 peak' '$A/plots/lines.gp' && grep -q '^set yrange \[0:2.142\]' '$A/plots/lines.gp'"
check_drawn report_bars_peak_far sh -c "grep -q 'the bandwidth peak (50 GB/s) lies above the plot: its highest bar is 16.0% of it' '$A/plots/bars.gp' &&
    ! grep -q 'title \"bandwidth peak' '$A/plots/bars.gp'"
check_drawn report_nsop_unit grep -q 'time per element and term (ns)' "$A/plots/nsop.svg"
check_drawn report_heat_panels grep -q 'TERMS=1' "$A/plots/heat-fast.svg"
check_drawn report_heat_bytes grep -q '16 KiB\|15.6 KiB' "$A/plots/heat-fast.svg"
check_drawn report_bars_series grep -q 'N=2000' "$A/plots/bars.svg"
check report_bars_label grep -q '%' "$A/plots/bars.tsv"
# The figure says what its error bars are (optflags' +/-21% on one bar was read as the median's range;
# it was the trials' standard deviation).
check_drawn report_bars_errors_said grep -qF 'error bars: one standard deviation of the trials\n' "$A/plots/bars.gp"
check_drawn report_optnoopt_errors_said grep -qF 'error bars: one standard deviation of the trials\n' "$A/plots/optnoopt.gp"
# no-opt is 10x slower in the model: the label says which way ("0.5x" over a bar twice as tall read
# as half the speed), with the verdict of the builds table (one replicate a row: UNSURE)
check report_optnoopt_ratio grep -q '	10.00x slower, UNSURE	' "$A/plots/optnoopt.tsv"
check_drawn report_roofline_roof grep -q 'roofline: 100 GFLOP/s, 50 GB/s' "$A/plots/roofline.svg"
check_drawn report_roofline_points grep -q 'naive' "$A/plots/roofline.svg"
# Where every point has one intensity (TERMS=1: 0.25 FLOP/byte), the series stand side by side
# under the one roof there, not on one another at one x.
check_drawn report_roofone_series grep -q '^set xtics ("naive" 1, "fast" 2) rotate by -25$' "$A/plots/roofone.gp"
check_drawn report_roofone_roof grep -q 'title "the roof at 0.25 FLOP/byte: 12.5 GFLOP/s (the bandwidth peak times the intensity)"' "$A/plots/roofone.gp"
check_drawn report_roofone_said grep -q 'every point has one arithmetic intensity, 0.25 FLOP/byte: the series stand side by side under the roof at it' "$A/report.md"
check_drawn report_roofline_not_one test -z "$(grep 'set xtics (' "$A/plots/roofline.gp")"
# No memory bandwidth known (Z, as on PoCL): the FP32 line is no roof over points at 0.25 FLOP/byte
# (vecsum's under PoCL's FP32 peak would have needed 2.8 TB/s): a dashed compute ceiling, said as
# such, and the title says no memory roof is known and how to get one.
check_drawn report_roof_no_mem_title grep -qF 'no memory roof known: set CLX_PEAK_GBS or run clx run peaks\n' "$Z/plots/roofone.gp"
check_drawn report_roof_no_mem_key sh -c "grep -q 'dt 2 lc rgb \"#444444\" title \"the FP32 peak, 100 GFLOP/s: a compute ceiling only, not the roof at 0.25 FLOP/byte\"' '$Z/plots/roofone.gp' &&
    ! grep -q 'the roof at 0.25 FLOP/byte: ' '$Z/plots/roofone.gp' && grep -q 'title \"FP32 peak: a compute ceiling only\"' '$Z/plots/roofline.gp'"
# The roof's key inside the plot fits the picture: at the width of a short title (720) its box hung
# off the left edge with no text (Intel's CPU vecsum; PoCL's longer device name had widened it).
check_drawn report_roof_key_fits test "$(sed -n 's/^set terminal pngcairo size \([0-9]*\),.*/\1/p' "$Z/plots/roofone.gp")" -ge 880
# The share a far peak's title gives rounds as report.md's tables do (a tenth of a percent): 2 GFLOP/s
# under 80 is 2.5%, which "%.0f" wrote "2%" (volkov_fma's sol.png said 3% of a 2.5% point).
Pk=$TMP/report/Pk
make_run "$Pk" fixture 1 "1000 2000"
sed -i 's/"fp32_gflops": 100/"fp32_gflops": 80/' "$Pk/run.json"
"$CLX" report "$Pk" --spec "$spec" --quiet > "$TMP/report/Pk.log" 2>&1
check_drawn report_peak_far_tenths grep -q 'the FP32 peak (80 GFLOP/s) lies above the plot: its highest point is 2.5% of it' "$Pk/plots/lines.gp"
# A --quick run says so on every picture (one pasted into a lab report lost report.md's banner), and a
# series of one value (a quick sweep's one grid, under a title promising "a line per grid") is named
# as the only one, in the title; the key names it no more (a key of its one entry said it twice), and
# with the peak's line above the plot (said in the title) there is no key.
Qk=$TMP/report/Qk
make_run "$Qk" fixture 1 "1000 2000"
sed -i 's/"finished": /"quick": true, "finished": /' "$Qk/run.json"
awk -F'\t' 'NR == 1 || $6 != 2' "$Qk/results.tsv" > "$Qk/r" && mv "$Qk/r" "$Qk/results.tsv"
"$CLX" report "$Qk" --spec "$spec" --quiet > "$TMP/report/Qk.log" 2>&1
check_drawn report_quick_on_picture sh -c "grep -qF '2026-11-23\nA --quick run: small sizes and few trials' '$Qk/plots/lines.gp' &&
    grep -q 'A --quick run: small sizes and few trials' '$Qk/plots/bars.svg' && ! grep -q -- '--quick' '$A/plots/lines.gp'"
check_drawn report_one_series_said sh -c "grep -q '^set multiplot .*title \"fixture lines, only TERMS=1 (the one line)' '$Qk/plots/lines.gp' &&
    grep -q '^set key off' '$Qk/plots/lines.gp' && ! grep -q 'title \"TERMS=1\"' '$Qk/plots/lines.gp'"
# An error bar whose low end (the value less one deviation) is at or below 0 is cut at the axis with an
# arrowhead, said in the title: on a linear axis it went to 0 unmarked, on a logarithmic one (opt vs
# no-opt) it ran off the frame at 1/100 of the bar (vecsum's float4 on PoCL, +/- 75 on 40 GB/s).
Eb=$TMP/report/Eb
make_run "$Eb" fixture 1 "1000 2000"
awk -F'\t' 'BEGIN { OFS = "\t" } NR > 1 && $2 == "naive" { $14 = $12 * 1.5; $15 = 1.5 } { print }' "$Eb/results.tsv" > "$Eb/r" &&
    mv "$Eb/r" "$Eb/results.tsv"
"$CLX" report "$Eb" --spec "$spec" --quiet > "$TMP/report/Eb.log" 2>&1
for f in bars optnoopt; do
    check_drawn "report_${f}_errors_clipped" sh -c "grep -qF 'an arrowhead on the axis: that error bar' '$Eb/plots/$f.gp' &&
        grep -q 'with vectors head filled' '$Eb/plots/$f.gp' &&
        test \"\$(awk -F'\t' '!/^#/ && NF >= 8 && \$5 == \"naive\" { print \$8 }' '$Eb/plots/$f.tsv' | sort -u)\" = 1"
done
# Cut at the axis's low end, not below it: 0 on the linear bars, the log axis's bottom on opt vs no-opt.
check_drawn report_bars_clipped_at_0 test "$(awk -F'\t' '!/^#/ && NF >= 8 && $8 == 1 { print $7 }' "$Eb/plots/bars.tsv" | sort -u)" = 0
check_drawn report_optnoopt_clipped_at_axis test "$(awk -F'\t' '!/^#/ && NF >= 8 && $8 == 1 { print $7 }' "$Eb/plots/optnoopt.tsv" | sort -u)" = \
    "$(sed -n 's/^set yrange \[\([^:]*\):.*/\1/p' "$Eb/plots/optnoopt.gp" | head -n 1)"
check_drawn report_errors_not_clipped test -z "$(grep -F 'an arrowhead on the axis' "$A/plots/bars.gp" "$A/plots/optnoopt.gp")"
# Negative values (a deviation) keep their range, with a line at 0, instead of an axis from 0.
check report_negative_range grep -q 'set xzeroaxis' "$A/plots/dev.gp"
# The heat map's cells are rel_time: fast is 0.5 of naive everywhere in run A.
check report_heat_values test "$(awk -F'\t' '!/^#/ && NF >= 3 { print $3 }' "$A/plots/heat-fast.tsv" | sort -u)" = "0.5"
# A ratio to the reference variant is coloured on a diverging scale around 1 (log), and each of its
# cells is one row: nothing said of rows combined.
check_drawn report_heat_ratio_diverging sh -c "grep -q 'set palette defined (0 \"#2166ac\"' '$A/plots/heat-fast.gp' &&
    grep -q '^set logscale cb' '$A/plots/heat-fast.gp'"
check_drawn report_heat_one_row_a_cell test -z "$(grep -e 'at each' -e 'best of' "$A/plots/heat-fast.gp")"
# A time has no reference: a sequential scale from the lowest time to the highest (fast's, 0.001 to
# 0.0022 ms: the best of naive and fast, which the title says), deepest at the better (lower) end,
# the colour bar saying so; its cells labelled to three figures.
ha=$A/plots/heatabs
check_drawn report_heatabs_sequential grep -q 'set palette defined (0 "#2c7fb8"' "$ha.gp"
check_drawn report_heatabs_better_said grep -q 'set cblabel "median time (ms), lower (deeper) is better"' "$ha.gp"
check_drawn report_heatabs_range sh -c "grep -q '^set cbrange \[0.001:0.0022\]' '$ha.gp' && ! grep -q 'logscale cb' '$ha.gp'"
check_drawn report_heatabs_labels test "$(awk -F'\t' '!/^#/ && NF >= 4 { print $4 }' "$ha.tsv" | sort | tr '\n' ' ')" = "0.001 0.0011 0.002 0.0022 "
check_drawn report_heatabs_combined grep -qF 'fixture heat map of a time\nbest of variant=naive|fast at each cell (the row of the highest GB/s, the Best table'"'"'s ranking): all at variant=fast\nfixture on Test Device 1' "$ha.gp"
# Points that combine rows of axes the plot does not show say so under the title, with the values
# those axes took; points of one row each say nothing.
check_drawn report_nsop_combined grep -qF 'fixture expression\nbest of TERMS=1|2, local=64|128 at each point' "$A/plots/nsop.gp"
check_drawn report_lines_one_row_a_point test -z "$(grep -e 'at each' -e 'best of' "$A/plots/lines.gp")"
# center makes any heat map diverging; a deviation from the row average is diverging around 0
# (linear: its values are on both sides of 0), reaching as far as its farthest value both ways.
rm -rf "$TMP/report/hc"; cp -r "$fx" "$TMP/report/hc"
sed -i -e 's/where = "TERMS=1, build=default"; },/where = "TERMS=1, build=default"; center = 0.002; },/' \
    -e 's/name = "heat"; title = "fixture heat map"; metric = "rel_time"/name = "heat"; title = "fixture heat map"; metric = "dev_row_avg"/' \
    "$TMP/report/hc/fixture.spec"
rm -rf "$TMP/report/Ahc"; cp -r "$A" "$TMP/report/Ahc"
"$CLX" report "$TMP/report/Ahc" --spec "$TMP/report/hc/fixture.spec" --quiet > "$TMP/report/Ahc.log" 2>&1
check_drawn report_heat_center_diverging sh -c "grep -q 'set palette defined (0 \"#2166ac\"' '$TMP/report/Ahc/plots/heatabs.gp' &&
    grep -q '^set cbrange \[0.001:0.003\]' '$TMP/report/Ahc/plots/heatabs.gp'"
check_drawn report_heat_deviation_centred sh -c "grep -q 'set palette defined (0 \"#2166ac\"' '$TMP/report/Ahc/plots/heat-fast.gp' &&
    grep -q '^set cbrange \[-0.0476[0-9]*:0.0476[0-9]*\]' '$TMP/report/Ahc/plots/heat-fast.gp' &&
    ! grep -q 'logscale cb' '$TMP/report/Ahc/plots/heat-fast.gp'"
# A speed-up's error bars: none on the reference variant's own row (1 by definition, not a
# measurement), and both rows' trials' variation on the others (cv 0.02 each: 0.02 * sqrt(2) of it).
rm -rf "$TMP/report/sp"; cp -r "$fx" "$TMP/report/sp"
sed -i 's/metric = "gbs"; series = "N"; label = "pct_bw_peak";/metric = "speedup"; series = "N";/' "$TMP/report/sp/fixture.spec"
rm -rf "$TMP/report/Asp"; cp -r "$A" "$TMP/report/Asp"
"$CLX" report "$TMP/report/Asp" --spec "$TMP/report/sp/fixture.spec" --quiet > "$TMP/report/Asp.log" 2>&1
check report_speedup_reference_no_bar test "$(awk -F'\t' '$5 == "naive" { print $3 }' "$TMP/report/Asp/plots/bars.tsv" | sort -u)" = 0
check report_speedup_ratio_bar awk -F'\t' '$5 == "fast" { n++; if ($3 < 0.99 * 0.02 * sqrt(2) * $2 || $3 > 1.01 * 0.02 * sqrt(2) * $2) bad++ }
    END { exit !(n > 0 && !bad) }' "$TMP/report/Asp/plots/bars.tsv"
# A run whose every row timed out supports no claim: what would hold cannot be checked, and says why.
rm -rf "$TMP/report/Atimeout" "$TMP/report/tmo"; cp -r "$A" "$TMP/report/Atimeout"; cp -r "$fx" "$TMP/report/tmo"
sed -i 's/^  { claim = "a variant this run does not have";/  { claim = "every row verified"; check = "count(status[status=FAIL]) == 0"; },\n&/' "$TMP/report/tmo/fixture.spec"
awk -F'\t' 'BEGIN { OFS = "\t" } NR == 1 { for (i = 1; i <= NF; i++) if ($i == "status") c = i } NR > 1 { $c = "timeout" } { print }' \
    "$A/results.tsv" > "$TMP/report/Atimeout/results.tsv"
"$CLX" report "$TMP/report/Atimeout" --spec "$TMP/report/tmo/fixture.spec" --quiet > "$TMP/report/Atimeout.log" 2>&1
check report_all_timeout_no_holds sh -c "grep -q '^0 hold, ' '$TMP/report/Atimeout/report.md' &&
    grep -q '^| 3 | every row verified | \*\*cannot be checked\*\* | no row of this run was measured (32 timeout) |' '$TMP/report/Atimeout/report.md'"
# ... and on the run itself it holds.
rm -rf "$TMP/report/Aok"; cp -r "$A" "$TMP/report/Aok"
"$CLX" report "$TMP/report/Aok" --spec "$TMP/report/tmo/fixture.spec" --quiet > /dev/null 2>&1
check report_verified_holds grep -q '^| 3 | every row verified | \*\*holds\*\* |' "$TMP/report/Aok/report.md"
# The noisy warning says the flagged rows' standard errors (time_se), not a fixed 1-2%.
rm -rf "$TMP/report/Anoisy"; cp -r "$A" "$TMP/report/Anoisy"
awk -F'\t' 'BEGIN { OFS = "\t" } NR == 1 { for (i = 1; i <= NF; i++) if ($i == "flag") f = i; print $0, "time_se"; next }
    NR == 2 { $f = "noisy"; print $0, 0.02; next } NR == 3 { $f = "noisy"; print $0, 0.3; next } NR == 4 { $f = "noisy"; print $0, 0.05; next }
    { print $0, 0.001 }' "$A/results.tsv" > "$TMP/report/Anoisy/results.tsv"
"$CLX" report "$TMP/report/Anoisy" --spec "$spec" --quiet > "$TMP/report/Anoisy.log" 2>&1
check report_noisy_range grep -q '^\*\*Warning:\*\* 3 rows have a standard error above 1% of their time: time_se 2-30%, 5% in the median (their' "$TMP/report/Anoisy/report.md"
# One flagged row is one ("1 row(s) have" read as a slip), and its figure one figure, not "24-24%";
# rows that all read the same figure say it once.
for n in 1 2; do
    rm -rf "$TMP/report/Anoisy$n"; cp -r "$A" "$TMP/report/Anoisy$n"
    awk -F'\t' -v n=$n 'BEGIN { OFS = "\t" } NR == 1 { for (i = 1; i <= NF; i++) if ($i == "flag") f = i; print $0, "time_se"; next }
        NR <= 1 + n { $f = "noisy"; print $0, 0.24; next } { print $0, 0.001 }' "$A/results.tsv" > "$TMP/report/Anoisy$n/results.tsv"
    "$CLX" report "$TMP/report/Anoisy$n" --spec "$spec" --quiet > "$TMP/report/Anoisy$n.log" 2>&1
done
check report_noisy_one grep -qF '**Warning:** 1 row has a standard error above 1% of its time: time_se 24% (its rounds'"'"' scatter): another run may put it about' "$TMP/report/Anoisy1/report.md"
check report_noisy_same grep -qF '**Warning:** 2 rows have a standard error above 1% of their time: time_se 24% each (their rounds'"'"' scatter)' "$TMP/report/Anoisy2/report.md"
# The gnuplot script draws the same picture again by itself.
rm -f "$A/plots/bars.svg"
check_drawn report_gp_rerun sh -c "cd '$A/plots' && gnuplot bars.gp && test -s bars.svg"

# Findings, on runs of five rounds a row (FA, FB: the model's times, 0.1% of noise): holds in FA,
# does not hold in FB (fast is 1.33x there), and two that cannot be checked. On A's rows, one
# replicate each, a check of times has no noise floor: it cannot be decided here.
FA=$TMP/report/FA FB=$TMP/report/FB
make_run "$FA" fixture 1 "1000 2000" "" rounds
make_run "$FB" fixture 1.5 "1000 2000" "" rounds
"$CLX" report "$FA" --spec "$spec" > "$TMP/report/FA.log" 2>&1
check finding_holds sh -c "grep '^| 1 |' '$FA/report.md' | grep -q '\*\*holds\*\*'"
check finding_measured sh -c "grep '^| 1 |' '$FA/report.md' | grep -q 'median_ms\[variant=naive\] = 0.008; median_ms\[variant=fast\] = 0.004; median_ms\[variant=naive\] / median_ms\[variant=fast\] = 2, asked >= 1.8; the same verdict anywhere within the noise floors (0.25%) of its 2 timed values'"
check finding_nodata_missing sh -c "grep '^| 3 |' '$FA/report.md' | grep -q 'cannot be checked.*no measured row matches'"
check finding_nodata_ambiguous sh -c "grep '^| 4 |' '$FA/report.md' | grep -q 'cannot be checked.*rows match (they differ in build (default, -cl-opt-disable), N (1000, 2000), TERMS (1, 2), local (64, 128))'"
check finding_console grep -q 'does not hold\|holds' "$TMP/report/FA.log"
# A finding's where (the rows it is checked on) is beside its claim, in report.md and on the console;
# one with none has no such line.
check finding_where_md sh -c "grep '^| 1 |' '$FA/report.md' | grep -qF '| fast is at least 1.8x faster than naive <br>*on rows:* build=default, N=2000, TERMS=2, local=128 <br>*seed:* 2x in the model |'"
check finding_where_console grep -qF 'fast is at least 1.8x faster than naive (on build=default, N=2000, TERMS=2, local=128)' "$TMP/report/FA.log"
check finding_no_where_none sh -c "grep '^| 2 |' '$FA/report.md' | grep -qv 'on rows'"
check finding_no_floor_undecided sh -c "grep '^| 1 |' '$A/report.md' | grep -q '\*\*cannot be decided here\*\*.*asked >= 1.8; no noise floor for median_ms\[variant=naive\] (one replicate): the verdict rule cannot judge it'"
"$CLX" report "$FB" --spec "$spec" --quiet > "$TMP/report/FB.log" 2>&1
check report_B_exit_0 test $? -eq 0
check finding_fails sh -c "grep '^| 1 |' '$FB/report.md' | grep -q '\*\*does not hold\*\*.*median_ms\[variant=naive\] / median_ms\[variant=fast\] = 1.333, asked >= 1.8'"
check finding_other_holds sh -c "grep '^| 2 |' '$FB/report.md' | grep -q '\*\*holds\*\*'"
# No finding's line (its verdict first, "  holds  ..."); the closing counts say "1 holds" all the same.
check report_quiet test "$(grep -c '^  *\(holds\|does not hold\)  ' "$TMP/report/FB.log")" -eq 0 -a \
    "$(grep -c '^Findings' "$TMP/report/FB.log")" -eq 0
check report_counts_singular grep -qF "the seed's findings: 1 holds, 1 does not hold, 2 cannot be checked)" "$TMP/report/FB.log"
"$CLX" report "$B" --spec "$spec" --quiet > "$TMP/report/B.log" 2>&1
check report_tables grep -q 'Slowdown of each build' "$B/report.md"
# The builds' table is against the run's first build in the spec's order (run.json's as_run), not
# the first its rows name: a search writes rows in the order it measured them, and its table was
# "against -cl-opt-disable" with the default build at 0.06-0.19x.
O=$TMP/report/O
make_run "$O" fixture 1 "1000 2000"
{ head -n 1 "$O/results.tsv"; awk -F'\t' 'NR > 1 && $4 != "default"' "$O/results.tsv"; awk -F'\t' 'NR > 1 && $4 == "default"' "$O/results.tsv"; } > "$O/r" && mv "$O/r" "$O/results.tsv"
sed -i 's/"as_run": { "launch"/"as_run": { "builds": [ "", "-cl-opt-disable" ], "launch"/' "$O/run.json"
"$CLX" report "$O" --spec "$spec" --quiet > "$TMP/report/O.log" 2>&1
check report_builds_against_first_planned test $? -eq 0 -a -n "$(grep -F '### Slowdown of each build against "default"' "$O/report.md")"
check report_builds_noopt_slower test "$(sed -n '/^### Slowdown of each build/,/^###/p' "$O/report.md" | grep -c '| 10\.00x \(slower, \)\?[A-Z]* |$')" -eq 8

# A spec naming a column the results do not have is refused with its line.
sed 's/metric = "gbs"; series = "N"/metric = "gbs"; series = "nosuch"/' "$spec" > "$TMP/report/bad.spec"
cp "$fx/fixture.cl.m4" "$TMP/report/"
"$CLX" report "$A" --spec "$TMP/report/bad.spec" > "$TMP/report/bad.log" 2>&1
check report_bad_spec_exit test $? -ne 0
check report_bad_spec_named grep -q "bad.spec:[0-9]*: plot series: 'nosuch' is not a column" "$TMP/report/bad.log"
sed 's/where = "build=default, TERMS=1"; }/where = "build=default, TERMS=3"; }/' "$spec" > "$TMP/report/norows.spec"
# A plot this run has no rows for (a --quick sweep lacks values the full one has) is not drawn,
# with the reason, and is not an error.
"$CLX" report "$A" --spec "$TMP/report/norows.spec" > "$TMP/report/norows.log" 2>&1
check report_norows_exit_0 test $? -eq 0
check report_norows_named grep -q 'plot bars not drawn: no measured row matches build=default, TERMS=3' "$TMP/report/norows.log"
check_drawn report_norows_others test -s "$A/plots/heat-naive.svg"
check report_norows_in_md grep -q 'Not drawn on this run:.*no measured row matches build=default, TERMS=3' "$A/report.md"
# A plot with rows to draw that gnuplot fails on (a broken install's, as multi_device.sh makes) is
# what exits 1 (the --help's "a plot with rows to draw failed"), naming it; report.md is written all
# the same. A plot with no rows to draw (report_norows above) is not: 0.
P=$TMP/report/Pgp
make_run "$P" fixture 1 "1000 2000"
mkdir -p "$TMP/report/broken-gnuplot"
printf '#!/bin/sh\necho "gnuplot: broken on purpose" >&2\nexit 1\n' > "$TMP/report/broken-gnuplot/gnuplot"
chmod +x "$TMP/report/broken-gnuplot/gnuplot"
PATH="$(cd "$TMP/report/broken-gnuplot" && pwd):$PATH" "$CLX" report "$P" --spec "$spec" --quiet > "$TMP/report/Pgp.log" 2>&1
check report_gnuplot_failed_exit_1 test $? -eq 1
check report_gnuplot_failed_named grep -q '^clx: plot bars: gnuplot failed on .*bars.gp (exit 1): gnuplot: broken on purpose' "$TMP/report/Pgp.log"
check report_gnuplot_failed_md grep -q '^\*\*Not drawn:\*\* plot bars: gnuplot failed' "$P/report.md"
# A gnuplot that exits 0 with its pictures cut short (as on a full disk): the plot is not drawn, and
# no part-written picture is left beside its data and script.
mkdir -p "$TMP/report/short-gnuplot"
printf '#!/bin/sh\nsed -n "s/^set output \\"\\(.*\\)\\"$/\\1/p" "$1" | while read -r f; do printf "<svg" > "$f"; done\n' > "$TMP/report/short-gnuplot/gnuplot"
chmod +x "$TMP/report/short-gnuplot/gnuplot"
PATH="$(cd "$TMP/report/short-gnuplot" && pwd):$PATH" "$CLX" report "$P" --spec "$spec" --quiet > "$TMP/report/Pshort.log" 2>&1
check report_gnuplot_short_exit_1 test $? -eq 1
check report_gnuplot_short_named grep -q '^clx: plot bars: gnuplot could not write bars.svg and bars.png whole' "$TMP/report/Pshort.log"
check report_gnuplot_short_none_left sh -c "test -s '$P/plots/bars.gp' && test -z \"\$(ls '$P/plots' | grep -e '\\.svg\$' -e '\\.png\$')\""
# (report alone reads results/latest where there is one: core_flags.sh asks it where there is none)
check report_usage sh -c "'$CLX' report --frobnicate; test \$? -eq 2"
check report_bad_option sh -c "'$CLX' report '$A' --bogus; test \$? -eq 2"
check report_not_a_run sh -c "! '$CLX' report '$fx' 2>&1 | grep -q 'report.md'"

# A run of an older clx without a column a plot needs: that plot is not drawn, and says why.
F=$TMP/report/F
make_run "$F" fixture 1 "1000 2000"
awk -F'\t' 'BEGIN { OFS = "\t" } NR == 1 { for (i = 1; i <= NF; i++) if ($i == "dev_row_avg") c = i }
    { out = ""; for (i = 1; i <= NF; i++) if (i != c) out = out (out == "" && i == 1 ? "" : OFS) $i; print out }' \
    "$F/results.tsv" > "$F/r.tsv" && mv "$F/r.tsv" "$F/results.tsv"
"$CLX" report "$F" --spec "$spec" --quiet > "$TMP/report/F.log" 2>&1
check report_older_run_exit_0 test $? -eq 0
check report_older_run_not_drawn grep -q 'plot dev not drawn: .*none with a value of dev_row_avg' "$TMP/report/F.log"
# A run that did not finish has no dev_row_avg (it joins at the sweep's end): its plot and a finding on
# it say so and that --resume adds it, not that the device gives none (a stopped taylor on an H200).
G=$TMP/report/G
cp -r "$F" "$G"
sed -i 's/"finished": "2026-11-23T10:01:00+0000", //' "$G/run.json"
sed 's/^findings = ($/findings = (\n  { claim = "deviation"; check = "max(dev_row_avg[]) < 1"; },/' "$spec" > "$TMP/report/G.spec"
"$CLX" report "$G" --spec "$TMP/report/G.spec" --quiet > "$TMP/report/G.log" 2>&1
check report_unfinished_exit_4 test $? -eq 4
check report_unfinished_dev_plot grep -q 'plot dev not drawn: .*none with a value of dev_row_avg: it is added when the sweep ends, and this run did not finish (clx run --resume adds it)' "$TMP/report/G.log"
check report_unfinished_dev_finding grep -q 'no measured row has a value of dev_row_avg: it is added when the sweep ends, and this run did not finish (clx run --resume adds it)' "$G/report.md"
check report_unfinished_dev_not_device sh -c "! grep -q 'the device or the run.s options give none' '$G/report.md'"
# No rel_time in any row (a merge of the shards without the reference variant's rows): its heat map
# says what rel_time is made from, not that the device lacks the column.
H=$TMP/report/H
cp -r "$F" "$H"
awk -F'\t' 'BEGIN { OFS = "\t" } NR == 1 { for (i = 1; i <= NF; i++) if ($i == "rel_time") c = i } NR > 1 { $c = "" } { print }' \
    "$H/results.tsv" > "$H/r.tsv" && mv "$H/r.tsv" "$H/results.tsv"
"$CLX" report "$H" --spec "$spec" --quiet > "$TMP/report/H.log" 2>&1
check report_no_rel_time_said grep -q "plot heat not drawn: .*none with a value of rel_time: it is each row's against the spec's relative variant" "$TMP/report/H.log"

# compare: B against A: fast is 1.5x slower, naive the same.
"$CLX" compare "$A" "$B" --out "$TMP/report/cmp" > "$TMP/report/cmp.log" 2>&1
check compare_exit_0 test $? -eq 0
c=$TMP/report/cmp/compare.tsv
check compare_rows test "$(awk 'NR > 1' "$c" | wc -l)" -eq 32
check compare_ratio_fast test "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
    $h["variant"] == "fast" { printf "%.4f\n", $h["speedup_B"] }' "$c" | sort -u)" = "0.6667"
check compare_ratio_naive test "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
    $h["variant"] == "naive" { printf "%.4f\n", $h["time_ratio_B"] }' "$c" | sort -u)" = "1.0000"
check compare_geomean grep -q 'fast.*0.667x' "$TMP/report/cmp.log"
check compare_md grep -q '^| B |' "$TMP/report/cmp/compare.md"
check_drawn compare_plot test -s "$TMP/report/cmp/speedup.svg" -a -s "$TMP/report/cmp/speedup.png"
# The speed-up chart shows each bar's verdict, in its data and its look. These rows have no rounds:
# nothing is decided, every bar UNSURE and hatched grey with the key saying what that means, and
# the overall speed-up says on how few decided rows it rests (tables and files only: no timing).
sp=$TMP/report/cmp/speedup
check compare_bars_verdict_column test "$(sed -n 2p "$sp.tsv")" = "$(printf '# x\tvalue\tlabel\tgroup\tverdict\tdecided\trows')"
check compare_bars_unsure test "$(awk -F'\t' '!/^#/ && NF { print $5 "/" $6 "/" $7 }' "$sp.tsv" | sort -u)" = "UNSURE/0/8"
check compare_bars_hatched grep -q 'fs pattern [0-9]* border .* title "hatched: UNSURE or verdicts that differ' "$sp.gp"
check compare_bars_no_grey_key test -z "$(grep 'title "grey: SAME' "$sp.gp")"
check compare_bars_counts_said grep -q 'B: 0 of 32 configurations decided (FASTER or SLOWER), 0 SAME, 32 UNSURE' "$sp.gp"
check compare_all_qualified grep -q '^  all .* none of 32 with a verdict (all UNSURE): within the noise$' "$TMP/report/cmp.log"
check compare_all_qualified_md grep -q '^| all |.*| none of 32 with a verdict (all UNSURE): within the noise |$' "$TMP/report/cmp/compare.md"
# With five rounds a row 0.1% apart, fast (1.5x slower in B, every round beyond A's) is SLOWER and
# keeps its colour; naive (the same rounds on both sides) is SAME and grey; nothing needs a note.
add_rounds() {
    awk -F'\t' 'BEGIN { OFS = "\t" } NR == 1 { for (i = 1; i <= NF; i++) if ($i == "median_ms") m = i; print $0, "rounds", "round_ms"; next }
        { t = $m; print $0, 5, sprintf("%.8g;%.8g;%.8g;%.8g;%.8g", t * 0.999, t * 0.9995, t, t * 1.0005, t * 1.001) }' \
        "$1/results.tsv" > "$1/r.tsv" && mv "$1/r.tsv" "$1/results.tsv"
}
RA=$TMP/report/RA RB=$TMP/report/RB
make_run "$RA" fixture 1 "1000 2000"; add_rounds "$RA"
make_run "$RB" fixture 1.5 "1000 2000"; add_rounds "$RB"
"$CLX" compare "$RA" "$RB" --out "$TMP/report/cmpR" > "$TMP/report/cmpR.log" 2>&1
check compare_rounds_exit_0 test $? -eq 0
sp=$TMP/report/cmpR/speedup
check compare_bars_decided test "$(awk -F'\t' '!/^#/ && NF { print $4 "=" $5 }' "$sp.tsv" | sort | tr '\n' ' ')" = \
    "fast (-cl-opt-disable)=SLOWER fast (default)=SLOWER naive (-cl-opt-disable)=SAME naive (default)=SAME "
check compare_bars_decided_colour grep -q '"FASTER" || strcol(5) eq "SLOWER") ? $2 : NaN) with boxes lc rgb "#[0-9A-F]*" title "B: Test Device 1.5"' "$sp.gp"
check compare_bars_grey_key grep -q 'title "grey: SAME (no difference beyond the noise)"' "$sp.gp"
check compare_bars_no_hatched_key test -z "$(grep 'title "hatched:' "$sp.gp")"
check compare_all_unqualified test -z "$(grep -e '^  all .*with a verdict' -e 'note' "$TMP/report/cmpR.log")"
# Most UNSURE (three rows in four with rounds 30% apart in C), the rest SAME: the note counts SAME as
# a verdict, not "only 0 of 32 decided" above 8 SAME.
RC=$TMP/report/RC
rm -rf "$RC"; cp -r "$RA" "$RC"
awk -F'\t' 'BEGIN { OFS = "\t" } NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    { if ($c["N"] == 2000 || $c["TERMS"] == 2) { t = $c["median_ms"]
        $c["round_ms"] = sprintf("%.8g;%.8g;%.8g;%.8g;%.8g", t * 0.7, t * 0.85, t, t * 1.15, t * 1.3) }
      print }' "$RA/results.tsv" > "$RC/results.tsv"
"$CLX" compare "$RA" "$RC" --out "$TMP/report/cmpRC" > "$TMP/report/cmpRC.log" 2>&1
check compare_same_is_a_verdict grep -q '^  all .* only 8 of 32 with a verdict (8 SAME, 0 FASTER or SLOWER; 24 UNSURE): within the noise$' "$TMP/report/cmpRC.log"
# Along a column the pictures name the sides as the console and compare.md do ("A: build default"),
# not A by its run: one run's title on a line of its own (--by), or beside A's value (two runs that
# differ in the build alone).
"$CLX" compare "$A" --by build --out "$TMP/report/cmpby" > "$TMP/report/cmpby.log" 2>&1
check compare_by_build_exit test $? -eq 0 -a -n "$(grep '^  A: build default ' "$TMP/report/cmpby.log")"
check_drawn compare_by_build_speedup_sides grep -qF 'fixture on Test Device 1 (Test Platform, driver 1.0), 2026-11-23\nA: build default\nB: build -cl-opt-disable: 0 of 16 configurations decided' "$TMP/report/cmpby/speedup.gp"
check_drawn compare_by_build_verdicts_sides grep -qF '\nA: build default\nB: build -cl-opt-disable\n' "$TMP/report/cmpby/verdicts.gp"
check_drawn compare_by_build_not_run_as_a test -z "$(grep -h 'A: fixture on' "$TMP/report/cmpby/speedup.gp" "$TMP/report/cmpby/verdicts.gp")"
Ad=$TMP/report/Ad An=$TMP/report/An
make_run "$Ad" fixture 1 "1000 2000"; rm -rf "$An"; cp -r "$Ad" "$An"
for side in "$Ad =" "$An !="; do
    set -- $side
    awk -F'\t' -v op="$2" 'NR == 1 || (op == "=" ? $4 == "default" : $4 != "default")' "$A/results.tsv" > "$1/results.tsv"
    sed -i 's/"ok": [0-9]*/"ok": 16/' "$1/run.json"
done
"$CLX" compare "$Ad" "$An" --out "$TMP/report/cmpalong" > "$TMP/report/cmpalong.log" 2>&1
check compare_along_exit test $? -eq 0 -a -n "$(grep 'compared along build' "$TMP/report/cmpalong.log")"
check_drawn compare_along_sides grep -qF '\nA: build default, fixture on Test Device 1 (Test Platform, driver 1.0), started 2026-11-23 10:00:00, folder Ad\nB: build -cl-opt-disable, started 2026-11-23 10:00:00, folder An, on A'"'"'s device, platform and driver\nB: build -cl-opt-disable: ' "$TMP/report/cmpalong/speedup.gp"

# The speed-of-light chart: rows flagged sol>100 (their work or ceilings wrong: no results) are a
# series of their own, red crosses drawn after the rest, not points of their bound; the dashed 100%
# line spans each panel (the x range is set, one across the panels: left to gnuplot, the line
# covered the points' range).
S=$TMP/report/S
make_run "$S" fixture 1 "1000 2000"
add_sol "$S"
"$CLX" report "$S" --spec "$spec" --quiet > "$TMP/report/S.log" 2>&1
check sol_chart_exit_0 test $? -eq 0
# sol_points: "SERIES=VALUE" for every point of sol.tsv, one per line.
sol_points() { awk -F'\t' '/^# median_ms/ { next } /^# / { t = substr($0, 3); next } NF { print t "=" $2 }' "$S/plots/sol.tsv" | sort -u; }
check sol_apart_series test "$(sol_points | grep '=150$' | sort -u)" = "sol>100: counts or ceilings wrong=150"
check sol_apart_only_flagged test "$(sol_points | grep '^sol>100' | grep -vc '=150$')" -eq 0
check sol_bounds_kept test "$(sol_points | grep -v '^sol>100' | tr '\n' ' ')" = "bound=dram=60 bound=fp32=40 "
check sol_apart_drawn_last test "$(grep '^plot .*"sol>100' "$S/plots/sol.gp" | grep -vc 'title "sol>100: counts or ceilings wrong"$')" -eq 0 -a \
    "$(grep -c '^plot .*"sol>100' "$S/plots/sol.gp")" -ge 1
check sol_apart_own_mark grep -q 'with points pt 2 [^,]*lc rgb "#C00000" title "sol>100' "$S/plots/sol.gp"
check sol_peak_line_whole_range test "$(grep -c '^set xrange \[' "$S/plots/sol.gp")" -eq "$(grep -c '^set multiplot' "$S/plots/sol.gp")"
check sol_report_says grep -q 'rows flagged `sol>100` .* are red crosses of their own' "$S/report.md"
check_drawn sol_chart_drawn test -s "$S/plots/sol.png"
# Every panel on one y axis from 0, the range set before the first: shares far below the 100% line
# (which is then left out) that differ by build, 3% in one and 0.17-0.26% in the other, drew each
# panel on its own scale, the second from 0.17, its differences magnified. Below the chart, where
# the points' names are: the table.
S2=$TMP/report/S2
make_run "$S2" fixture 1 "1000 2000"
awk -F'\t' 'BEGIN { OFS = "\t" } NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; print $0, "sol_pct", "bound"; next }
    { print $0, $h["build"] == "default" ? 3 : $h["N"] == 1000 ? 0.17 : 0.26, "fp32" }' "$S2/results.tsv" > "$S2/r.tsv" &&
    mv "$S2/r.tsv" "$S2/results.tsv"
"$CLX" report "$S2" --spec "$spec" --quiet > "$TMP/report/S2.log" 2>&1
check sol_low_exit_0 test $? -eq 0
check sol_panels_one_range test "$(grep '^set [xy]range\|^set autoscale y\|^plot ' "$S2/plots/sol.gp" | sed -n '1,/^plot/p' | grep -c '^set yrange \[0:3.24\]$')" -eq 1 -a \
    "$(grep -c '^set yrange\|^set autoscale y' "$S2/plots/sol.gp")" -eq "$(grep -c '^set multiplot' "$S2/plots/sol.gp")"
check_drawn sol_rows_named grep -q "^A panel per build .* The table below names each variant's best row and its % of sol\.$" "$S2/report.md"
# Rows without a bound have no point: the chart says how many and why, on the picture (under its title,
# before the run's line) and under it in report.md, the reason counted as the table counts it. On a CPU
# the key and title say l2 as the CPU's last-level cache, while the rows keep `l2`; the y axis reads the
# table's "% of sol", not "% of sol (%)". A spec's plot takes a subtitle of its own the same way.
S3=$TMP/report/S3
make_run "$S3" fixture 1 "1000 2000"
awk -F'\t' 'BEGIN { OFS = "\t" } NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; print $0, "sol_pct", "bound", "sol_note"; next }
    { nb = $h["N"] == 2000; print $0, nb ? "" : 40, nb ? "" : "l2", nb ? "no l2 ceiling that binds: its l2 work would set the bound (upper limit: 2765 GB/s)" : "" }' \
    "$S3/results.tsv" > "$S3/r.tsv" && mv "$S3/r.tsv" "$S3/results.tsv"
sed -i 's/"device": { "name": "Test Device 1",/"device": { "name": "Test Device 1", "type": "CPU",/' "$S3/run.json"
sed 's/title = "fixture lines";/title = "fixture lines"; subtitle = "a subtitle, the spec'"'"'s own";/' "$spec" > "$S3/sub.spec"
cp "$fx/fixture.cl.m4" "$S3/"
"$CLX" report "$S3" --spec "$S3/sub.spec" --quiet > "$TMP/report/S3.log" 2>&1
check sol_left_exit_0 test $? -eq 0
n_all=$(tsv_count "$S3/results.tsv" status ok) n_left=$(awk -F'\t' 'NR > 1 && $0 ~ /no l2 ceiling/' "$S3/results.tsv" | wc -l)
check sol_left_premise test "$n_left" -gt 0 -a "$n_left" -lt "$n_all"
left="$n_left of the $n_all rows have no bound and are not drawn; the most common reason: no l2 ceiling that binds: its l2 work would set the bound"
check_drawn sol_left_md grep -qxF "$left (the whole of it: the rows' sol_note in results.tsv)." "$S3/report.md"
# The title's lines as one (gnuplot's "\n", where it wraps a long one too, a space).
check sol_left_subtitle sh -c "sed 's/\\\\n/ /g' '$S3/plots/sol.gp' | grep -qF \"each row's % of sol against its time, a colour per bound, only bound=l2 (the CPU's last-level cache; the one series) $left \""
check sol_ylabel grep -qx 'set ylabel "% of sol"' "$S3/plots/sol.gp"
# Its one bound is named by the title (above), in the CPU's words, not again by a key entry.
check sol_l2_cpu_key test -z "$(grep 'title "bound=' "$S3/plots/sol.gp")"
check sol_l2_bound_kept test "$(tsv_count "$S3/results.tsv" bound l2)" -eq "$((n_all - n_left))"
check plot_subtitle_setting grep -qF 'fixture lines\na subtitle, the spec'"'"'s own\n' "$S3/plots/lines.gp"
# The report's own charts are named on the console line beside the count of the spec's plots, the
# speed-of-light chart as a search's trajectory: a search's line named its trajectory alone, and
# plots/ held a picture more than the line said (sol.png). A run without sol columns names none.
check_drawn sol_chart_named grep -q "plots drawn, and the speed-of-light chart (plots/sol.png);" "$TMP/report/S.log"
check report_no_sol_named test -z "$(grep 'speed-of-light' "$TMP/report/A.log")"
Q=$TMP/report/Q
rm -rf "$Q"; cp -r "$S" "$Q"
add_search "$Q"
"$CLX" report "$Q" --spec "$spec" --quiet > "$TMP/report/Q.log" 2>&1
check search_report_exit_0 test $? -eq 0
check search_report_section grep -q '^## The search' "$Q/report.md"
check_drawn search_report_own_charts grep -q "plots drawn, and the speed-of-light chart (plots/sol.png) and the search's trajectory (plots/search.png);" "$TMP/report/Q.log"
check_drawn search_report_pictures test -s "$Q/plots/search.png" -a -s "$Q/plots/sol.png"
# An earlier report's pictures go before any is drawn, the report's own charts' too, for a spec of no
# plots as for one of some: a sol.png left from the run's rows before was beside a report that drew none.
NP=$TMP/report/noplots
rm -rf "$NP"; mkdir -p "$NP"
cp "$fx/fixture.cl.m4" "$NP/"
sed '/^plots = (/,/^);/d' "$spec" > "$NP/fixture.spec"
# A picture of a plot since renamed, which the earlier report.md names (one it names not is the user's:
# report_leftovers.sh).
: > "$Q/plots/old.png"; printf '\n![old](plots/old.png)\n' >> "$Q/report.md"
cut -f1-25 "$Q/results.tsv" > "$Q/r.tsv" && mv "$Q/r.tsv" "$Q/results.tsv"     # no sol columns now
"$CLX" report "$Q" --spec "$NP/fixture.spec" --quiet > "$TMP/report/Qnp.log" 2>&1
check report_noplots_exit_0 test $? -eq 0
check_drawn report_noplots_count grep -q "(0 of 0 plots drawn, and the search's trajectory" "$TMP/report/Qnp.log"
check report_noplots_cleared test ! -e "$Q/plots/old.png" -a ! -e "$Q/plots/sol.png"
# Rows one run lacks are counted and listed.
E=$TMP/report/E
make_run "$E" fixture 1 "1000 2000" skip
"$CLX" compare "$A" "$E" --out "$TMP/report/cmpE" > "$TMP/report/cmpE.log" 2>&1
check compare_unmatched_exit_0 test $? -eq 0
check compare_unmatched_count grep -q '24 configurations in common, 8 measured on some sides only' "$TMP/report/cmpE.log"
check compare_unmatched_listed test "$(grep -c '| A |$' "$TMP/report/cmpE/compare.md")" -eq 8
# The same sweep whose run.json lists the axes in another order still joins.
G=$TMP/report/G
make_run "$G" fixture 1 "1000 2000"
sed 's/"launch": { "N": \[ "1000", "2000" \], "TERMS": \[ "1", "2" \]/"launch": { "TERMS": [ "1", "2" ], "N": [ "1000", "2000" ]/' "$G/run.json" > "$G/j" && mv "$G/j" "$G/run.json"
check compare_axis_order_fixture grep -q '"launch": { "TERMS"' "$G/run.json"
"$CLX" compare "$A" "$G" --out "$TMP/report/cmpG" > "$TMP/report/cmpG.log" 2>&1
check compare_axis_order_joins grep -q '32 configurations in common' "$TMP/report/cmpG.log"
# Two runs whose rounds agree within 0.1% while their rows differ by up to 4%, configuration by
# configuration (each run a level of its own, as processes on an H200): every configuration UNSURE,
# and the advice says that more rounds narrow only the rounds' share of it.
# with_rounds DIR AMPLITUDE: five rounds 0.1% apart around each row's time, the time scaled by
# 1 + AMPLITUDE x sin(7.3 x row) (its rates by the inverse).
with_rounds() {
    awk -F'\t' -v amp="$2" 'BEGIN { OFS = "\t" }
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print $0, "rounds", "round_ms"; next }
        { f = 1 + amp * sin(7.3 * NR); t = $c["median_ms"] * f; $c["median_ms"] = t
          $c["gflops"] = $c["gflops"] / f; $c["gbs"] = $c["gbs"] / f
          print $0, 5, sprintf("%.6g;%.6g;%.6g;%.6g;%.6g", t * 0.999, t, t * 1.001, t, t) }' "$1/results.tsv" > "$1/r.tsv" &&
        mv "$1/r.tsv" "$1/results.tsv"
}
J=$TMP/report/J K=$TMP/report/K
make_run "$J" fixture 1 "1000 2000"; with_rounds "$J" 0
make_run "$K" fixture 1 "1000 2000"; with_rounds "$K" 0.04
"$CLX" compare "$J" "$K" --out "$TMP/report/cmpJK" > "$TMP/report/cmpJK.log" 2>&1
check compare_levels_exit test $? -eq 0
check compare_levels_unsure test "$(tsv_col "$TMP/report/cmpJK/compare.tsv" verdict_B | grep -c '^UNSURE')" -eq 32
check compare_levels_said grep -q "the runs differ by [0-9.]*x what their rounds show.*more rounds (--rounds) narrow only their share of it: the rest is each run's own level" "$TMP/report/cmpJK.log"
# Refusals: another experiment; other launch axes; nothing in common.
H=$TMP/report/H
make_run "$H" fixture 1 "1000 2000"
sed 's/"TERMS": \[ "1", "2" \], //' "$H/run.json" > "$H/j" && mv "$H/j" "$H/run.json"
"$CLX" compare "$A" "$H" --out "$TMP/report/cmpH" > "$TMP/report/cmpH.log" 2>&1
check compare_other_axes_exit test $? -eq 4
check compare_other_axes_says grep -q 'has the launch axes N,TERMS,local, .* has N,local: runs of different sweeps' "$TMP/report/cmpH.log"
C=$TMP/report/C D=$TMP/report/D
make_run "$C" other 1 "1000 2000"
make_run "$D" fixture 1 "3000 4000"
"$CLX" compare "$A" "$C" --out "$TMP/report/cmpC" > "$TMP/report/cmpC.log" 2>&1
check compare_other_experiment_exit test $? -eq 4
check compare_other_experiment_says grep -q 'only runs of one experiment can be joined' "$TMP/report/cmpC.log"
check compare_other_experiment_one_line test "$(wc -l < "$TMP/report/cmpC.log")" -eq 1
"$CLX" compare "$A" "$D" --out "$TMP/report/cmpD" > "$TMP/report/cmpD.log" 2>&1
check compare_nothing_common_exit test $? -eq 4
check compare_nothing_common_says grep -q 'no configuration (variant, build, launch point) was measured on every side' "$TMP/report/cmpD.log"
# Which is said from what differs: both full (or both --quick) runs are not told to be both
# --quick; the column no two share is named with its values; --quick against full is said so.
check compare_nothing_common_why grep -q 'on every side: A and B share no N (A: 1000, 2000; B: 3000, 4000)$' "$TMP/report/cmpD.log"
check compare_nothing_common_not_quick test -z "$(grep -e '--quick' "$TMP/report/cmpD.log")"
E=$TMP/report/E
make_run "$E" fixture 1 "1000 2000"
sed -i 's/\tnaive\t/\tnaive:K=3\t/; s/\tfast\t/\tfast:K=4\t/' "$E/results.tsv"
"$CLX" compare "$A" "$E" --out "$TMP/report/cmpE" > "$TMP/report/cmpE.log" 2>&1
check compare_no_variant_common_exit test $? -eq 4
check compare_no_variant_common_why grep -q 'A and B share no variant (A: naive, fast; B: naive:K=3, fast:K=4): B.s ids name K, which A.s do not' "$TMP/report/cmpE.log"
sed -i 's/^{ "clx_version"/{ "quick": true, "clx_version"/' "$D/run.json"
"$CLX" compare "$A" "$D" --out "$TMP/report/cmpDq" > "$TMP/report/cmpDq.log" 2>&1
check compare_quick_against_full_why grep -q 'A is a full run and B a --quick one: compare runs of the same sweep (both --quick, or both full)' "$TMP/report/cmpDq.log"
check compare_usage sh -c "'$CLX' compare '$A'; test \$? -eq 2"
# A finished run whose results.tsv lost rows run.json counts (only the header kept, or half the
# rows): report says so once, on report.md's rows line too, and exits 4 (the run cannot be read
# whole); compare and history refuse it (exit 4) rather than read what is left as the run.
L=$TMP/report/L L2=$TMP/report/L2
make_run "$L" fixture 1 "1000 2000"; head -n 1 "$A/results.tsv" > "$L/results.tsv"
"$CLX" report "$L" --spec "$spec" --quiet > "$TMP/report/L.log" 2>&1
check report_rows_lost_exit_4 test $? -eq 4
check report_rows_lost_said_once test "$(grep -c "^clx: report: $L/results.tsv holds 0 rows where run.json counts 32 for the finished run: rows were lost or the file edited" "$TMP/report/L.log")" -eq 1
check report_rows_lost_rows_line grep -q '^| rows | 32 ok, .* (run.json); \*\*rows missing:\*\* .*holds 0 rows where run.json counts 32' "$L/report.md"
make_run "$L2" fixture 1 "1000 2000"; head -n 17 "$A/results.tsv" > "$L2/results.tsv"
"$CLX" compare "$A" "$L2" --out "$TMP/report/cmpL" > "$TMP/report/cmpL.log" 2>&1
check compare_rows_lost_exit_4 test $? -eq 4 -a ! -e "$TMP/report/cmpL/compare.md"
check compare_rows_lost_said grep -q "^clx: compare: $L2/results.tsv holds 16 rows where run.json counts 32 for the finished run" "$TMP/report/cmpL.log"
"$CLX" history "$A" "$L2" --out "$TMP/report/histL" > "$TMP/report/histL.log" 2>&1
check history_rows_lost_exit_4 test $? -eq 4 -a ! -e "$TMP/report/histL/history.md"
check history_rows_lost_said grep -q "^clx: history: $L2/results.tsv holds 16 rows where run.json counts 32" "$TMP/report/histL.log"
# A stopped run (run.json says interrupted) lacks rows by design: no rows are said lost.
sed -i 's/"finished": "[^"]*"/"interrupted": "2026-11-23T10:00:30+0000"/' "$L2/run.json"
"$CLX" report "$L2" --spec "$spec" --quiet > "$TMP/report/L2.log" 2>&1
check report_stopped_not_lost test -z "$(grep 'rows were lost' "$TMP/report/L2.log" "$L2/report.md")"
# A stopped side lacks configurations A measured, which it never showed pass: --fail-on fails on them.
"$CLX" compare "$A" "$L2" --fail-on fail --out "$TMP/report/cmpS" > "$TMP/report/cmpS.log" 2>&1
check compare_stopped_fail_on test $? -eq 1 -a -n "$(grep '^clx: compare: B was stopped: 16 configurations A measured have no row in it (--fail-on fail)$' "$TMP/report/cmpS.log")"
# A run whose run.json says neither finished nor interrupted (still running, or ended without saying
# so: killed outright, or a disk too full for its last write of run.json) is not finished either:
# report exits 4 with a banner (never "failed": it may be running in another terminal), compare and
# history say so, and --fail-on fails on what it lacks, as on a stopped side.
U=$TMP/report/U
make_run "$U" fixture 1 "1000 2000"; head -n 17 "$A/results.tsv" > "$U/results.tsv"
sed -i -e 's/"finished": "[^"]*", //' -e 's/"started": "2026-11-23T10:00:00+0000"/"started": "2026-11-24T10:00:00+0000"/' "$U/run.json"
"$CLX" report "$U" --spec "$spec" --quiet > "$TMP/report/U.log" 2>&1
check report_unfinished_exit_4 test $? -eq 4
check report_unfinished_said grep -q "^clx: report: $U is unfinished (still running, or ended without saying so: killed, or a full disk; run.json says neither finished nor interrupted) with 16 rows: once it has ended, .* run --resume $U measures the rest of its sweep\$" "$TMP/report/U.log"
check report_unfinished_md grep -q "^\*\*Part of a sweep:\*\* $U is unfinished (still running, or ended without saying so" "$U/report.md"
check report_unfinished_run_line grep -q '^| run | .* to (unfinished: still running, or ended without saying so: killed, or a full disk) on host' "$U/report.md"
check report_unfinished_not_lost test -z "$(grep 'rows were lost' "$TMP/report/U.log" "$U/report.md")"
"$CLX" compare "$A" "$U" --fail-on fail --out "$TMP/report/cmpU" > "$TMP/report/cmpU.log" 2>&1
check compare_unfinished_fail_on test $? -eq 1
check compare_unfinished_said grep -q "^clx: compare: B ($U) is unfinished (still running, or ended without saying so: killed, or a full disk" "$TMP/report/cmpU.log"
check compare_unfinished_fail_on_said grep -q '^clx: compare: B is unfinished: 16 configurations A measured have no row in it (--fail-on fail)$' "$TMP/report/cmpU.log"
check compare_unfinished_md sh -c "grep -q '^\*\*Unfinished:\*\* B ($U) is unfinished (still running' '$TMP/report/cmpU/compare.md' &&
    grep -q '^\*\*B is unfinished: 16 configurations A measured have no row in it\*\* (clx compare --fail-on fails on these' '$TMP/report/cmpU/compare.md'"
"$CLX" compare "$A" "$U" --out "$TMP/report/cmpU0" > "$TMP/report/cmpU0.log" 2>&1
check compare_unfinished_compared test $? -eq 0
"$CLX" history "$A" "$U" --out "$TMP/report/histU" > "$TMP/report/histU.log" 2>&1
check history_unfinished_exit_0 test $? -eq 0
check history_unfinished_said grep -q "^clx: history: run 2 ($U) is unfinished (still running" "$TMP/report/histU.log"
check history_unfinished_md sh -c "grep -q '^\*\*Unfinished:\*\* run 2 ($U) is unfinished' '$TMP/report/histU/history.md' &&
    grep -q '^| 2 | .* | unfinished |\$' '$TMP/report/histU/history.md'"
# With no rows: one line, the same words.
U0=$TMP/report/U0
make_run "$U0" fixture 1 "1000 2000"; head -n 1 "$A/results.tsv" > "$U0/results.tsv"
sed -i -e 's/"finished": "[^"]*", //' -e 's/"ok": [0-9]*/"ok": 0/' "$U0/run.json"
"$CLX" report "$U0" --spec "$spec" > "$TMP/report/U0.log" 2>&1
check report_unfinished_empty test $? -eq 4 -a -n "$(grep "^clx: report: $U0 has no rows: it is unfinished (still running, or ended without saying so: killed, or a full disk; run.json says neither finished nor interrupted); once it has ended, .* run --resume $U0 measures its sweep (report.md says only that)\$" "$TMP/report/U0.log")"
# A stopped run whose fast rows the stop cut short (flag rounds-cut: only some of their rounds; status
# ok, as a clx before the status cut wrote them: such a folder reads as it did):
# report.md's rows line counts them, a finding on them cannot be decided here (and says why), and
# report exits 4: a stopped run is not finished, and cannot be read whole (docs/clx.1).
S=$TMP/report/S
make_run "$S" fixture 1 "1000 2000" "" rounds
awk -F'\t' 'BEGIN { OFS = "\t" } NR == 1 { for (i = 1; i <= NF; i++) if ($i == "flag") f = i }
    NR > 1 && $2 == "fast" { $f = "rounds-cut" } { print }' "$S/results.tsv" > "$S/cut.tsv" && mv "$S/cut.tsv" "$S/results.tsv"
sed -i 's/"finished": "[^"]*"/"interrupted": "2026-11-23T10:00:30+0000", "interrupted_by": "SIGINT"/' "$S/run.json"
"$CLX" report "$S" --spec "$spec" --quiet > "$TMP/report/S.log" 2>&1
check report_stopped_exit_4 test $? -eq 4
check report_stopped_cut_said grep -q "^clx: report: $S was stopped by SIGINT at .* (run.json says interrupted) with 32 rows, 16 of them cut short by the stop (flag rounds-cut: only some of their rounds): .* run --resume $S measures those again and the rest of its sweep; a finding on the rows cut short cannot be decided here" "$TMP/report/S.log"
check report_stopped_rows_line grep -q '^| rows | 32 ok, 0 FAIL, .*; \*\*16 cut short\*\* by the stop (flag rounds-cut: only some of their rounds ran; .* run --resume measures them again) |$' "$S/report.md"
check report_stopped_finding_undecided sh -c "grep '^| 1 |' '$S/report.md' | grep -q '\*\*cannot be decided here\*\*.*asked >= 1.8; on 1 row a stop cut short (rounds-cut: clx run --resume measures it again) |'"
check report_stopped_counts grep -q '^0 hold, 0 do not hold, 2 cannot be decided here, 2 cannot be checked on this run.$' "$S/report.md"
# A run stopped before its first row: one line saying so with the --resume that measures the sweep,
# report.md that line and the provenance alone (no plot, finding or table with a reason of its own,
# no --quick advice), and exit 4.
E=$TMP/report/E
make_run "$E" fixture 1 "1000 2000"; head -n 1 "$A/results.tsv" > "$E/results.tsv"
sed -i -e 's/"finished": "[^"]*"/"interrupted": "2026-11-23T10:00:01+0000", "interrupted_by": "SIGPIPE (stdout closed)", "quick": true/' \
    -e 's/"ok": [0-9]*/"ok": 0/' "$E/run.json"
"$CLX" report "$E" --spec "$spec" > "$TMP/report/E.log" 2>&1
check report_empty_exit_4 test $? -eq 4
check report_empty_one_line test "$(wc -l < "$TMP/report/E.log")" -eq 1
check report_empty_says grep -q "^clx: report: $E has no rows: it was stopped by SIGPIPE (stdout closed) before its first row; .* run --resume $E measures its sweep (report.md says only that)\$" "$TMP/report/E.log"
check report_empty_md sh -c "grep -q '^\*\*No rows:\*\* $E has no rows: it was stopped' '$E/report.md' && test -z \"\$(grep -e '^## ' -e 'not drawn' -e 'quick' '$E/report.md')\""
# A plot whose where names rows that all did not pass says so, not that the sweep lacks the value.
X=$TMP/report/X
make_run "$X" fixture 1 "1000 2000"
awk -F'\t' 'BEGIN { OFS = "\t" } NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
    NR > 1 && $c["build"] == "default" && $c["TERMS"] == 1 { $c["status"] = "error" } { print }' "$X/results.tsv" > "$X/e.tsv" &&
    mv "$X/e.tsv" "$X/results.tsv"
"$CLX" report "$X" --spec "$spec" --quiet > "$TMP/report/X.log" 2>&1
check report_plot_rows_failed_said grep -q '^clx: report: plot bars not drawn: no measured row matches build=default, TERMS=1: none of the 8 rows with it was measured (8 error)$' "$TMP/report/X.log"
# A folder that is missing or is no run's is said to be so (exit 4), not blamed on its results.tsv:
# a comparison's folder, given to report; a misspelt run.
"$CLX" report "$TMP/report/cmp" > "$TMP/report/notrun.log" 2>&1
check report_not_a_run test $? -eq 4 -a -n "$(grep "^clx: report: $TMP/report/cmp is not a run's folder but clx compare's: read its compare.md (a run's folder holds results.tsv and run.json)\$" "$TMP/report/notrun.log")"
"$CLX" compare "$A" "$TMP/report/no-such-run" > "$TMP/report/norun.log" 2>&1
check compare_no_such_folder test $? -eq 4 -a "$(cat "$TMP/report/norun.log")" = "clx: compare: $TMP/report/no-such-run: No such file or directory"

# A real run with --report, on the first device (PoCL on a CPU-only machine), timed in one round of 2
# trials ($FEW): its report's words and pictures are checked, not its times. Work-groups of 256 alone,
# the size the findings name: the runs below on vecsum take PoCL's programs this one compiled.
run_clx "$TMP/report/vecsum" run vecsum --quick --set variant=naive,float4 --local 256 --report $FEW
check run_report_exit test "$rc" -eq 0
check run_report_md test -s "$rundir/report.md"
check_drawn run_report_plots test "$(ls "$rundir"/plots/*.svg 2>/dev/null | wc -l)" -ge 2
# A finding that cannot be checked names the condition that left no row (the quick sizes are not the seed's).
check run_report_finding_says_why grep -q 'N=200M excludes all [0-9]* rows the other conditions leave (N there: ' "$rundir/report.md"
# The quick run's one size has no key to name it: the title does. PoCL has no datasheet bandwidth:
# no bar is labelled with % of it, and the note says why (the title promises the labels only
# "where it is known": it said "% of the datasheet peak" with no peak).
check run_report_one_series_titled grep -qE 'title "bandwidth per variant and size.*, only N=[0-9]+ \(the one series\)\\n' "$rundir/plots/bandwidth.gp"
check run_report_labels_promised_where_known grep -qF 'labels: % of the datasheet peak where it is known), only N=' "$rundir/plots/bandwidth.gp"
check_drawn run_report_no_label_said grep -q 'no bar is labelled: no row has a value of pct_bw_peak' "$rundir/report.md"
# --spec of another experiment (another template) is a bad value of --spec: refused, exit 2, with
# report.md left as it was (not titled with volkov_fma's description, its findings not judged here);
# a copy of the run's own spec under another name is taken.
cp "$rundir/report.md" "$TMP/report/vecsum-report.md"
"$CLX" report "$rundir" --spec templates/volkov_fma.spec > "$TMP/report/otherspec.log" 2>&1
check report_other_spec_exit_2 test $? -eq 2
check report_other_spec_said grep -q "^clx: report: templates/volkov_fma.spec is a spec of 'volkov_fma', the run one of 'vecsum': --spec takes a spec of the run's experiment" "$TMP/report/otherspec.log"
check report_other_spec_nothing_written cmp -s "$rundir/report.md" "$TMP/report/vecsum-report.md"
cp templates/vecsum.spec "$TMP/report/myvecsum.spec"
"$CLX" report "$rundir" --spec "$TMP/report/myvecsum.spec" > "$TMP/report/myspec.log" 2>&1
check report_copied_spec_taken test $? -eq 0 -a -n "$(grep -F "myvecsum.spec (--spec)" "$rundir/report.md")"
# An experiment's spec file that does not load now (a typo mid-edit) costs no report of an earlier
# run: report falls back on the spec run.json recorded, saying so in one line with the file's error
# (it exited 4 with that error alone); --spec naming that file is still refused with it.
mkdir -p "$TMP/report/own" && cp templates/vecsum.spec templates/vecsum.cl.m4 templates/vecsum.ref.c "$TMP/report/own/"
run_clx "$TMP/report/ownrun" run "$TMP/report/own/vecsum.spec" --quick --set variant=naive --build '' --local 256 $FEW
sed -i 's/^trials = 10;/trails = 10;/' "$TMP/report/own/vecsum.spec"
"$CLX" report "$rundir" > "$TMP/report/broken-spec.log" 2>&1
check report_broken_spec_falls_back test $? -eq 0 -a -n "$(grep -F "the spec recorded in run.json ($TMP/report/own/vecsum.spec does not load)" "$rundir/report.md")"
check report_broken_spec_said test "$(grep -c "^clx: report: the spec at .*report/own/vecsum.spec failed to read: .*report/own/vecsum.spec:41: unknown setting 'trails': did you mean trials?; the run's recorded spec ($rundir/run.json) was used (--spec FILE gives another)" "$TMP/report/broken-spec.log")" -eq 1
"$CLX" report "$rundir" --spec "$TMP/report/own/vecsum.spec" > "$TMP/report/broken-spec-given.log" 2>&1
check report_broken_spec_given_refused test $? -eq 4 -a "$(cat "$TMP/report/broken-spec-given.log")" = "clx: $TMP/report/own/vecsum.spec:41: unknown setting 'trails': did you mean trials?"
# A spec that loads but no longer fits the run's rows (a parameter renamed since, ILP -> CHAINS: its
# plots named a column the rows lack, its findings could not be checked) costs no plot or finding
# either: report reads the spec run.json recorded, saying so in one line and in report.md's "plots
# and findings from" row. The unedited file fits and is read as it is. compare and history read no
# spec (run.json and results.tsv alone): the rename changes nothing of theirs.
mkdir -p "$TMP/report/renamed" && cp templates/memcopy_ilp.spec templates/memcopy_ilp.cl.m4 templates/memcopy_ilp.ref.c "$TMP/report/renamed/"
run_clx "$TMP/report/renamedrun" run "$TMP/report/renamed/memcopy_ilp.spec" --quick --set VEC=1 --build '' --local 32 $FEW
"$CLX" report "$rundir" --quiet > "$TMP/report/renamed-before.log" 2>&1
check report_fits_file_as_is grep -qF "| plots and findings from | $TMP/report/renamed/memcopy_ilp.spec (the file as it is now) |" "$rundir/report.md"
sed -i 's/ILP/CHAINS/g' "$TMP/report/renamed/memcopy_ilp.spec" "$TMP/report/renamed/memcopy_ilp.cl.m4"
"$CLX" report "$rundir" --quiet > "$TMP/report/renamed.log" 2>&1
check report_renamed_exit test $? -eq 0
# The commands it suggests run that spec, written out in the run's folder (findings_quick.sh runs them).
asrun=$(cd "$rundir/spec" 2>/dev/null && pwd -P)/memcopy_ilp.spec
check report_renamed_said test "$(grep -c "^clx: report: $TMP/report/renamed/memcopy_ilp.spec no longer fits the run's rows (results.tsv has no column CHAINS; the spec has no ILP (a column of results.tsv)), so the report uses the spec recorded in $rundir/run.json (--spec FILE gives another); the commands it suggests run that spec, written out as $asrun$" "$TMP/report/renamed.log")" -eq 1
check report_renamed_source grep -qF "| plots and findings from | the spec recorded in run.json ($TMP/report/renamed/memcopy_ilp.spec no longer fits its rows: results.tsv has no column CHAINS; the spec has no ILP (a column of results.tsv)) |" "$rundir/report.md"
check report_renamed_nothing_lost sh -c "! grep -q \"no column 'CHAINS'\" '$rundir/report.md' &&
    [ \"\$(grep '/report.md (' '$TMP/report/renamed.log')\" = \"\$(grep '/report.md (' '$TMP/report/renamed-before.log')\" ]"
cp -r "$rundir" "$TMP/report/renamedcopy"
"$CLX" compare "$rundir" "$TMP/report/renamedcopy" --out "$TMP/report/renamedcmp" > "$TMP/report/renamedcmp.log" 2>&1
check report_renamed_compare test $? -eq 0 -a -n "$(grep '^clx: compare memcopy_ilp: 2 configurations in common' "$TMP/report/renamedcmp.log")"
"$CLX" history "$rundir" "$TMP/report/renamedcopy" --out "$TMP/report/renamedhist" > "$TMP/report/renamedhist.log" 2>&1
check report_renamed_history test $? -eq 0 -a -n "$(grep '2 configurations measured in every one' "$TMP/report/renamedhist.log")"

# Many groups (variant, build, launch point): the console's table of best rows holds the 25 fastest,
# the fastest first, and says of how many; report.md keeps them all. (Not under --quiet, which
# prints no tables.) Fifteen small sizes, timed in one round of 2 trials ($FEW): sizes up to 16Mi
# (their buffers filled, timed and checked) were most of this test's time, and the tables' length
# and order do not depend on the size.
run_clx_loud "$TMP/report/many" run vecsum --quick --set variant=naive,float4 --build '' --local 256 $FEW \
    --size 1Ki,2Ki,3Ki,4Ki,5Ki,6Ki,7Ki,8Ki,9Ki,10Ki,11Ki,12Ki,13Ki,14Ki,15Ki
check many_exit test "$rc" -eq 0
check many_said grep -q '^Best work-group size per variant, build and point: the 25 fastest of 30 ' "$TMP/report/many.log"
sed -n '/^Best work-group size per variant/,/^$/p' "$TMP/report/many.log" | awk 'NR > 2 && NF' > "$TMP/report/many.best"
check many_25_rows test "$(wc -l < "$TMP/report/many.best")" -eq 25
check many_fastest_first awk '{ g = $7 + 0; if (NR > 1 && g > last) exit 1; last = g }' "$TMP/report/many.best"
"$CLX" report "$rundir" > /dev/null 2>&1
check many_report_all test "$(sed -n '/^### Best work-group size/,/^###/p' "$rundir/report.md" | grep -c '^| \(naive\|float4\) ')" -eq 30
# Beside each best row's median, its trials' interquartile range (iqr_ms, as docs/timing.md says of every
# row), and the header says so: a "+/- ms" column was their standard deviation, unsaid, which one slow
# first trial made 30 times the interquartile range.
check best_iqr_header sh -c "grep -q '^| variant | build | point (best local) | median ms | IQR ms |' '$rundir/report.md' &&
    grep -q '^  variant .* median ms  *IQR ms ' '$TMP/report/many.log' && ! grep -q 'median ms | +/-' '$rundir/report.md'"
iqrs=$(tsv_col "$rundir/results.tsv" iqr_ms | sort -u)
bad=$(sed -n '/^### Best work-group size/,/^###/p' "$rundir/report.md" | awk -F' [|] ' '/^[|] (naive|float4) / { print $5 }' |
      while read -r v; do printf '%s\n' "$iqrs" | awk -v v="$v" '$1 == v + 0 || ($1 > 0 && (v - $1) / $1 < 1e-3 && ($1 - v) / $1 < 1e-3) { f = 1 } END { exit !f }' || echo "$v"; done)
# (compared as numbers: results.tsv writes 2.5e-05 where the table reads 0.000025)
check best_iqr_values test -n "$iqrs" -a -z "$bad"

# The table by work-group size lists them in increasing order, whatever order they were measured in
# (a search's, a tuning pass's; --local 128,32,64's here): in the measured order before.
run_clx_loud "$TMP/report/unsorted" run vecsum --quick --set variant=naive --build '' --local 128,32,64 $FEW
check by_local_sorted test "$(sed -n '/by work-group size/,/^$/p' "$TMP/report/unsorted.log" | awk 'NR > 2 && NF { printf "%s ", $1 }')" = "32 64 128 "

# Rows that did not pass are listed first, named in the console, and make clx report exit 1.
run_clx "$TMP/report/fail" run tests/e2e/fixtures/checks.spec --set variant=good,wrong
"$CLX" report "$rundir" > "$TMP/report/fail-report.log" 2>&1; rc=$?
check report_fail_exit_1 test "$rc" -eq 1
check report_fail_listed test "$(sed -n '/^## Rows that did not pass/,/^## /p' "$rundir/report.md" | grep -c '| \*\*FAIL\*\* |')" -eq 2
check report_fail_before_tables test "$(grep -n '^## Rows that did not pass' "$rundir/report.md" | cut -d: -f1)" -lt "$(grep -n '^## Tables' "$rundir/report.md" | cut -d: -f1)"
check report_fail_said grep -q '^clx: report: 2 rows did not pass (FAIL, error, crashed, timeout, build-failed or stopped)' "$TMP/report/fail-report.log"
# A finding over rows that did not pass says so.
cp tests/e2e/fixtures/broken.cl.m4 "$TMP/report/"
{ cat tests/e2e/fixtures/checks.spec; echo 'findings = ( { claim = "wrong is fast"; check = "max(gbs[variant=wrong]) > 0"; } );'; } \
    > "$TMP/report/checks.spec"
"$CLX" report "$rundir" --spec "$TMP/report/checks.spec" > "$TMP/report/fail-finding.log" 2>&1
check report_finding_rows_failed grep -q 'max(gbs\[variant=wrong\]): no measured row matches: the 2 rows it names did not pass (2 FAIL)' "$rundir/report.md"
finish
