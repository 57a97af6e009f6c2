# probes.sh — a spec's probes run after its sweep: launch latency, transfers, load latency by
# pointer chasing, local memory and atomics, each verified, with median and CV in probes.tsv; a
# wrong probes setting is refused at its line.
. tests/e2e/lib.sh
mkdir -p "$TMP"
run_clx "$TMP/probes" run tests/e2e/fixtures/probes.spec
p=$rundir/probes.tsv
check probes_exit_0 test "$rc" -eq 0
# 3 launch, 6 transfer, 12 latency (4 KiB to 8 MiB), 1 local and 2 atomics rows.
check probes_tsv_rows test "$(tsv_rows "$p")" -eq 24
check probes_all_ok test "$(tsv_count "$p" status ok)" -eq 24
check probes_launch_measures test "$(tsv_col "$p" measure | grep -c -e 'queued->start' -e 'start->end' -e 'enqueue+finish')" -eq 3
check probes_transfer_measures test "$(tsv_col "$p" measure | grep -c -e pageable -e pinned -e 'device->device')" -eq 6
check probes_medians_positive test -z "$(tsv_col "$p" median | awk '!($1 > 0)')"
check probes_counts test "$(tsv_col "$p" n | sort -u | tr '\n' ' ')" = "200 3 5 "
check probes_transfer_bytes test "$(awk -F'\t' '$1 == "transfers" { print $3 }' "$p" | sort -u)" = 8388608
check probes_latency_footprints test "$(awk -F'\t' '$1 == "latency"' "$p" | wc -l)" -eq 12
# Beyond the caches a load takes longer than within the first one.
lat() { awk -F'\t' -v m="$1" '$2 == m { print $5 }' "$p"; }
check probes_latency_grows awk -v a="$(lat 'load latency, 4 KiB')" -v b="$(lat 'load latency, 8 MiB')" 'BEGIN { exit !(b > a) }'
check probes_atomics_rows test "$(awk -F'\t' '$1 == "atomics" && $10 == "ok"' "$p" | wc -l)" -eq 2
check probes_local_row test "$(awk -F'\t' '$1 == "local" && $10 == "ok" && $5 > 0' "$p" | wc -l)" -eq 1
check probes_kernel_rows_too test "$(tsv_count "$rundir/results.tsv" status ok)" -eq 2
# The report shows them as a table.
$CLX report "$rundir" --quiet > "$TMP/probes_report.log" 2>&1
check probes_in_report grep -q '^| launch | queued->start | ' "$rundir/report.md"
check probes_report_rows test "$(grep -c '^| \(launch\|transfers\|latency\|local\|atomics\) |' "$rundir/report.md")" -eq 24
# Quick mode makes them small: a 64th of the bytes.
run_clx "$TMP/probes_quick" run tests/e2e/fixtures/probes.spec --quick
check probes_quick_transfer_bytes test "$(awk -F'\t' '$1 == "transfers" { print $3 }' "$rundir/probes.tsv" | sort -u)" = 131072
check probes_quick_all_ok test "$(tsv_count "$rundir/probes.tsv" status ok)" -eq "$(tsv_rows "$rundir/probes.tsv")"
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
