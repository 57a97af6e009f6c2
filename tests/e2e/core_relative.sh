# core_relative.sh — rel_time and speedup against the spec's relative variant, matched on build,
# launch point and the params-axis values (a regression: every row used to compare with the first).
. tests/e2e/lib.sh
run_clx "$TMP/relparams" run tests/e2e/fixtures/relparams.spec
t=$rundir/results.tsv
check relparams_exit test "$rc" -eq 0
check relparams_rows test "$(tsv_count "$t" status ok)" -eq 8
check relparams_naive_is_1 test "$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    $c["variant"] ~ /^naive/ { n++; if ($c["rel_time"] != "1") bad++ } END { print n + 0, bad + 0 }' "$t")" = "4 0"
# Recompute float4's rel_time from the medians of the naive row with the same EXTRA and N.
bad=$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
  { key = $(c["EXTRA"]) "/" $(c["N"]); if ($(c["variant"]) ~ /^naive/) base[key] = $(c["median_ms"]); else row[key] = $(c["median_ms"]) " " $(c["rel_time"]) }
  END { for (k in row) { split(row[k], v, " "); want = v[1] / base[k]; if ((v[2] - want) / want > 0.01 || (want - v[2]) / want > 0.01) n++ } print n + 0 }' "$t")
check relparams_matched_params test "$bad" -eq 0
check relparams_speedup test "$(tsv_col "$t" speedup | grep -c '^[0-9]')" -eq 8
finish
