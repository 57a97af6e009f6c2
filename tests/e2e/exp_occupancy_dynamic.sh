#!/bin/sh
# exp_occupancy_dynamic.sh — end-to-end test of the occupancy_dynamic experiment: its quick sweep
# runs and verifies; a __local argument larger than the device's local memory gives skipped rows
# that say so; the local argument's size shows in local_bytes.
. tests/e2e/lib.sh

out=$TMP/occupancy_dynamic
run_clx "$out" run occupancy_dynamic --quick
tsv=$rundir/results.tsv

# quick: ILP 1,4 x 2 builds x LKIB 0,8,4096 x GPC 0,2 x local 32,64
check_run occupancy_dynamic 48 32 2
sk=$(tsv_count "$tsv" status skipped 2>/dev/null)
check "occupancy_dynamic: 16 rows skipped (got ${sk:-none})" [ "${sk:-0}" -eq 16 ]
nlog=$(ls "$rundir"/logs/*.log 2>/dev/null | wc -l)
check "occupancy_dynamic: 4 build logs in logs/ (got $nlog)" [ "$nlog" -eq 4 ]

# Exactly the 4 MiB rows are skipped (above the 2 MiB of PoCL and any GPU's local memory), and
# their note names local memory; the 0 and 8 KiB rows all ran.
stray=$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
                    ($c["status"] == "skipped") != ($c["LKIB"] == 4096) { n++ }
                    $c["status"] == "skipped" && $c["note"] !~ /bytes of local memory; the device has/ { n++ }
                    END { print n + 0 }' "$tsv")
check "occupancy_dynamic: skipped rows are the LKIB=4096 ones, each naming local memory ($stray wrong)" [ "$stray" -eq 0 ]

# The __local argument counts in local_bytes: at least LBYTES in every row.
small=$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
                    $c["local_bytes"] == "" || $c["local_bytes"] < $c["LBYTES"] { n++ } END { print n + 0 }' "$tsv")
check "occupancy_dynamic: local_bytes >= LBYTES in every row ($small below)" [ "$small" -eq 0 ]

# WG_FIT, the work-groups whose local memory fits in LOCAL_MEM: floor(LOCAL_MEM / local_bytes),
# and 0 (no limit) where the kernel uses none.
lm=$(sed -n 's/.*"local_mem_bytes":[[:space:]]*\([0-9]*\).*/\1/p' "$rundir/run.json" | head -n 1)
badfit=$(awk -F'\t' -v lm="${lm:-0}" '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
                    { b = $c["local_bytes"]; want = b > 0 ? int(lm / b) : 0 }
                    $c["WG_FIT"] != want { n++ } END { print n + 0 }' "$tsv")
good=0; [ -n "$lm" ] && [ "$badfit" -eq 0 ] && good=1
check "occupancy_dynamic: WG_FIT = floor(LOCAL_MEM / local_bytes) ($badfit wrong, LOCAL_MEM=${lm:-?})" [ "$good" -eq 1 ]

finish
