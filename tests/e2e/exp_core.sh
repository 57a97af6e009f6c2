# exp_core.sh — quick runs of the first three experiments (vecsum, volkov_fma, optflags) on the
# first device: row counts, statuses, saved files, metrics; plus dump and expand.
. tests/e2e/lib.sh
# --max-time beyond --quick's 2 s: the trials' count checked below must not depend on how loaded the
# machine is (at a load of 8-9 on 2 cores some rows ran out of 2 s after 9 trials).
run_clx "$TMP/vecsum" run vecsum --quick --max-time 120
t=$rundir/results.tsv
check_run vecsum 24 24 6 12                        # 6 variants x 2 builds x 2 local; 12 builds
check vecsum_gbs_filled test "$(tsv_col "$t" gbs | grep -c '^[0-9]')" -eq 24
# Every naive row is its own reference: rel_time 1 (another variant may round to 1 too).
check vecsum_naive_rel_1 test "$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    $c["variant"] == "naive" { n++; if ($c["rel_time"] != "1") bad++ } END { print n + 0, bad + 0 }' "$t")" = "4 0"
# 10 trials in 5 rounds of 2; as many again for a row re-measured after an episode.
check vecsum_trials_10 test "$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    ($c["trials"] == 10 && $c["rounds"] == 5) || ($c["trials"] == 20 && $c["rounds"] == 10) { n++ } END { print n + 0 }' "$t")" -eq 24
check vecsum_bins_saved test "$(ls "$rundir"/bin/ | wc -l)" -eq 12
check vecsum_logs_saved test "$(ls "$rundir"/logs/*.log | wc -l)" -eq 12
check vecsum_kernels_tsv_ok test "$(grep -c '	ok	' "$rundir/kernels.tsv")" -eq 12
check vecsum_cl_header grep -q '^// Parameters: STRIDE=1 VEC=4 ILP=2' "$rundir/cl/gs_f4_ilp2.cl"
check vecsum_run_json_seed grep -qE '"seed":[[:space:]]*1,' "$rundir/run.json"
check vecsum_run_json_device grep -q '"compute_units"' "$rundir/run.json"
check vecsum_run_json_cmd grep -qE '"command_line":[[:space:]]*"clx run vecsum --quick' "$rundir/run.json"
check vecsum_latest_link test "$(readlink "$TMP/vecsum/latest")" = "$(basename "$rundir")"
check vecsum_header_first test "$(head -n 1 "$t" | cut -f1-2)" = "$(printf 'experiment\tvariant')"

# Every trial is kept: as many times as trials, in rounds of two; each round's median is in
# round_ms, and the median of those is median_ms.
bad=$(awk -F'\t' 'function med(a, n,   i, j, y) {
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { y = a[i]; a[i] = a[j]; a[j] = y }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  function off(a, b) { return (a - b) / b > 1e-4 || (b - a) / b > 1e-4 }
  /^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
  { n = split($c["trials_ms"], x, ";"); r = $c["rounds"]
    if (n != $c["trials"] || split($c["round_ms"], rm, ";") != r || split($c["round_at_s"], at, ";") != r) { bad++; next }
    k = 0
    for (q = 1; q <= r; q++) {
      m = 2; delete y
      for (i = 1; i <= m; i++) y[i] = x[++k]
      if (off(med(y, m), rm[q])) bad++
      z[q] = rm[q]
    }
    if (off(med(z, r), $c["median_ms"])) bad++ }
  END { print bad + 0 }' "$t")
check vecsum_trials_kept test "$bad" -eq 0
check vecsum_rounds_said test "$(grep -c 'an episode; 5 more rounds taken' "$t")" -eq "$(tsv_count "$t" rounds 10)"

# dev_row_avg (added when the sweep ends) is each row's median over its variant/build's mean over
# work-group sizes, minus 1.
bad=$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
  { k = $c["variant"] "/" $c["build"]; sum[k] += $c["median_ms"]; n[k]++; m[NR] = $c["median_ms"]; key[NR] = k; d[NR] = $c["dev_row_avg"] }
  END { for (r in m) { want = m[r] / (sum[key[r]] / n[key[r]]) - 1; if (d[r] == "" || d[r] - want > 1e-3 || want - d[r] > 1e-3) bad++ } print bad + 0 }' "$t")
check vecsum_dev_row_avg test "$bad" -eq 0

run_clx_loud "$TMP/volkov" run volkov_fma --quick   # the console's tables, which --quiet leaves out
t=$rundir/results.tsv
check volkov_exit test "$rc" -eq 0
check volkov_rows test "$(tsv_count "$t" status ok)" -eq 8           # ILP 1,4 x 2 builds x 2 local
check volkov_gflops_filled test "$(tsv_col "$t" gflops | grep -c '^[0-9]')" -eq 8
check volkov_iters_column test "$(tsv_count "$t" ITERS 16)" -eq 4     # the no-opt build's derived value
# The no-opt build does 64x less work a launch (ITERS 16, not 1024): its row lines and notes say so,
# where a time of other work read "20x faster"; the default build's lines say nothing of it.
check volkov_line_work test "$(grep -c '^  ILP=.* -cl-opt-disable .*  (64x less work than default: compare GFLOP/s, not ms)$' "$TMP/volkov.log")" -eq 4
check volkov_line_work_default_none test -z "$(grep '^  ILP=.* default .*less work' "$TMP/volkov.log")"
check volkov_note_work test "$(tsv_col "$t" note | grep -c "work a launch: 64x less than build default's at the same variant and launch point")" -eq 4
check volkov_pivot grep -q 'GFLOP/s by work-group size' "$TMP/volkov.log"
# Its bytes are a token 8 a work-item: on a CPU no row's GB/s reaches 0.05, so the best table leaves
# it out, said once (results.tsv keeps every value), and the row lines leave it out by the same rule
# beside their GFLOP/s (they printed 0.00049 GB/s that the table left out); a GPU fast enough to move
# them at 0.05 GB/s or more shows them in the table (the rule reads the rows, not the device).
if [ -z "$(tsv_col "$t" gbs | awk '$1 >= 0.05')" ]; then
    check volkov_lines_no_small_gbs test "$(grep -c '^  ILP=.* ms  *[0-9.]* GFLOP/s' "$TMP/volkov.log")" -eq "$(grep -c '^  ILP=.* ms ' "$TMP/volkov.log")"
    check volkov_lines_no_gbs test "$(grep -c '^  ILP=.* GB/s' "$TMP/volkov.log")" -eq 0
    check volkov_best_no_gbs sh -c "grep -A1 '^Best work-group size' '$TMP/volkov.log' | grep -q ' GFLOP/s %fp32 status' &&
        ! grep -A1 '^Best work-group size' '$TMP/volkov.log' | grep -q 'GB/s  *%bw'"
    check volkov_gbs_said_once test "$(grep -c '^Note: GB/s is left out of the table above: below 0.05 in each of its rows' "$TMP/volkov.log")" -eq 1
else
    check volkov_gbs_shown test "$(grep -c '^Note: GB/s is left out of the table above' "$TMP/volkov.log")" -eq 0
fi
check volkov_gbs_kept test "$(tsv_col "$t" gbs | grep -c '^[0-9]')" -eq 8
# The theoretical peaks' line nests brackets two deep at most (a CPU's derivation nested them four):
# a CPU's FP32 peak by its formula, the derivation of each factor where clx devices and run.json say it.
check volkov_peaks_line_depth awk '/^clx: theoretical peaks: / { d = 0; m = 0; for (i = 1; i <= length($0); i++) {
    c = substr($0, i, 1); if (c == "(" && ++d > m) m = d; if (c == ")") d-- } n++; if (m > 2) bad++ }
    END { exit !(n >= 1 && !bad) }' "$TMP/volkov.log"
if grep -q '"type":[[:space:]]*"CPU"' "$rundir/run.json" && grep -q '"fp32_source":[[:space:]]*"CPU[ ,]' "$rundir/run.json"; then
    check volkov_peaks_cpu_where grep -qE '^clx: theoretical peaks: FP32 [0-9]+ GFLOP/s \(CPU[, a-z-]* from this host: [0-9]+ (cores?|logical CPUs?) x [0-9]+ lanes x 2 x [0-9]+ MHz; each factor.s derivation: clx devices, run.json peak.fp32_source\);' "$TMP/volkov.log"
fi
check_report volkov
# Each build's figure says where the FP32 peak is: its dashed line, or the title's line that it lies
# above the plot (the -cl-opt-disable figure said neither), and which build it shows.
for f in gflops_vs_local gflops_vs_local_noopt; do
    check_drawn "volkov_${f}_peak_said" grep -q 'FP32 peak' "$rundir/plots/$f.gp"
done
check_drawn volkov_default_build_said grep -qF '\nbuild default\n' "$rundir/plots/gflops_vs_local.gp"

run_clx_loud "$TMP/optflags" run optflags --quick
t=$rundir/results.tsv
check optflags_exit test "$rc" -eq 0
check optflags_rows test "$(tsv_count "$t" status ok)" -eq 6
check optflags_ratio_table grep -q 'Slowdown of each build against "default"' "$TMP/optflags.log"
check optflags_three_kernels test "$(grep -cE '^  (prag|noprag|fma) ' "$TMP/optflags.log")" -ge 3
check_report optflags

# dump: the binary of one variant, its format named; expand: sources without a device.
$CLX dump vecsum gs_f4_ilp2 --out "$TMP/dump" > "$TMP/dump.bin" 2> "$TMP/dump.log"; rc=$?
check dump_exit test $rc -eq 0
check dump_names_format grep -qE 'bytes, saved to' "$TMP/dump.log"
check dump_saved test -s "$(ls "$TMP"/dump/dumps/vecsum-gs_f4_ilp2-default-*.* | head -n 1)"
$CLX dump vecsum ILP=3 > /dev/null 2> "$TMP/dump_none.log"; rc=$?
check dump_no_match test $rc -ne 0 -a -n "$(grep 'no variant matches' "$TMP/dump_none.log")"
$CLX dump vecsum nave > /dev/null 2> "$TMP/dump_slip.log"; rc=$?
check dump_slip_nearest test $rc -ne 0 -a -n "$(grep "no variant matches 'nave' in vecsum (did you mean naive?)" "$TMP/dump_slip.log")"
$CLX expand optflags --out "$TMP/expand" > /dev/null 2>&1; rc=$?
check expand_exit test $rc -eq 0
check expand_files test "$(ls "$TMP"/expand/optflags/*.cl | wc -l)" -eq 3
# m4 failing on some variants (vecsum's template asserts ILP > 1 needs STRIDE=1): said with its
# file and line, once for the variants it is the same on, the others written, exit 1; on every
# variant: nothing written, exit 4, as a run of which nothing builds (docs/clx.1, EXIT STATUS; --help
# said neither).
rm -rf "$TMP/expand_some"
$CLX expand vecsum --set ILP=3 --out "$TMP/expand_some" > "$TMP/expand_some.out" 2> "$TMP/expand_some.err"; rc=$?
check expand_some_m4_failed_exit_1 test $rc -eq 1 -a "$(wc -l < "$TMP/expand_some.out")" -eq 4 \
    -a "$(grep -c '^templates/vecsum.cl.m4:[0-9]*: ILP > 1 needs STRIDE=1' "$TMP/expand_some.err")" -eq 1 \
    -a "$(grep -c '^clx: on 2 of 6 variants (naive:ILP=3; float4:ILP=3): m4 failed on templates/vecsum.cl.m4' "$TMP/expand_some.err")" -eq 1
check expand_some_m4_failed_said grep -q "^clx: m4 failed on 2 of vecsum's 6 variants; the others written\$" "$TMP/expand_some.err"
# clx run says them so too, at the end of its builds, not once per variant ("m4 failed as for
# variant naive:ILP=3 (the same message)" on a line of each); the variant that expands runs.
run_clx "$TMP/run_some" run vecsum --quick --set variant=naive,float4,gridstride --set ILP=3 --build '' --local 64
check run_some_m4_grouped test "$(grep -c '^clx: on 2 of 3 variants (naive:ILP=3; float4:ILP=3): m4 failed on templates/vecsum.cl.m4' "$TMP/run_some.log")" -eq 1 \
    -a "$(grep -c '^templates/vecsum.cl.m4:[0-9]*: ILP > 1 needs STRIDE=1' "$TMP/run_some.log")" -eq 1 \
    -a "$(grep -c '^clx: variant ' "$TMP/run_some.log")" -eq 0
check run_some_rows test "$rc" -eq 1 -a "$(tsv_count "$rundir/results.tsv" status build-failed)" -eq 2 \
    -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 1
rm -rf "$TMP/expand_none"
$CLX expand vecsum --set variant=naive,float4 --set ILP=3 --out "$TMP/expand_none" > "$TMP/expand_none.out" 2> "$TMP/expand_none.err"; rc=$?
check expand_every_m4_failed_exit_4 test $rc -eq 4 -a ! -s "$TMP/expand_none.out" -a -z "$(ls "$TMP/expand_none/vecsum")"
check expand_every_m4_failed_said grep -q "^clx: m4 failed on every variant of vecsum (2): nothing written\$" "$TMP/expand_none.err"
check expand_noprag_unrolled test "$(grep -c 'a = a \* mul + add;' "$TMP/expand/optflags/noprag.cl")" -eq 4
check list_names test "$($CLX list | grep -cE '^(vecsum|volkov_fma|optflags) ')" -eq 3
$CLX devices > "$TMP/devices.log" 2>&1
check devices_table grep -q 'profiling timer resolution' "$TMP/devices.log"
finish
