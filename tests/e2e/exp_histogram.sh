# exp_histogram.sh — quick run of histogram (seed 002): naive, coalesced, grid-stride and
# privatised atomics histograms, 32 and 4096 bins, both builds, exact against the host histogram.
. tests/e2e/lib.sh
run_clx "$TMP/histogram" run histogram --quick
t=$rundir/results.tsv
# 4 kernels x 2 BINS x 2 builds x 2 local; kernels.tsv: 8 rows + header. ok means every bin is
# exact: also that hist was zeroed before each of the launches.
check_run histogram 32 32 4 8
check histogram_naive_rel_1 test "$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    $c["variant"] == "naive" && $c["rel_time"] == 1 && $c["speedup"] == 1 { n++ } END { print n + 0 }' "$t")" -eq 8
# speedup must be naive's time over this row's at the same build, BINS and local (not another
# BINS): recompute it from median_ms, to 0.1%.
check histogram_speedup_same_bins test "$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    { k = $c["build"] SUBSEP $c["BINS"] SUBSEP $c["local"]; med[NR] = $c["median_ms"]; key[NR] = k
      sp[NR] = $c["speedup"]; if ($c["variant"] == "naive") base[k] = $c["median_ms"] }
    END { for (r in key) { want = base[key[r]] / med[r]; d = sp[r] - want; if (d < 0) d = -d
                           if (d > 1e-3 * want + 1e-4) bad++ } print bad + 0 }' "$t")" -eq 0
# Only the privatised kernel gets the 4 * BINS bytes of local memory; the others 4 bytes.
check histogram_local_bytes test "$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    { want = $c["variant"] == "private" ? 4 * $c["BINS"] : 4; if ($c["local_bytes"] < want || $c["local_bytes"] > want + 64) bad++ }
    END { print bad + 0 }' "$t")" -eq 0
# The access-pattern finding (2) compares naive and coalesced at each bin count and work-group
# size: its best-of-both set naive at 4096 bins against coalesced at 32, other work ("the two did
# different work"), and each kernel's best naive at one work-group size against coalesced at another.
run_clx "$TMP/histogram_pattern" run histogram --set N=1M --set variant=naive,coalesced --local 64,128,256 --build ''
"$CLX" report "$rundir" > "$TMP/histogram_pattern.report.log" 2>&1
f2=$(grep -F '| 2 | Coalesced (strided) reads are faster than naive: the access pattern alone' "$rundir/report.md")
check histogram_pattern_same_work sh -c "echo \"\$1\" | grep -q 'BINS=32, local=64\] = .*BINS=4096, local=128\] = ' && ! echo \"\$1\" | grep -q 'different work'" _ "$f2"
# The 3.4x finding (1) sets the two kernels in one launch, the seed's work-groups of 256: each one's
# best set coalesced at a larger work-group size, more busy work-items, against naive's (H200:
# coalesced's best at 1024, 1024 work-items reading against naive's 123).
f1=$(grep -F '| 1 | Coalesced (strided) reads are 3.4x faster than naive' "$rundir/report.md")
check histogram_coalesced_one_launch sh -c "echo \"\$1\" | grep -q '| median_ms\[variant=naive\] = [0-9.]* against median_ms\[variant=coalesced\] = [0-9.]*: ratio'" _ "$f1"
finish
