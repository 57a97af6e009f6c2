#!/bin/sh
# exp_occupancy_static.sh — end-to-end test of the occupancy_static experiment: its quick sweep
# runs, verifies and writes everything; the local array survives compilation; a bad array size
# fails in the template with its file and line.
. tests/e2e/lib.sh

out=$TMP/occupancy_static
run_clx "$out" run occupancy_static --quick
tsv=$rundir/results.tsv

# quick: LMEM_KIB 0,8 x ILP 1,4 x 2 builds x GPC 0,2 x local 32,64
check_run occupancy_static 32 32 4
nlog=$(ls "$rundir"/logs/*.log 2>/dev/null | wc -l)
check "occupancy_static: 8 build logs in logs/ (got $nlog)" [ "$nlog" -eq 8 ]

# The array was not optimised away: the built kernel reports at least LMEM_KIB KiB of local
# memory (CL_KERNEL_LOCAL_MEM_SIZE, column local_bytes) in every row with an array.
small=$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
                    $c["LMEM_KIB"] > 0 && $c["local_bytes"] < $c["LMEM_KIB"] * 1024 { n++ }
                    END { print n + 0 }' "$tsv")
withlm=$(tsv_col "$tsv" LMEM_KIB | awk '$1 > 0 { n++ } END { print n + 0 }')
good=0; [ "$withlm" -eq 16 ] && [ "$small" -eq 0 ] && good=1
check_known_compiler "$(dirname "$tsv")" "occupancy_static: local_bytes >= LMEM_KIB KiB in all $withlm rows with an array ($small below)" [ "$good" -eq 1 ]

# GPC=0 is a grid of one work-group; GPC=2 is two per compute unit.
cu=$(sed -n 's/.*"compute_units":[[:space:]]*\([0-9]*\).*/\1/p' "$rundir/run.json" | head -n 1)
badgrid=$(awk -F'\t' -v cu="${cu:-0}" '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
                    { want = $c["GPC"] == 0 ? $c["local"] : $c["GPC"] * cu * $c["local"] }
                    $c["global"] != want { n++ } END { print n + 0 }' "$tsv")
good=0; [ -n "$cu" ] && [ "$badgrid" -eq 0 ] && good=1
check "occupancy_static: global = local for GPC=0, GPC x CU x local otherwise ($badgrid wrong, CU=${cu:-?})" [ "$good" -eq 1 ]

# A size out of the template's range is refused by m4_assert_range, naming the template line.
bad=$TMP/occupancy_static-bad
run_clx "$bad" run occupancy_static --quick --set LMEM_KIB=300 --set ILP=1
bf=$(tsv_count "$rundir/results.tsv" status build-failed 2>/dev/null)
check "occupancy_static: LMEM_KIB=300 gives build-failed rows (got ${bf:-none})" [ "${bf:-0}" -eq 2 ]
check "occupancy_static: LMEM_KIB=300 error names the template line" \
    grep -q 'templates/occupancy_static.cl.m4:[0-9][0-9]*: parameter LMEM_KIB=300 is out of range' "$bad.log"

finish
