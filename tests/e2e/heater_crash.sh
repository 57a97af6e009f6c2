#!/bin/sh
# heater_crash.sh — a worker that dies in the heater (the warm-up kernel clx runs before timing,
# --preheat) is said to have died there, not in the last build: no variant's rows become 'crashed'
# for it (before, the crash was pinned on the last build's line, and that variant and build were
# left out of the sweep), run.json says interrupted by that death in the heater, exit 4, and a
# --resume measures the whole sweep. CLX_CRASH_IN_HEATER aborts the worker after the heater's first
# launch, as a driver that crashes on its kernel does. The way past one that always does is said: the
# same run anew with --preheat 0 (a resume runs the heater again).
. tests/e2e/lib.sh
T=$TMP/heater_crash
rm -rf "$T"; mkdir -p "$T"

CLX_CRASH_IN_HEATER=1 run_clx "$T/run" run vecsum --quick --set variant=naive,gridstride --preheat 0.3
check heater_exit_4 test "$rc" -eq 4
check heater_said grep -q "^clx: the worker process died of signal 6 (Aborted) in the heater (the warm-up kernel clx runs before timing: --preheat, --energy), after the builds and before the sweep's first configuration: no variant takes the blame" "$T/run.log"
check heater_no_build_blamed sh -c "! grep -q 'while building it' '$T/run.log'"
check heater_no_crashed_rows test "$(tsv_count "$rundir/results.tsv" status crashed)" -eq 0
check heater_run_json grep -q '^	"interrupted_by":[[:space:]]*"the death of the worker process in the heater (.*) by signal 6 (Aborted)"' "$rundir/run.json"
# The rows the folder holds counted, as a stop's end counts them (none: the heater runs before the first).
n=$(tsv_rows "$rundir/results.tsv")
check heater_resume_said grep -q "^clx: $n rows\? in $rundir/results.tsv; to continue: $CLX run --resume $rundir\$" "$T/run.log"
# The way past a driver that crashes there every time: --resume runs the heater again and does not
# take --preheat, so the same run anew with --preheat 0 (its own --preheat left out) is said.
check heater_way_out grep -q -F "clx: a resume runs the heater again, where the same driver may end the worker again (--resume does not take --preheat): $CLX run vecsum --quick --set variant=naive,gridstride --out $T/run --quiet --preheat 0 starts the run anew without the heater" "$T/run.log"
"$CLX" run --resume "$rundir" --quiet > "$T/resume.log" 2>&1; rc=$?
check heater_resume_whole test "$rc" -eq 0 -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 8
finish
