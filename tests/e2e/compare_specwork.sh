# compare_specwork.sh — clx compare and clx history across an edit of the spec that changes only the
# work it declares (flops = "N" to "4 * N", the template as it was): the kernels did no more work, so
# the verdicts and speed-ups are by time a launch (compare.tsv's work_ratio_B empty, speedup_B the
# inverse of time_ratio_B; history's speed-ups the ratio of its median times), and what differs is
# said by name with both texts, on the console, in compare.md, history.md and the pictures' titles.
# "ran otherwise than A: the spec" says what of it differs: a template edited as well keeps the rule
# per unit of work; a findings, comment or warm-up edit is named as such. Only words and ratios of
# the runs' own figures are compared: nothing here depends on how fast the machine is.
. tests/e2e/lib.sh
T=$TMP/compare_specwork
rm -rf "$T"; mkdir -p "$T/w"

run_clx "$T/a" run vecsum --quick --set variant=naive,gridstride --build ''
a=$rundir
cp templates/vecsum.spec templates/vecsum.cl.m4 "$T/w/"
sed -i 's/^flops = "N";/flops = "4 \* N";/' "$T/w/vecsum.spec"
check specwork_premise grep -q '^flops = "4 \* N";' "$T/w/vecsum.spec"
run_clx "$T/b" run "$T/w/vecsum.spec" --quick --set variant=naive,gridstride --build ''
b=$rundir
check specwork_runs test "$(tsv_count "$a/results.tsv" status ok)" -eq 4 -a "$(tsv_count "$b/results.tsv" status ok)" -eq 4

# compare: the spec's flops named with both texts; the note says the work is declared otherwise, not
# done; every configuration compared by time (no work ratio, speed-up = 1 / time ratio).
"$CLX" compare "$a" "$b" --out "$T/c" > "$T/c.log" 2>&1; rc=$?
check specwork_compare_exit test "$rc" -eq 0
check specwork_flops_named grep -q "^clx: compare: B ran otherwise than A: the spec's flops: 'N' in A, '4 \* N' in B\$" "$T/c.log"
check specwork_md_named grep -q "^\*\*B ran otherwise than A:\*\* the spec's flops: 'N' in A, '4 \* N' in B\.\$" "$T/c/compare.md"
check specwork_note grep -q "^Note: B's spec declares other work than A's, not other kernels (the template and the generated sources are the same): the spec's flops: 'N' in A, '4 \* N' in B\. .*by time a launch, not per unit of work" "$T/c.log"
check specwork_md_note grep -q "^\*\*Note:\*\* B's spec declares other work than A's, not other kernels" "$T/c/compare.md"
check specwork_no_more_work test -z "$(grep -e 'more work a launch' -e 'different work' "$T/c.log" "$T/c/compare.md")"
check specwork_no_work_ratio test "$(tsv_col "$T/c/compare.tsv" work_ratio_B | grep -c .)" -eq 0
# speedup_B x time_ratio_B is 1 in every row: the speed-up is of times (it was 4 per unit of work).
by_time() { paste "$1" "$2" | awk '{ x = $1 * $2; if (x < 0.99 || x > 1.01) bad++ } END { exit (NR == 4 && !bad) ? 0 : 1 }'; }
tsv_col "$T/c/compare.tsv" speedup_B > "$T/sp"; tsv_col "$T/c/compare.tsv" time_ratio_B > "$T/tr"
check specwork_by_time by_time "$T/sp" "$T/tr"
check_drawn specwork_picture title_has "$T/c/speedup.gp" "B: .*by time a launch: the spec's flops differs, not the kernels"
# Every heading says what the speed-ups are of: per launch, not "per unit of work" (the console's
# legend, compare.md's, the chart's title and y axis).
check specwork_console_heading grep -q "^Verdicts against A per configuration, and the speed-up per launch (time ratio: the specs declare other work for the same kernels);" "$T/c.log"
check specwork_md_heading grep -q "Speed-up per launch (>1 = faster than A" "$T/c/compare.md"
check specwork_md_not_per_work test -z "$(grep -i 'speed-up per unit of work' "$T/c.log" "$T/c/compare.md")"
check_drawn specwork_chart_title grep -q 'title "speed-up per launch against A (geometric mean' "$T/c/speedup.gp"
check_drawn specwork_chart_ylabel grep -q '^set ylabel "speed-up per launch (geometric mean)"$' "$T/c/speedup.gp"
check_drawn specwork_chart_not_per_work test -z "$(grep 'per unit of work' "$T/c/speedup.gp")"

# Energy beside them (copies given an energy_j in every row): a launch's, said so, not per unit of work.
cp -r "$a" "$T/ea"; cp -r "$b" "$T/eb"
for e in ea eb; do
    awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "energy_j") k = i; print; next } { $k = "0.5"; print }' \
        "$T/$e/results.tsv" > "$T/e.tsv" && cp "$T/e.tsv" "$T/$e/results.tsv"
done
"$CLX" compare "$T/ea" "$T/eb" --out "$T/ce" > "$T/ce.log" 2>&1
check specwork_energy_per_launch grep -q "^Energy per launch against A: 1x (geometric mean over the 4 configurations" "$T/ce/compare.md"

# history: the same note, the drift's line and the plot's title say it; its speed-ups are the ratio of
# the runs' median times.
"$CLX" history "$a" "$b" --out "$T/h" > "$T/h.log" 2>&1; rc=$?
check specwork_history_exit test "$rc" -eq 0
check specwork_history_named grep -q "^clx: history: run 2 ran otherwise than run 1: the spec's flops: 'N' in run 1, '4 \* N' in run 2\$" "$T/h.log"
check specwork_history_note grep -q "^clx: history: run 2's spec declares other work than run 1's, not other kernels" "$T/h.log"
check specwork_history_drift grep -q "^The last run against the first: .*; by time a launch: the spec's flops differs, not the kernels" "$T/h.log"
check specwork_history_md grep -q "^\*\*Note:\*\* Run 2's spec declares other work than run 1's" "$T/h/history.md"
tsv_col "$T/h/history.tsv" speedup_first_last > "$T/hs"
tsv_col "$T/h/history.tsv" median_ms_2 > "$T/m2"; tsv_col "$T/h/history.tsv" median_ms_1 > "$T/m1"
paste "$T/m2" "$T/m1" | awk '{ print $1 / $2 }' > "$T/hr"
check specwork_history_by_time by_time "$T/hs" "$T/hr"
check_drawn specwork_history_plot title_has "$T/h/history_plot.gp" "run 2 against run 1, by time a launch: the spec's flops differs, not the kernels"
check specwork_history_heading grep -q "^Verdicts between consecutive runs (speed-up per launch, geometric mean;" "$T/h.log"
check_drawn specwork_history_title grep -q 'title "speed-up per launch against the first run (geometric mean' "$T/h/history_plot.gp"

# A run whose template differs too (its recorded hash another) ran other kernels: the rule per unit
# of work stands, and both are named.
cp -r "$b" "$T/kernel"
sed -i 's/"template_sha":\t"[0-9a-f]*"/"template_sha":\t"0123456789abcdef"/' "$T/kernel/run.json"
"$CLX" compare "$a" "$T/kernel" --out "$T/ck" > "$T/ck.log" 2>&1
check specwork_kernel_named grep -q "^clx: compare: B ran otherwise than A: the spec's flops: 'N' in A, '4 \* N' in B; the template (" "$T/ck.log"
check specwork_kernel_per_work grep -q "B's rows did 4x more work a launch than A's in 4 of 4 configurations" "$T/ck.log"

# Edits that change no kernel nor its work are said as what they are (copies of A with run.json's
# spec edited: a finding's note, the first comment, the warm-ups).
cp -r "$a" "$T/fnd"; cp -r "$a" "$T/cmt"; cp -r "$a" "$T/wu"
sed -i 's/the fastest of the six against the slowest/the fastest of the six, against the slowest/' "$T/fnd/run.json"
sed -i 's/# vecsum: the vector sum/# vecsum: the plain vector sum/' "$T/cmt/run.json"
sed -i 's/warmups = 3;/warmups = 4;/' "$T/wu/run.json"
"$CLX" compare "$a" "$T/fnd" --out "$T/cf" > "$T/cf.log" 2>&1
check specwork_findings_only grep -q "^clx: compare: B ran otherwise than A: the spec, only its findings (nothing it runs or measures)\$" "$T/cf.log"
# Three sides, one of them by time: the headings say both, and which side is which (the chart's key
# names each side's).
"$CLX" compare "$a" "$b" "$T/fnd" --out "$T/c3" > "$T/c3.log" 2>&1
check specwork_mixed_console grep -q "the speed-up per unit of work for C (GFLOP/s or GB/s ratio where both define it, else time ratio), per launch for B (time ratio: " "$T/c3.log"
check specwork_mixed_md grep -q "Speed-up per unit of work for C, per launch for B (>1 = faster than A" "$T/c3/compare.md"
check_drawn specwork_mixed_title grep -q 'title "speed-up against A, per unit of work for C, per launch for B (geometric mean' "$T/c3/speedup.gp"
check_drawn specwork_mixed_ylabel grep -q '^set ylabel "speed-up per unit of work or per launch (geometric mean)"$' "$T/c3/speedup.gp"
check_drawn specwork_mixed_key sh -c "grep -q 'title \"B (per launch)\"' '$T/c3/speedup.gp' && grep -q 'title \"C (per unit of work)\"' '$T/c3/speedup.gp'"
"$CLX" compare "$a" "$T/cmt" --out "$T/cc" > "$T/cc.log" 2>&1
check specwork_comments_only grep -q "^clx: compare: B ran otherwise than A: the spec, only its comments or layout (nothing it runs or measures)\$" "$T/cc.log"
"$CLX" compare "$a" "$T/wu" --out "$T/cw" > "$T/cw.log" 2>&1
check specwork_run_part grep -q "^clx: compare: B ran otherwise than A: the spec's warmups (what it runs or how it is timed)\$" "$T/cw.log"
finish
