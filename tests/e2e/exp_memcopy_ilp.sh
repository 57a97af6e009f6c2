#!/bin/sh
# exp_memcopy_ilp.sh — end-to-end run of the memcopy_ilp experiment (templates/memcopy_ilp.*) in
# its quick configuration: every copy verified in full, nothing above peak, ILP loads in flight.
. tests/e2e/lib.sh

run_clx "$TMP/memcopy_ilp" run memcopy_ilp --quick
tsv=$rundir/results.tsv

# VEC 1, 2, 4 x ILP 1, 8 x 2 builds x local 32, 128.
check_run memcopy_ilp 24 24 6

# GB/s must count one read and one write of N = 131071 floats: 8 * N bytes per launch.
bytes_ok=$(awk -F'\t' '/^#/ { next }
    !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    { b = $c["gbs"] * $c["median_ms"] * 1e6; if (b < 0.99 * 8 * 131071 || b > 1.01 * 8 * 131071) bad++ }
    END { print bad ? "bad" : "ok" }' "$tsv" 2>/dev/null)
check "memcopy_ilp: GB/s counts 8 * N bytes" [ "$bytes_ok" = ok ]

# ILP=8 with float4: eight float4 loads, all before the first store of the main loop.
k=$rundir/cl/VEC_4_ILP_8.cl
loads=$(grep -c 'const float4 v[0-7] = src\[' "$k" 2>/dev/null)
last_load=$(grep -n '= src\[i + 7 \* stride\]' "$k" 2>/dev/null | cut -d: -f1)
first_store=$(grep -n 'dst\[i + 0 \* stride\] =' "$k" 2>/dev/null | cut -d: -f1)
check "memcopy_ilp: VEC=4 ILP=8 issues 8 float4 loads before its first store" \
    [ "$loads" = 8 -a -n "$last_load" -a -n "$first_store" -a "${last_load:-0}" -lt "${first_store:-0}" ]

finish
