#!/bin/sh
# drvdefect.sh — a driver's known defect is said on the rows it spoils, with the way to tell, and
# that way works through clx. sgemm's small tiles with VWM=2 and a __local tile of B are correct
# (Oclgrind, Intel's CPU runtime, rusticl, PoCL 5 and NVIDIA compute them right), but PoCL 3.1 on
# LLVM 15 miscompiles them with its default work-group vectorizer (docs/experiments/sgemm.md):
# NDIMC=8 crashes the worker, NDIMC=16 gives wrong answers. Their rows stay crashed and FAIL, and
# name the defect; under POCL_WORK_GROUP_METHOD=loops both are ok, compiled afresh though the
# build cache holds the first run's programs (it keys on the variable), and run.json says it.
. tests/e2e/lib.sh
T=$TMP/drvdefect
rm -rf "$T"; mkdir -p "$T"
XDG_CACHE_HOME=$PWD/$T/cache; export XDG_CACHE_HOME
unset POCL_WORK_GROUP_METHOD
set -- run sgemm --set MNK=32 --set MWG=16 --set NWG=16 --set KWG=16 --set MDIMC=8 --set NDIMC=8,16 --set VWM=2 \
    --set VWN=1 --set SA=0 --set SB=1 --set KWI=2 --set PAD=0 --trials 1 --rounds 1 --warmups 0
WORDS="PoCL 3.1 on LLVM 15 miscompiles some correct kernels that move vectors through private arrays"
# named ROW_STATUS...: rows whose status is one of those and whose note names the defect.
named() { awk -F'\t' -v w="$WORDS" -v st=" $* " '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    index(st, " " $c["status"] " ") && index($c["note"], w) { n++ } END { print n + 0 }' "$rundir/results.tsv"; }

run_clx "$T/default" "$@"
if ! grep -q '"platform":[[:space:]]*"Portable Computing Language"' "$rundir/run.json" 2>/dev/null; then
    skip drvdefect "not on PoCL: the defect and the variable are PoCL's"
    finish
fi
# The driver the defect's row names (src/device/drvdefect.c): PoCL 3.1 built with LLVM 15.
if grep -q '"platform_version":.*PoCL 3\.1[^0-9].*LLVM 15\.' "$rundir/run.json"; then
    # Which rows it spoils, and how (wrong answers or a crash), is the vectorizer's and the host's
    # vector width's (on this project's AVX-512 machines NDIMC=8 crashed and 16 FAILed): every row it
    # spoils names it, none that passed does.
    spoiled=$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
        $c["status"] == "FAIL" || $c["status"] == "crashed" { n++ } END { print n + 0 }' "$rundir/results.tsv")
    check drvdefect_spoiled_named test "$(named FAIL crashed)" -eq "$spoiled"
    check drvdefect_passed_unnamed test "$(named ok)" -eq 0
else
    check drvdefect_other_pocl_unnamed test "$(named ok FAIL crashed)" -eq 0
fi

POCL_WORK_GROUP_METHOD=loops; export POCL_WORK_GROUP_METHOD
run_clx "$T/loops" "$@"
unset POCL_WORK_GROUP_METHOD
check drvdefect_loops_exit test "$rc" -eq 0
check drvdefect_loops_ok test "$(tsv_count "$rundir/results.tsv" status ok)" -eq 2
check drvdefect_loops_unnamed test "$(named ok FAIL crashed)" -eq 0
# Compiled afresh: the first run's entries are of another build.
check drvdefect_loops_compiled test "$(tsv_count "$rundir/kernels.tsv" cached 0)" -eq 2
check drvdefect_loops_said grep -q '"driver_env":[[:space:]]*"POCL_WORK_GROUP_METHOD=loops"' "$rundir/run.json"
finish
