# exp_taylor.sh — quick run of taylor (seed 000): five ways to spread y = e^x (Taylor series) over
# work-items, verified against the host series; rel_time against base at the same point.
. tests/e2e/lib.sh
run_clx "$TMP/taylor" run taylor --quick
t=$rundir/results.tsv
check_run taylor 40 40 5 5          # 5 kernels x 2 N x 2 TERMS x 2 local; kernels.tsv: 5 rows + header
check taylor_base_rel_1 test "$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    $c["variant"] == "base" && $c["rel_time"] == 1 { n++ } END { print n + 0 }' "$t")" -eq 8
# rel_time must be this row's time over base's at the same N, TERMS and local (not another
# TERMS): recompute it from the median_ms column, to 0.1%.
check taylor_rel_same_terms test "$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    { k = $c["N"] SUBSEP $c["TERMS"] SUBSEP $c["local"]; med[NR] = $c["median_ms"]; key[NR] = k
      rel[NR] = $c["rel_time"]; if ($c["variant"] == "base") base[k] = $c["median_ms"] }
    END { for (r in key) { want = med[r] / base[key[r]]; d = rel[r] - want; if (d < 0) d = -d
                           if (d > 1e-3 * want + 1e-4) bad++ } print bad + 0 }' "$t")" -eq 0
# The loop kernels use NGROUPS (1024) work-groups; base one work-item per element, vec per float4.
check taylor_geometry test "$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    { v = $c["variant"]; l = $c["local"]; n = $c["N"]
      if (v ~ /^for_/) want = 1024 * l; else { e = v == "vec" ? int((n + 3) / 4) : n; want = int((e + l - 1) / l) * l }
      if ($c["global"] != want) bad++ } END { print bad + 0 }' "$t")" -eq 0
check taylor_data_bytes test "$(tsv_col "$t" DATA_BYTES | sort -u | tr '\n' ' ')" = "32792 8000024 "
finish
