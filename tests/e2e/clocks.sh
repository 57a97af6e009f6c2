# clocks.sh — on a device without a clock source (PoCL) the clock, temperature and power columns
# exist and stay empty, nothing is flagged throttled, and run.json says why.
. tests/e2e/lib.sh
mkdir -p "$TMP"
run_clx "$TMP/clocks" run vecsum --quick --set variant=naive --build ''
t=$rundir/results.tsv
check clocks_run_ok test "$rc" -eq 0
for c in sm_mhz_start sm_mhz_end mem_mhz temp_c power_w pct_fp32_at_clock pct_fp64_at_clock; do
    check "clocks_column_$c" test -n "$(head -1 "$t" | tr '\t' '\n' | grep -x "$c")"
    check "clocks_empty_$c" test -z "$(tsv_col "$t" "$c" | tr -d '\n')"
done
check clocks_not_throttled test -z "$(grep throttled "$t")"
check clocks_source_null grep -q '"clock_source":[[:space:]]*null' "$rundir/run.json"
check clocks_source_why grep -q '"clock_source_why":[[:space:]]*"no clock source for this device' "$rundir/run.json"
finish
