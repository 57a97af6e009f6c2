# core_flags.sh — a row above a theoretical peak is flagged IMPOSSIBLE (and the report warns);
# GB/s above DRAM peak with the data in cache is "cache-resident" (without a DRAM peak, data within half
# the cache); --no-verify marks rows unverified.
. tests/e2e/lib.sh
# Claim a peak of 1 MFLOP/s: every timed vecsum row does more, so it must be flagged.
CLX_PEAK_GFLOPS=0.001 run_clx "$TMP/flags" run vecsum --quick --set variant=naive --build '' --local 64
t=$rundir/results.tsv
check plan_line_singular grep -q '^clx: 1 variant x 1 build x 1 launch point (quick mode); results in ' "$TMP/flags.log"
check flags_impossible_row test "$(tsv_col "$t" flag | grep -c 'IMPOSSIBLE:flops>peak')" -eq 1
check flags_report_warns grep -q 'above the device.s theoretical peak' "$TMP/flags.log"
check flags_peak_source grep -q 'CLX_PEAK_GFLOPS' "$rundir/run.json"
# Such a row is no result: not a best configuration, and the report lists it apart.
"$CLX" report "$rundir" --quiet > "$TMP/flags.report.log" 2>&1
check flags_impossible_listed grep -q "^## Rows above the device's theoretical peak" "$rundir/report.md"
check flags_impossible_not_best test -z "$(sed -n '/^### Best work-group size/,/^###/p' "$rundir/report.md" | grep '^| naive ')"
# Alone, clx report reports results/latest (where clx run writes by default); with none there it
# asks which run folder (exit 2); with one whose folder is gone it says so (exit 4).
here=$PWD; case $TMP in /*) tmp_abs=$TMP ;; *) tmp_abs=$here/$TMP ;; esac
case $CLX in /*) clx_abs=$CLX ;; *) clx_abs=$here/${CLX#./} ;; esac
rm -rf "$TMP/alone" "$TMP/none-here" && mkdir -p "$TMP/alone" "$TMP/none-here" && ln -s "$tmp_abs/flags" "$TMP/alone/results"
rm -f "$rundir/report.md"
(cd "$TMP/alone" && "$clx_abs" report --quiet) > "$TMP/alone.log" 2>&1; rc=$?
check report_alone_latest sh -c "test -s '$rundir/report.md' && grep -q 'report.md' '$TMP/alone.log'"
(cd "$TMP/none-here" && "$clx_abs" report) > "$TMP/none-here.log" 2>&1; rc=$?
check report_alone_none_asks sh -c "test $rc -eq 2 && grep -q 'which run folder? (none given, and results/ holds no latest run)' '$TMP/none-here.log'"
# A latest whose folder was moved away (into an archive) is no command-line mistake: said with the
# name it holds, exit 4 as for a missing run folder; compare and history given it say the same.
rm -rf "$TMP/gone-here" && mkdir -p "$TMP/gone-here/results" && ln -s vecsum-moved-away "$TMP/gone-here/results/latest"
(cd "$TMP/gone-here" && "$clx_abs" report) > "$TMP/gone-here.log" 2>&1; rc=$?
check report_alone_latest_gone sh -c "test $rc -eq 4 && grep -qx 'clx: report: results/latest points at vecsum-moved-away, which no longer exists (moved or removed?)' '$TMP/gone-here.log'"
(cd "$TMP/gone-here" && "$clx_abs" compare results/latest/ --by build) > "$TMP/gone-cmp.log" 2>&1; rc=$?
check compare_latest_gone sh -c "test $rc -eq 4 && grep -qx 'clx: compare: results/latest points at vecsum-moved-away, which no longer exists (moved or removed?)' '$TMP/gone-cmp.log'"
(cd "$TMP/gone-here" && "$clx_abs" history results/latest results/latest) > "$TMP/gone-hist.log" 2>&1; rc=$?
check history_latest_gone sh -c "test $rc -eq 4 && grep -qx 'clx: history: results/latest points at vecsum-moved-away, which no longer exists (moved or removed?)' '$TMP/gone-hist.log'"
# PoCL's events time its kernels: the rows say so, and run.json says what the check saw.
check timer_events test "$(tsv_col "$rundir/results.tsv" timer | sort -u)" = events
check timer_json grep -q 'dependent steps took .* ms by the host clock and .* ms by its profiling event (the least and the longest of three)"' "$rundir/run.json"
# 1 MB/s of DRAM bandwidth with a 12 MB working set that fits the cache: cache-resident, not impossible.
CLX_PEAK_GBS=0.001 run_clx "$TMP/flags2" run vecsum --quick --set variant=naive --build '' --local 64
t=$rundir/results.tsv
check flags_cache_resident test "$(tsv_col "$t" flag | grep -cE '(^|,)cache-resident(,|$)')" -eq 1
check flags_not_impossible test -z "$(tsv_col "$t" flag | grep IMPOSSIBLE)"
check flags_pct_bw test "$(tsv_col "$t" pct_bw_peak | grep -c '^[0-9]')" -eq 1
# The same claim with 600 MB of buffers, more than the last-level cache (PoCL reports 480 MiB at
# most here; NVIDIA's L2 is 50 MiB): now it is impossible.
CLX_PEAK_GBS=0.001 run_clx "$TMP/flags3" run vecsum --quick --set variant=naive --build '' --local 64 --size 50M --trials 3
check flags_bw_impossible test "$(tsv_col "$rundir/results.tsv" flag | grep -c 'IMPOSSIBLE:bw>peak')" -eq 1
# The same, judged from the row's own buffers where configurations share them. Past the span's
# budget (the smaller of 1 GiB and a quarter of the device's memory: 256 MiB under
# POCL_MEMORY_LIMIT=1) a 288 MiB triad and three chains of a few KiB take turns in one slot
# (run_span.c), and with --round-gap 1000 every second round comes in one seeded pass after the
# first ones: the four rows are written together, whoever's buffers the slot then holds (on this
# seed a chain's). Read from those (before 46f8189, which this case fails), a full peaks run on
# PoCL flagged its 1 GiB streams cache-resident.
CLX_PEAK_GBS=0.001 CLX_PEAK_CACHE_BYTES=67108864 POCL_MEMORY_LIMIT=1 run_clx "$TMP/flags_span" run peaks --quick \
    --set variant=triad_f,fp32_fma,int32_mad,int64_mad --set N=24Mi --rounds 2 --target-se 0 --round-gap 1000 --seed 1
if grep -qE '"global_mem_bytes":[[:space:]]*1073741824,' "$rundir/run.json"; then
    check flags_span_ran test "$rc" -eq 0 -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 4
    check flags_span_own_buffers test "$(tsv_cell "$rundir/results.tsv" triad_f default flag | tr ',' '\n' |
        grep -E '^(cache-resident|IMPOSSIBLE:bw>peak)$')" = "IMPOSSIBLE:bw>peak"
else
    skip flags_span_own_buffers "the device's memory is not the 1 GiB POCL_MEMORY_LIMIT=1 gives PoCL: no span past its budget"
fi
# Without a DRAM peak (PoCL's is not known) a row whose data fits the last-level cache cannot be
# held against one: it is flagged cache-resident all the same, and the summary says what that means.
run_clx "$TMP/flags4" run vecsum --quick --set variant=naive --build '' --local 64
if grep -qE '"mem_gbs":[[:space:]]*0,' "$rundir/run.json"; then
    check flags_nopeak_cache_resident test "$(tsv_col "$rundir/results.tsv" flag | grep -cE '(^|,)cache-resident(,|$)')" -eq 1
    check flags_nopeak_no_pct test -z "$(tsv_col "$rundir/results.tsv" pct_bw_peak)"
    check flags_nopeak_warns grep -q "fits the device's last-level cache (flag cache-resident)" "$TMP/flags4.log"
fi
# ... but only where the data fit half the cache: a working set of the whole of it does not stay in
# it (a PoCL VM's transpose with in + out its reported 32 MiB ran at memory's speed, yet was flagged).
# narrow.spec's one buffer at N=1024 is 4 KiB: against a 4 KiB cache no flag, against 8 KiB the flag.
flags4=$rundir
for c in 4096 8192; do
    CLX_PEAK_CACHE_BYTES=$c run_clx "$TMP/flags_llc$c" run tests/e2e/fixtures/report/narrow.spec --quick \
        --set variant=naive --set TERMS=1 --build '' --local 64 --no-verify --trials 1
    eval "llc$c=\$rundir"
done
if grep -qE '"mem_gbs":[[:space:]]*0,' "$llc4096/run.json"; then
    check flags_nopeak_whole_cache_not_resident test "$(tsv_rows "$llc4096/results.tsv")" -eq 1 -a \
        -z "$(tsv_col "$llc4096/results.tsv" flag | grep cache-resident)"
    # The speed of light takes the same 4 KiB as the cache's work (the fastest it may run): the row
    # says why it is not flagged all the same, so that its bound and its flag do not contradict.
    tsv_col "$llc4096/results.tsv" sol_note > "$TMP/flags_llc4096.notes"
    check flags_nopeak_unflagged_said grep -qF "its data (4 KiB) is taken as the last-level cache's work (it fits its 4 KiB), the fastest it may run; not flagged cache-resident: only data within 2 KiB surely stays in it" "$TMP/flags_llc4096.notes"
    check flags_nopeak_half_cache_resident test "$(tsv_col "$llc8192/results.tsv" flag | grep -cE '(^|,)cache-resident(,|$)')" -eq 1
fi
rundir=$flags4
# Plots never draw a line outside their range: the roofline's FP32 roof (alone where no bandwidth
# peak is known) lies inside its y range; bar charts name their x axis.
"$CLX" report "$rundir" --quiet > "$TMP/flags4.report.log" 2>&1
p=$(sed -n 's/.*"fp32_gflops":[[:space:]]*\([0-9.e+]*\).*/\1/p' "$rundir/run.json" | head -n 1)
top=$(sed -n 's/^set yrange \[[^:]*:\([0-9.e+]*\)\]/\1/p' "$rundir/plots/roofline_gflops.gp" | head -n 1)
check plots_roof_inside_range awk -v p="$p" -v t="$top" 'BEGIN { exit !(p > 0 && t >= p) }'
check plots_bars_xlabel grep -q '^set xlabel "variant"' "$rundir/plots/bandwidth.gp"
# A quick run's undecided findings are said to be the quick run's, with the command that decides them.
check report_quick_says_why grep -q "this was a --quick run, .*$CLX run vecsum (the full sweep) decides [0-9]* of the [0-9]* not checked" "$TMP/flags4.report.log"
# ... but not the findings whose value no row of the run has (registers where the binary tells none,
# an energy without --energy): those say so, and the full sweep is not offered for them.
check report_quick_no_value_said grep -q "gb_per_j\[gbs=max\] and max(gb_per_j\[\]): no measured row of this run has a value of gb_per_j (the device or the run's options give none)" "$rundir/report.md"
# A share of a peak the device does not state says how to give one (a CPU's memory bandwidth).
if grep -qE '"mem_gbs":[[:space:]]*0,' "$rundir/run.json"; then
    check report_no_peak_how grep -q "no measured row of this run has a value of pct_bw_peak (clx knows no memory bandwidth of this device: CLX_PEAK_GBS=VALUE gives it)" "$rundir/report.md"
fi
check report_quick_no_value_left_out grep -q "(the other [0-9]* read a value no row of this run has, rows that did not pass, or a peak that is only an upper-bound estimate, or have a premise that does not hold on this device: no sweep of it changes that)" "$TMP/flags4.report.log"
check report_quick_md_says_why grep -q 'This quick run cannot decide a finding about sizes' "$rundir/report.md"
# The small sweep that decides them keeps the quick run's own options of the axes that gain nothing
# where no finding reads every value of them (--build ''), gives N and local the run's values and
# the findings' (vecsum's name local=256, its full sweep's one size), and drops --set variant=naive:
# "All six kernels" (max(gbs[]) vs min(gbs[])) reads every variant. Every selector that names one
# kernel (gbs[variant=gridstride]) has one row of it there: all four are decided (findings_quick.sh
# and findings_narrow.sh run one).
check report_quick_small_keeps grep -qxF "clx: report: a small sweep decides them too, the quick one with the values they name added: $CLX run vecsum --quick --build '' --size 1000003,10M,200M --local 64,256" "$TMP/flags4.report.log"
# A spec given as a path, after the options, on a device named: the command named is that path (the
# name alone is clx's own vecsum) on that device (a --device all run's report is one device's).
rm -rf "$TMP/ownspec"; mkdir -p "$TMP/ownspec"; cp templates/vecsum.spec templates/vecsum.cl.m4 templates/vecsum.ref.c "$TMP/ownspec/"
run_clx "$TMP/ownrun" run --quick --set variant=naive "$TMP/ownspec/vecsum.spec" --device 0:0
"$CLX" report "$rundir" --quiet > "$TMP/ownrun.report.log" 2>&1
check report_quick_names_path grep -qF "$CLX run $TMP/ownspec/vecsum.spec --device 0:0 (the full sweep) decides " "$TMP/ownrun.report.log"
check report_quick_md_names_path grep -q "clx run $TMP/ownspec/vecsum.spec --device 0:0\` (the full sweep)" "$rundir/report.md"
check report_quick_small_names_path grep -qF ": $CLX run $TMP/ownspec/vecsum.spec --device 0:0 --quick --size 1000003,10M,200M" "$TMP/ownrun.report.log"
run_clx "$TMP/noverify" run tests/e2e/fixtures/broken.spec --set variant=wrong --no-verify
t=$rundir/results.tsv
check noverify_exit_zero test "$rc" -eq 0
check noverify_unverified test "$(tsv_count "$t" status unverified)" -eq 2
check noverify_json grep -qE '"verify":[[:space:]]*"off"' "$rundir/run.json"
# Whether a row's data fits the cache is its buffers' bytes, not their guard zones' (which grow with
# the work-items): taylor's loop kernels at 4099 elements launch 64Ki-256Ki work-items over 32 KiB
# of data, within a 256 KiB cache whatever the work-group size.
CLX_PEAK_CACHE_BYTES=262144 run_clx "$TMP/flags5" run taylor --quick --size 4099 --trials 2
# Its loop kernels' outputs have fewer elements than work-items, and they write none past them: no
# warning that they would (that is said only with a stray write the guard zones caught).
check flags_no_small_output_warning sh -c "! grep -q 'writes past its end' '$TMP/flags5.log'"
check flags_cache_by_data test "$(tsv_col "$rundir/results.tsv" flag | grep -cE '(^|,)cache-resident(,|$)')" -eq 20
# A kernel whose work is arithmetic (volkov_fma: thousands of FLOP a byte) moves a few bytes that fit
# the cache; their GB/s is nobody's figure: no cache-resident flag, no warning about it.
run_clx "$TMP/flags6" run volkov_fma --quick --trials 2
if grep -qE '"mem_gbs":[[:space:]]*0,' "$rundir/run.json"; then
    check flags_compute_not_cache_resident test -z "$(tsv_col "$rundir/results.tsv" flag | grep cache-resident)"
    check flags_compute_no_cache_warning sh -c "! grep -q 'flag cache-resident' '$TMP/flags6.log'"
fi
finish
