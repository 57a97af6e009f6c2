#!/bin/sh
# sol_floor.sh — the launch floor is a ceiling as the others are, said where they are: taylor at 256
# elements on PoCL had its rows `bound=launch` at 28-30% of sol, while the console's speed-of-light
# line and report.md's table of ceilings named every ceiling but the floor (run.json alone had its
# 0.2155 us). Both now give its figure, the one run.json has; where it was not measured (a loaded
# host), the line says it is unknown and the table has no row for it, as for any unknown ceiling.
# Words and figures copied from run.json only: the floor is whatever the device takes.
. tests/e2e/lib.sh
T=$TMP/sol_floor
rm -rf "$T"; mkdir -p "$T"

run_clx_loud "$T/run" run taylor --quick --device pocl --set N=256 --set variant=base --set TERMS=1 --build= --local 64 $FEW --report
check premise test "$rc" -eq 0 -a "$(tsv_count "$rundir/results.tsv" status ok)" -ge 1
floor=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["sol"]["launch_floor_us"])' "$rundir/run.json")
said=$(python3 -c 'import sys; f = float(sys.argv[1]); print("%.4g" % f if f > 0 else "")' "$floor")
if [ -n "$said" ]; then
    check console_floor grep -q "^clx: speed of light: .*; launch floor $said us (measured at this run's set-up)" "$T/run.log"
    # The sentence over the table says where measured ceilings come from: the floor from this run.
    check md_floor_intro grep -qF "(the launch floor from this run's set-up), and one that verified rows" "$rundir/report.md"
    check md_floor grep -qF "| launch | $said us | measured | measured: an empty kernel's least time, launched back to back behind the blocking kernel at this run's set-up (run.json \`sol.launch_floor_us\`) |" "$rundir/report.md"
else
    echo "launch floor not measured here: the unknown case checked"
    check console_floor grep -q "^clx: speed of light: .*; launch floor unknown (run.json blocker.launch_floor_why)" "$T/run.log"
    check md_floor test -z "$(grep '^| launch |' "$rundir/report.md")"
fi
finish
