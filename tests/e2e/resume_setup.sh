#!/bin/sh
# resume_setup.sh — a run stopped under one setup of the device is not resumed under another (PoCL's
# POCL_WORK_GROUP_METHOD set, then not; fewer host CPUs by taskset): the refusal names the setting,
# both values and the ways on (the command with the variable as it was, or a new run), writes nothing,
# and the resume with the variable set back goes on; two shards of one sweep run under different
# driver's variables are not merged, shards of one setup are.
. tests/e2e/lib.sh
T=$TMP/resume_setup
rm -rf "$T"; mkdir -p "$T"
# shard K/N OUT: vecsum's naive variant, part K of N, into OUT.
shard() { $CLX run vecsum --quick --set variant=naive --build '' --device pocl --shard "$1" --out "$2" --quiet; }

# Stopped after its first round (deterministic): one of its 2 rows, under the loops work-group method.
env POCL_WORK_GROUP_METHOD=loops CLX_STOP_AFTER_ROUNDS=1 $CLX run vecsum --quick --set variant=naive --build '' \
    --device pocl --out "$T/a" > "$T/stop.log" 2>&1; rc=$?
d=$(ls -d "$T"/a/vecsum-* | head -n 1)
check setup_stopped sh -c "test $rc -eq 130 && grep -q '\"driver_env\":[[:space:]]*\"POCL_WORK_GROUP_METHOD=loops\"' '$d/run.json'"
kept=$(tsv_rows "$d/results.tsv")

# Resumed without it: refused (exit 4), the setting and both values named, and how to go on.
env -u POCL_WORK_GROUP_METHOD $CLX run --resume "$d" > "$T/unset.log" 2>&1; rc=$?
check setup_resume_refused test "$rc" -eq 4
check setup_resume_names_it grep -qF "cannot resume $d: this run differs from the interrupted one in the device's setup: the driver's variables (run.json \"device.driver_env\": 'POCL_WORK_GROUP_METHOD=loops' there, none here)" "$T/unset.log"
check setup_resume_way_on grep -qF "; to go on with this run, set the driver's variables as they were: POCL_WORK_GROUP_METHOD=loops $CLX run --resume $d; to time this setup, start a new run: $CLX run vecsum --quick --set variant=naive --build '' --device pocl --out $T/a" "$T/unset.log"
check setup_resume_keeps_rows test "$(tsv_rows "$d/results.tsv")" -eq "$kept"
# Under another value of it: both values.
env POCL_WORK_GROUP_METHOD=cbs $CLX run --resume "$d" > "$T/cbs.log" 2>&1; rc=$?
check setup_resume_other_value sh -c "test $rc -eq 4 && grep -qF \"'POCL_WORK_GROUP_METHOD=loops' there, 'POCL_WORK_GROUP_METHOD=cbs' here\" '$T/cbs.log'"

# Fewer host CPUs (taskset): the CPUs it may use named, before the threads they give.
if command -v taskset > /dev/null 2>&1 && [ "$(nproc)" -ge 2 ]; then
    env POCL_WORK_GROUP_METHOD=loops taskset -c 0 $CLX run --resume "$d" > "$T/taskset.log" 2>&1; rc=$?
    check setup_resume_cpus sh -c "test $rc -eq 4 && grep -qF 'in the device'\"'\"'s setup: the host logical CPUs it may use (run.json \"device.cpu_logical_cpus\": ' '$T/taskset.log' && grep -qF ' there, 1 here)' '$T/taskset.log'"
    # The way on gives the CPUs back (the resume as it is was what was refused): taskset -c 0-(N-1).
    n=$(sed -n 's/.*"cpu_logical_cpus":[[:space:]]*\([0-9]*\).*/\1/p' "$d/run.json" | head -n 1)
    check setup_resume_cpus_way grep -qF "as when it began, $n (the CPU set taskset -c or a container gives; 0-$((n - 1)) is an example CPU list): taskset -c 0-$((n - 1)) " "$T/taskset.log"
else
    pass "setup_resume_cpus (taskset missing, or one CPU here)"
fi

# The variable set back: it goes on, every row there, run.json's setup as it was.
env POCL_WORK_GROUP_METHOD=loops $CLX run --resume "$d" > "$T/back.log" 2>&1; rc=$?
check setup_resume_set_back sh -c "test $rc -eq 0 && ! grep -q 'cannot resume' '$T/back.log'"
check setup_resume_all_rows test "$(tsv_rows "$d/results.tsv")" -eq 2
check setup_resume_env_kept grep -q '"driver_env":[[:space:]]*"POCL_WORK_GROUP_METHOD=loops"' "$d/run.json"

# Two shards, the second under the loops method: not one sweep's parts (exit 4, nothing written).
(unset POCL_WORK_GROUP_METHOD; shard 1/2 "$T/sh") > "$T/s1.log" 2>&1
(POCL_WORK_GROUP_METHOD=loops; export POCL_WORK_GROUP_METHOD; shard 2/2 "$T/loops") > "$T/s2.log" 2>&1
s1=$(ls -d "$T"/sh/vecsum-shard1of2-* | head -n 1); s2=$(ls -d "$T"/loops/vecsum-shard2of2-* | head -n 1)
$CLX merge "$s1" "$s2" --out "$T/m" > "$T/merge.log" 2>&1; rc=$?
check setup_merge_refused sh -c "test $rc -eq 4 && test ! -e '$T/m/results.tsv'"
check setup_merge_names_it grep -qF "$s2 is not a shard of the same sweep as $s1: it differs in the driver's variables ('POCL_WORK_GROUP_METHOD=loops' there, none in $s1); the parts of one sweep run under one setup of the device: run the part that differs again with the same driver's variables as the others" "$T/merge.log"
# The second part again under the first's setup: merged.
(unset POCL_WORK_GROUP_METHOD; shard 2/2 "$T/sh") > "$T/s2again.log" 2>&1
$CLX merge "$s1" "$(ls -d "$T"/sh/vecsum-shard2of2-* | head -n 1)" --out "$T/m" > "$T/merge2.log" 2>&1; rc=$?
check setup_merge_one_setup test "$rc" -eq 0
check setup_merge_rows test "$(tsv_rows "$T/m/results.tsv")" -eq 2
finish
