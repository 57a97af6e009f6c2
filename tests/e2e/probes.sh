# probes.sh — a spec's probes run after its sweep: launch latency, transfers, load latency by
# pointer chasing and the levels found in it, cache and memory read bandwidth, local memory
# bandwidth and latency, atomics, each verified, with median and CV in probes.tsv; a wrong probes
# setting is refused at its line.
. tests/e2e/lib.sh
mkdir -p "$TMP"
# A 1 MiB last-level cache stands for PoCL's (300 MiB on this kind of host, whose chase to 1.2 GiB
# takes minutes): the chase goes to max(8 MiB, 4 x 1 MiB), the reads over 512 KiB and 8 MiB.
CLX_PEAK_CACHE_BYTES=1048576 run_clx "$TMP/probes" run tests/e2e/fixtures/probes.spec
p=$rundir/probes.tsv
check probes_exit_0 test "$rc" -eq 0
# 3 launch, 10 transfer, 23 latency (4 KiB to 8 MiB, with 6 KiB, 12 KiB, ... between), 2 cachebw,
# 1 local, 1 local_latency and 2 atomics rows, then the levels (as many as the curve has).
nlev=$(awk -F'\t' '$1 == "levels"' "$p" | wc -l)
check probes_tsv_rows test "$(tsv_rows "$p")" -eq $((42 + nlev))
check probes_levels_some test "$nlev" -ge 1
check probes_all_ok test "$(awk -F'\t' 'NR > 1 && $1 != "levels" && ($10 == "ok" ||
    $10 == "skipped" && $11 ~ /profiling events do not time commands/)' "$p" | wc -l)" -eq 42
check probes_launch_measures test "$(tsv_col "$p" measure | grep -c -e 'queued->start' -e 'start->end' -e 'enqueue+finish')" -eq 3
check probes_transfer_measures test "$(tsv_col "$p" measure | grep -c -e pageable -e pinned -e 'device->device')" -eq 10
# Beside malloc's pageable memory, the page-aligned blocking path (issue 19 item 6), both ways.
check probes_transfer_aligned test "$(awk -F'\t' '$1 == "transfers" && $2 ~ /pageable, page-aligned, blocking$/ && $10 == "ok"' "$p" | wc -l)" -eq 2
# And pageable memory staged through pinned memory by the host's threads, verified, saying how.
check probes_transfer_staged test "$(awk -F'\t' '$1 == "transfers" && $2 ~ /pageable, staged by the host.s threads$/ && $10 == "ok" &&
    $11 ~ /threads copy [0-9]+ parts of [0-9]+ KiB/' "$p" | wc -l)" -eq 2
# On a CPU device there is no link: every host<->device row says so (a GPU's rows do not).
nolink=$(awk -F'\t' '$1 == "transfers" && $2 != "device->device" && $11 ~ /no link: a CPU device.s memory is the host.s/' "$p" | wc -l)
if grep -q '"type":[[:space:]]*"CPU"' "$rundir/run.json"; then
    check probes_transfer_no_link test "$nolink" -eq 9
else
    check probes_transfer_no_link test "$nolink" -eq 0
fi
# Every measured row has its mean beside the median (the statistic clpeak's launch latency is).
check probes_mean_column test -z "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "mean") m = i; if (!m) print "no mean"; next }
    $10 == "ok" && !($m >= $8 && $m <= $9)' "$p")"
check probes_medians_positive test -z "$(awk -F'\t' 'NR > 1 && $10 == "ok" && !($5 > 0)' "$p")"
check probes_counts test "$(awk -F'\t' 'NR > 1 && $1 != "levels" { print $4 }' "$p" | sort -u | tr '\n' ' ')" = "200 3 5 "
check probes_transfer_bytes test "$(awk -F'\t' '$1 == "transfers" { print $3 }' "$p" | sort -u)" = 8388608
check probes_latency_footprints test "$(awk -F'\t' '$1 == "latency"' "$p" | wc -l)" -eq 23
check probes_latency_half_steps test "$(awk -F'\t' '$2 == "load latency, 6 KiB" || $2 == "load latency, 1.5 MiB" || $2 == "load latency, 8 MiB"' "$p" | wc -l)" -eq 3
# Beyond the caches a load takes longer than within the first one.
lat() { awk -F'\t' -v m="$1" '$2 == m { print $5 }' "$p"; }
check probes_latency_grows awk -v a="$(lat 'load latency, 4 KiB')" -v b="$(lat 'load latency, 8 MiB')" 'BEGIN { exit !(b > a) }'
check probes_atomics_rows test "$(awk -F'\t' '$1 == "atomics" && $10 == "ok"' "$p" | wc -l)" -eq 2
check probes_local_row test "$(awk -F'\t' '$1 == "local" && $10 == "ok" && $5 > 0' "$p" | wc -l)" -eq 1
check probes_local_latency_row test "$(awk -F'\t' '$1 == "local_latency" && $10 == "ok" && $5 > 0 && $6 == "ns"' "$p" | wc -l)" -eq 1
# The reads: half the cache (a whole number of passes of the grid: at most 512 KiB) and past 4x it.
check probes_cachebw_rows test "$(awk -F'\t' '$1 == "cachebw" && $10 == "ok" && $6 == "GB/s" && $5 > 0' "$p" | wc -l)" -eq 2
check probes_cachebw_cache_fits awk -F'\t' '$2 == "read, last-level cache" { ok = $3 > 0 && $3 <= 524288 } END { exit !ok }' "$p"
check probes_cachebw_memory_past awk -F'\t' '$2 == "read, memory" { ok = $3 > 4194304 && $3 <= 8388608 } END { exit !ok }' "$p"
# Each level: "level N, latency" over at least 3 footprints, its median within its range, ending on
# a footprint of the curve; a bandwidth row only on a level that has a latency row. Whether a
# curve has a plateau depends on the host's load (a busy 16-core host's chase found none): where
# it has none, one skipped row says so, and that is an answer too.
check probes_levels_named test -z "$(awk -F'\t' '$1 == "levels" && ($10 == "ok" && $2 !~ /^level [0-9]+, (latency|bandwidth)$/ ||
    $10 != "ok" && !($2 == "levels" && $10 == "skipped" && $11 ~ /^no run of 3 footprints whose latencies lie within/))' "$p")"
check probes_levels_shape test -z "$(awk -F'\t' '$1 == "levels" && $10 == "ok" && $6 == "ns" && !($4 >= 3 && $7 + 0 >= 0 && $8 <= $5 && $5 <= $9)' "$p")"
fps=$(awk -F'\t' '$1 == "latency" { print $3 }' "$p" | tr '\n' ' ')
check probes_levels_end_on_footprints test -z "$(awk -F'\t' -v f=" $fps" '$1 == "levels" && $10 == "ok" && $6 == "ns" && index(f, " " $3 " ") == 0' "$p")"
check probes_levels_bandwidth_owned test -z "$(awk -F'\t' '$1 == "levels" { split($2, w, ","); if ($6 == "ns") l[w[1]] = 1; else if (!(w[1] in l)) print }' "$p")"
check probes_kernel_rows_too test "$(tsv_count "$rundir/results.tsv" status ok)" -eq 2
check probes_run_json_cache grep -q '"cache_source":[[:space:]]*"CLX_PEAK_CACHE_BYTES environment variable"' "$rundir/run.json"
# The report shows them as a table, the levels as theirs, and the latency curve as a picture.
$CLX report "$rundir" --quiet > "$TMP/probes_report.log" 2>&1
check probes_in_report grep -q '^| launch | queued->start | ' "$rundir/report.md"
# The report's probes table carries each row's note (IMPOSSIBLE, how it was timed).
check probes_report_notes grep -q '^| transfers | host->device pageable, staged by the host.s threads | .* | [0-9]* | ok | .*threads copy [0-9]* parts' "$rundir/report.md"
# Counted in the probes section alone: the speed-of-light ceilings table has a `local` row too.
check probes_report_rows test "$(awk '/^## / { on = ($0 == "## Probes") } on' "$rundir/report.md" | grep -c '^| \(launch\|transfers\|latency\|cachebw\|local\|local_latency\|atomics\|levels\) |')" -eq $((42 + nlev))
check probes_report_hierarchy grep -q '^## Memory hierarchy' "$rundir/report.md"
check probes_report_levels test "$(grep -c '^| [0-9]* | [0-9.e+-]* ns | ' "$rundir/report.md")" -eq "$(awk -F'\t' '$1 == "levels" && $6 == "ns" && $10 == "ok"' "$p" | wc -l)"
check probes_latency_data test "$(grep -vc '^#\|^$' "$rundir/plots/latency.tsv")" -ge 23
if command -v gnuplot > /dev/null; then
    check probes_latency_png test -s "$rundir/plots/latency.png"
    check probes_latency_in_report grep -q '](plots/latency.png)' "$rundir/report.md"
fi
# Quick mode makes them small: a 64th of the bytes. A host link of 1 MB/s (CLX_PEAK_LINK_GBS; PoCL
# has none) is every host transfer's figure, twice it both ways at once, and each is above it.
CLX_PEAK_LINK_GBS=0.001 run_clx "$TMP/probes_quick" run tests/e2e/fixtures/probes.spec --quick
check probes_quick_transfer_bytes test "$(awk -F'\t' '$1 == "transfers" { print $3 }' "$rundir/probes.tsv" | sort -u)" = 131072
check probes_link_peak test "$(awk -F'\t' '$1 == "transfers" && $2 != "device->device" { print ($2 ~ /^both ways/ ? 2 : 1) * 0.001 == $12 }' "$rundir/probes.tsv" | sort -u)" = 1
check probes_link_above_said test "$(awk -F'\t' '$1 == "transfers" && $10 == "ok" && $11 ~ /IMPOSSIBLE: above the host link/' "$rundir/probes.tsv" | wc -l)" -eq 9
check probes_link_in_run_json grep -q '"link_source":.*CLX_PEAK_LINK_GBS' "$rundir/run.json"
# Quick mode keeps the chase to its bytes (4 KiB to 128 KiB), and reads no footprint the cache holds
# as if it were memory: that row is skipped, saying so.
check probes_quick_chase test "$(awk -F'\t' '$1 == "latency"' "$rundir/probes.tsv" | wc -l)" -eq 11
# (Under load the timer check may find the events untrustworthy: the launch's event rows are then
# skipped, saying so, as in any run.)
check probes_quick_all_ok test "$(awk -F'\t' 'NR > 1 && $1 != "levels" && !($2 == "read, memory" && $10 == "skipped") &&
    !($10 == "skipped" && $11 ~ /profiling events do not time commands/) && $10 != "ok"' "$rundir/probes.tsv" | wc -l)" -eq 0
check probes_quick_memory_read_said test "$(awk -F'\t' '$2 == "read, memory" && $10 == "skipped" && $11 ~ /^--quick reads/' "$rundir/probes.tsv" | wc -l)" -eq 1
# Mistakes in the setting name their line.
sed 's/"launch", "transfers"/"launch", "warp"/' tests/e2e/fixtures/probes.spec > "$TMP/badprobe.spec"
cp tests/e2e/fixtures/broken.cl.m4 "$TMP/"
$CLX run "$TMP/badprobe.spec" --out "$TMP/bp" > "$TMP/badprobe.log" 2>&1; rc=$?
check probes_unknown_refused test "$rc" -eq 4
check probes_unknown_named grep -q "badprobe.spec:20: probes: unknown probe 'warp'" "$TMP/badprobe.log"
sed 's/bytes = "8Mi"/bytes = "lots"/' tests/e2e/fixtures/probes.spec > "$TMP/badbytes.spec"
$CLX run "$TMP/badbytes.spec" --out "$TMP/bb" > "$TMP/badbytes.log" 2>&1
check probes_bad_bytes_named grep -q "badbytes.spec:20: probes: bytes 'lots' must be a size" "$TMP/badbytes.log"
finish
