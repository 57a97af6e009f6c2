# devices_peaks.sh — clx devices --peaks shows each device's latest peaks run beside its derived
# peaks as an atlas: every verified variant's best rate with the theoretical peak it counts against
# (and the probes), in the table and in --json; the run's report.md has the same atlas.
. tests/e2e/lib.sh
mkdir -p "$TMP"
D=$TMP/devpeaks
run_clx "$D" run peaks --quick
check devpeaks_run_ok test "$rc" -eq 0
$CLX devices --peaks --results "$D" > "$D.out" 2>&1; rc=$?
check devpeaks_exit_0 test "$rc" -eq 0
# A --results folder that is not there is a slip of the command line (it said "none in" it, exit 0).
$CLX devices --peaks --results "$D-missing" > "$D-missing.out" 2>&1; rc=$?
check devpeaks_missing_folder test "$rc" -eq 2 -a -n "$(grep -F -- "--results $D-missing: no such folder" "$D-missing.out")"
check devpeaks_names_run grep -q "from $rundir (clx run peaks" "$D.out"
# Every variant with a verified row is listed with a rate (and the probes after them).
st=$(head -1 "$rundir/results.tsv" | tr '\t' '\n' | grep -n '^status$' | cut -d: -f1)
for v in $(awk -F'\t' -v s="$st" 'NR > 1 && $s == "ok" { print $2 }' "$rundir/results.tsv" | sort -u); do
    check "devpeaks_lists_$v" grep -qE "^    $v +[0-9.]+ (GB/s|GFLOP/s|GOP/s)" "$D.out"
done
# Integer operations are counted as such: GOP/s, not GFLOP/s.
if awk -F'\t' 'NR > 1 && $2 == "int32_mad" && /\tok\t/' "$rundir/results.tsv" | grep -q .; then
    check devpeaks_int_gops grep -qE "^    int32_mad +[0-9.]+ GOP/s" "$D.out"
fi
# Each chain's share is of its own precision's peak: fp64_fma's of the FP64 peak (PoCL estimates
# one), the figure run.json holds.
if [ "$(tsv_cell "$rundir/results.tsv" fp64_fma default pct_fp64_peak)" != "" ]; then
    fp64=$(grep -o '"fp64_gflops":[[:space:]]*[0-9.e+]*' "$rundir/run.json" | awk -F: '{ x = $2 + 0; printf(x >= 1000 ? "%.0f" : "%.4g", x) }')
    check devpeaks_fp64_pct grep -qE "^    fp64_fma +[0-9.]+ GFLOP/s +of $fp64 \([0-9.]+%\)" "$D.out"
    check devpeaks_fp64_where grep -qE "^    fp64_fma .*\)  .*local=" "$D.out"
fi
$CLX devices --peaks --json --results "$D" > "$D.json" 2>&1
check devpeaks_lists_probes grep -qE "^    launch: queued->start +[0-9.e+]+ us" "$D.out"
# Where the latency curve has levels they stand for its rows (which stay in probes.tsv); else the
# curve is listed.
if awk -F'\t' '$1 == "levels" && $10 == "ok"' "$rundir/probes.tsv" | grep -q .; then
    check devpeaks_levels grep -qE "^    levels: level 1, latency +[0-9.e+-]+ ns +holds at least [0-9.]+ [KMG]iB" "$D.out"
    check devpeaks_levels_not_curve test -z "$(grep 'load latency, 4 KiB' "$D.out")"
else
    check devpeaks_curve grep -q 'load latency, 4 KiB' "$D.out"
fi
# PoCL is a CPU device: the host's caches stand beside its levels, where sysfs lists them (a fake
# tree of one cache through CLX_SYSFS, so that the line does not depend on this machine's).
rm -rf "$TMP/devpeaks-sysfs"   # a fresh tree: an earlier run (make check before check-asan) left its shared_cpu_list
mkdir -p "$TMP/devpeaks-sysfs/devices/system/cpu/cpu0/cache/index0"
printf '2\n' > "$TMP/devpeaks-sysfs/devices/system/cpu/cpu0/cache/index0/level"
printf 'Unified\n' > "$TMP/devpeaks-sysfs/devices/system/cpu/cpu0/cache/index0/type"
printf '2048K\n' > "$TMP/devpeaks-sysfs/devices/system/cpu/cpu0/cache/index0/size"
CLX_SYSFS=$TMP/devpeaks-sysfs $CLX devices --peaks --results "$D" > "$D.caches" 2>&1
check devpeaks_host_caches grep -qF "    (the host's caches as sysfs lists them: L2 2 MiB; a memory level that ends where none of them does" "$D.caches"
# --json has them too, as an array of what sysfs gives (its shared_cpu_list, null where it has none).
CLX_SYSFS=$TMP/devpeaks-sysfs $CLX devices --peaks --json --results "$D" > "$D.caches.json" 2>&1
check devpeaks_json_host_caches sh -c "tr -d '\n\t ' < '$D.caches.json' | grep -qF '\"host_caches\":[{\"level\":2,\"type\":\"Unified\",\"size_bytes\":2097152,\"shared_cpu_list\":null}]'"
printf '0-3\n' > "$TMP/devpeaks-sysfs/devices/system/cpu/cpu0/cache/index0/shared_cpu_list"
CLX_SYSFS=$TMP/devpeaks-sysfs $CLX devices --peaks --json --results "$D" > "$D.caches.json" 2>&1
check devpeaks_json_host_caches_shared sh -c "tr -d '\n\t ' < '$D.caches.json' | grep -qF '\"size_bytes\":2097152,\"shared_cpu_list\":\"0-3\"}]'"
# This machine's own: as many as its sysfs lists with a level and a size (none: an empty array).
n_sys=0
for i in /sys/devices/system/cpu/cpu0/cache/index*; do [ -s "$i/level" ] && [ -s "$i/size" ] && n_sys=$((n_sys + 1)); done
check devpeaks_json_host_caches_real test "$(tr -d '\n\t ' < "$D.json" | grep -o '"host_caches":\[[^]]*\]' | head -n 1 | grep -o '"size_bytes"' | wc -l)" -eq "$n_sys"
check devpeaks_json_rates grep -q '"rates"' "$D.json"
check devpeaks_json_theoretical grep -q '"theoretical":[[:space:]]*[0-9]' "$D.json"
check devpeaks_json_run grep -q "\"run\":[[:space:]]*\"$rundir\"" "$D.json"
# A --quick run is what this machine can afford, and it is said to be one: not the device's peaks.
check devpeaks_quick_labelled grep -q "clx run peaks --quick, .*not the device's peaks" "$D.out"
check devpeaks_json_quick grep -q '"quick":[[:space:]]*true' "$D.json"
# Each line whose row read the cache (flag cache-resident: a --quick run's small buffers) says so:
# its GB/s were listed beside memory's with no word of it. A variant of one verified row (its best).
fl=$(head -1 "$rundir/results.tsv" | tr '\t' '\n' | grep -n '^flag$' | cut -d: -f1)
cached=$(awk -F'\t' -v s="$st" -v f="$fl" 'NR > 1 && $s == "ok" { n[$2]++; if ($f ~ /(^|,)cache-resident(,|$)/) c[$2] = 1 }
    END { for (v in c) if (n[v] == 1) print v }' "$rundir/results.tsv" | sort | head -n 1)
if [ -n "$cached" ]; then
    check devpeaks_cache_resident_said grep -qE "^    $cached +[0-9.]+ GB/s .*cache-resident: the cache's rate, not memory's" "$D.out"
    check devpeaks_json_cache_resident sh -c "tr -d '\n\t ' < '$D.json' | grep -qF '\"variant\":\"$cached\",\"build\":\"default\",\"rate\":' &&
        tr -d '\n\t ' < '$D.json' | grep -qE '\"variant\":\"$cached\",[^}]*\"cache_resident\":true'"
fi
check devpeaks_fma_not_cache_resident test -z "$(grep -E '^    fp32_fma .*cache-resident' "$D.out")"
# A full run is the device's measured peaks even when a --quick run is newer (here a copy of the
# quick run marked full and started a year earlier stands for one).
full=$D/peaks-full-copy
cp -r "$rundir" "$full"
sed -i -e 's/"quick":[[:space:]]*true/"quick":	false/' -e 's/"started":[[:space:]]*"2[0-9][0-9][0-9]/"started":	"2000/' "$full/run.json"
$CLX devices --peaks --results "$D" > "$D.full" 2>&1
check devpeaks_full_preferred grep -q "from $full (clx run peaks, 2000" "$D.full"
check devpeaks_full_not_labelled_quick test -z "$(grep "not the device's peaks" "$D.full")"
rm -rf "$full"
# A narrowed peaks run (--set, --size, --local, --build) is no more the device's peaks than a --quick
# one: found only where no whole run is, and read by a run only where --peaks names it. It was shown
# as "(clx run peaks, DATE)" and read through --peaks with no word of it (a copy of the quick run
# marked full and narrowed by --set stands for one).
narrow=$D-narrow/peaks-narrowed-copy
rm -rf "$D-narrow"; mkdir -p "$D-narrow"
cp -r "$rundir" "$narrow"
sed -i -e 's/"quick":[[:space:]]*true/"quick":	false/' -e 's/"args":[[:space:]]*\["peaks", /"args":	["peaks", "--set", "N=1Mi", /' "$narrow/run.json"
$CLX devices --peaks --results "$D-narrow" > "$D.narrow" 2>&1
check devpeaks_narrowed_said grep -q "from $narrow (clx run peaks --set N=1Mi, .*): narrowed by its options: not the whole sweep at its sizes, not the device's peaks" "$D.narrow"
$CLX devices --peaks --json --results "$D-narrow" > "$D.narrow.json" 2>&1
check devpeaks_json_narrowed grep -q '"narrowed":[[:space:]]*"--set N=1Mi"' "$D.narrow.json"
check devpeaks_json_not_narrowed grep -q '"narrowed":[[:space:]]*null' "$D.json"
$CLX report "$narrow" > /dev/null 2>&1
check devpeaks_report_atlas_narrowed grep -q "^A run narrowed by \`--set N=1Mi\`: not the whole sweep at its sizes" "$narrow/report.md"
quick_run=$rundir
run_clx_loud "$D-narrow-read" run vecsum --quick --set variant=naive --local 64 --trials 2 --peaks "$narrow"
check devpeaks_peaks_narrowed_line grep -q "(from $narrow, a run narrowed by --set N=1Mi named by --peaks: not the whole sweep at its sizes, not the device's peaks" "$D-narrow-read.log"
check devpeaks_peaks_narrowed_json grep -q '"peaks_run_narrowed":[[:space:]]*"--set N=1Mi"' "$rundir/run.json"
# report.md's ceilings said "measured ones come from the device's full clx run peaks" of such a run,
# and of a --quick one, which the console's line calls "not the device's peaks".
$CLX report "$rundir" > /dev/null 2>&1
check devpeaks_report_ceilings_narrowed grep -q "measured ones come from $narrow, a peaks run narrowed by \`--set N=1Mi\` named by \`--peaks\` (run.json \`sol.peaks_run_narrowed\`): not the whole sweep at its sizes, not the device's peaks" "$rundir/report.md"
run_clx "$D-quick-read" run vecsum --quick --set variant=naive --local 64 --trials 2 --peaks "$quick_run"
$CLX report "$rundir" > /dev/null 2>&1
check devpeaks_report_ceilings_quick grep -q "measured ones come from $quick_run, a \`--quick\` peaks run named by \`--peaks\` (run.json \`sol.peaks_run_quick\`): small sizes and few trials, not the device's peaks" "$rundir/report.md"
check devpeaks_report_ceilings_not_full test -z "$(grep "measured ones come from the device's full" "$rundir/report.md")"
rundir=$quick_run
# A results folder without a peaks run says how to make one; --results alone is a usage error.
mkdir -p "$D-empty"
$CLX devices --peaks --results "$D-empty" > "$D.none" 2>&1
check devpeaks_none_says_how grep -q "none in $D-empty/ ($CLX run peaks --device 0:0 measures them)" "$D.none"
$CLX devices --results "$D" > /dev/null 2>&1; rc=$?
check devpeaks_results_needs_peaks test "$rc" -eq 2
# report.md's atlas: the same lines as a table, theoretical and share beside each; a run without
# probes has none.
$CLX report "$rundir" > /dev/null 2>&1
atlas=$(sed -n '/^## The atlas/,/^## /p' "$rundir/report.md")
check devpeaks_report_atlas test -n "$atlas"
check devpeaks_report_atlas_quick_said grep -q "A \`--quick\` run" "$rundir/report.md"
if [ -n "$fp64" ]; then
    check devpeaks_report_atlas_fp64 sh -c "echo \"\$1\" | grep -qE '^\| fp64_fma \| [0-9.e+]+ \| GFLOP/s \| $fp64 \| [0-9.]+% \| .*local='" _ "$atlas"
fi
check devpeaks_report_atlas_probe sh -c "echo \"\$1\" | grep -qE '^\| launch: queued->start \| [0-9.e+]+ \| us \|  \|  \| '" _ "$atlas"
run_clx "$D-noprobe" run vecsum --quick --set variant=naive --local 64 --trials 2
$CLX report "$rundir" > /dev/null 2>&1
check devpeaks_report_no_atlas_without_probes test -z "$(grep '^## The atlas' "$rundir/report.md")"
# A CPU run's report.md says the host's caches under its ceilings, from run.json (as its sysfs listed them).
check devpeaks_run_json_host_caches test "$(tr -d '\n\t ' < "$rundir/run.json" | grep -o '"host_caches":\[[^]]*\]' | grep -o '"size_bytes"' | wc -l)" -eq "$n_sys"
if [ "$n_sys" -gt 0 ]; then
    check devpeaks_report_host_caches grep -qE "^The host's caches, as its sysfs listed them for the run \(run.json .sol.host_caches.\): L[0-9].*; the .l2. class is the last of them, the CPU's last-level cache\.$" "$rundir/report.md"
fi
finish
