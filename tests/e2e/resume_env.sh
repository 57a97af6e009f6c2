#!/bin/sh
# resume_env.sh — a run that the environment gave its device (CLX_DEVICE) or its experiment (CLX_PATH)
# goes on, stopped, with the command its stop prints, typed in a shell without them or with others: a
# resume runs on its run's device (run.json "device_selector") and reads its run's spec (run.json
# "spec_file") where the name finds none here, as one started with --device or a spec's path does; a
# --device given with --resume that names another device is still refused.
. tests/e2e/lib.sh
T=$TMP/resume_env
rm -rf "$T"; mkdir -p "$T"
# Two devices, so that the default (0:0) is not the one CLX_DEVICE names (0:1). By place, not by
# name: PoCL 5 calls its pthread device cpu and its basic one cpu-minimal, and lists them otherwise.
POCL_DEVICES="pthread basic"; export POCL_DEVICES
unset CLX_DEVICE
ARGS="vecsum --quick --set variant=naive --rounds 2 --trials 2 --warmups 1 --round-gap 0"
CLX_DEVICE=0:1 CLX_STOP_AFTER_ROUNDS=1 $CLX run $ARGS --out "$T/a" > "$T/stop.log" 2>&1; rc=$?
d=$(ls -d "$T"/a/vecsum-* 2>/dev/null | head -n 1)
check resume_env_stopped test "$rc" -eq 130 -a -n "$d"
# The command the stop printed, run as printed (CLX_DEVICE unset).
cmd=$(sed -n 's/^clx: to continue: //p' "$T/stop.log" | tail -n 1)
check resume_env_says_how test -n "$cmd"
# Explicitly another device: refused, nothing measured.
$CLX run --resume "$d" --device 0:0 > "$T/other.log" 2>&1; rc=$?
check resume_env_other_refused sh -c "test $rc -eq 4 && grep -q 'differs from the interrupted one in the device' '$T/other.log'"
# Another CLX_DEVICE: the run's own device, as where the run was started with --device.
CLX_DEVICE=0:0 CLX_STOP_AFTER_ROUNDS=1 $CLX run --resume "$d" > "$T/env.log" 2>&1; rc=$?
check resume_env_env_ignored sh -c "test $rc -eq 130 && ! grep -q 'differs from the interrupted one' '$T/env.log'"
eval "$cmd" > "$T/resume.log" 2>&1; rc=$?
check resume_env_resumes test "$rc" -eq 0
check resume_env_finished grep -q '"finished"' "$d/run.json"
check resume_env_same_device grep -q '"device_selector":[[:space:]]*"0:1"' "$d/run.json"
check resume_env_args_kept sh -c "! grep -q '\"args\":.*--device' '$d/run.json'"
# Started on the default device (no CLX_DEVICE): resumed on it where this shell's CLX_DEVICE names another.
CLX_STOP_AFTER_ROUNDS=1 $CLX run $ARGS --out "$T/b" > "$T/bstop.log" 2>&1
b=$(ls -d "$T"/b/vecsum-* 2>/dev/null | head -n 1)
CLX_DEVICE=0:1 $CLX run --resume "$b" > "$T/bresume.log" 2>&1; rc=$?
check resume_env_default_kept sh -c "test $rc -eq 0 && grep -q '\"finished\"' '$b/run.json'"
# An experiment CLX_PATH found: resumed in a shell without CLX_PATH, from the spec the run read; run.json
# keeps the name it was started with.
mkdir -p "$T/specs"; cp tests/e2e/fixtures/steps.spec tests/e2e/fixtures/steps.cl.m4 "$T/specs/"
CLX_PATH=$PWD/$T/specs CLX_STOP_AFTER_ROUNDS=1 $CLX run steps --rounds 3 --round-gap 0 --out "$T/p" > "$T/pstop.log" 2>&1; rc=$?
p=$(ls -d "$T"/p/steps-* 2>/dev/null | head -n 1)
check resume_env_path_stopped test "$rc" -eq 130 -a -n "$p"
cmd=$(sed -n 's/^clx: to continue: //p' "$T/pstop.log" | tail -n 1)
eval "$cmd" > "$T/presume.log" 2>&1; rc=$?
check resume_env_path_resumes sh -c "test $rc -eq 0 && grep -q '\"finished\"' '$p/run.json'"
check resume_env_path_args_kept grep -q '"args":[[:space:]]*\["steps",' "$p/run.json"
[ "$failures" -eq 0 ]
