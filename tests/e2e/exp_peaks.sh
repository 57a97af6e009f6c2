# exp_peaks.sh — quick run of peaks: the copy row has GB/s and no GFLOP/s, the fma row the reverse,
# and the theoretical peaks are stated and recorded.
. tests/e2e/lib.sh
run_clx "$TMP/peaks" run peaks --quick
t=$rundir/results.tsv
check peaks_exit test "$rc" -eq 0
check peaks_ok test "$(tsv_count "$t" status ok)" -eq 2
check peaks_copy_gbs_only test -n "$(awk -F'\t' '$2=="copy"' "$t" | head -n 1)" -a \
    "$(tsv_col "$t" gflops | grep -c '^[0-9]')" -eq 1 -a "$(tsv_col "$t" gbs | grep -c '^[0-9]')" -eq 2
check peaks_theoretical_stated grep -q 'theoretical peaks: FP32' "$TMP/peaks.log"
check_report peaks
check peaks_run_json_peak grep -q '"fp32_source"' "$rundir/run.json"
check peaks_no_impossible test -z "$(tsv_col "$t" flag | grep IMPOSSIBLE)"
finish
