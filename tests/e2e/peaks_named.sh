#!/bin/sh
# peaks_named.sh — a peaks run named by --peaks is read only where a run of this device may read it
# (docs/sol.md): the search's rule, one for both (sol_peaks_unusable). One of another device or
# driver, or one stopped before it finished, is refused before anything runs, in one line naming it
# and why (exit 4, as a --peaks folder that is no peaks run). Before, `clx run vecsum --peaks` of a
# peaks run of Intel's CPU runtime gave PoCL's device its fp16 ceiling, which that device has not,
# and a peaks run stopped by SIGINT a second in was read as the device's. The run of another device
# is PoCL's own --quick one with its device's name or driver changed (a --quick run named is read).
. tests/e2e/lib.sh
T=$TMP/peaks_named
rm -rf "$T"; mkdir -p "$T"

run_clx "$T/peaks" run peaks --quick $FEW
P=$rundir
check named_peaks_made test "$rc" -eq 0 -a -s "$P/run.json"
name=$(jnum "$P" device name)
driver=$(jnum "$P" device driver_version)

# other KIND SED: a copy of P in $T/KIND with run.json edited by SED, its folder in $made.
other() {
    made=$T/$1/${P##*/}
    mkdir -p "$T/$1" && cp -r "$P" "$made"
    sed -e "$2" "$P/run.json" > "$made/run.json"
}
# named KIND DIR: vecsum --quick --peaks DIR into $T/KIND (nothing may be made there): exit in $rc,
# console in $T/KIND.log.
named() {
    "$CLX" run vecsum --quick $FEW --set variant=naive --build '' --peaks "$2" --out "$T/$1" --quiet > "$T/$1.log" 2>&1
    rc=$?
}
ask="; --peaks names a finished peaks run of this device and driver (left out, the run takes the newest one it finds)"

other device "s/\"name\":[[:space:]]*\"$name\"/\"name\": \"Another CPU\"/"
named device_run "$made"
check named_other_device_refused test "$rc" -eq 4
check named_other_device_said grep -qxF "clx: --peaks $made: $made is a peaks run of Another CPU (driver $driver), not of this run's device, $name (driver $driver)$ask" "$T/device_run.log"
check named_other_device_nothing_run test ! -e "$T/device_run"

other driver "s/\"driver_version\":[[:space:]]*\"$driver\"/\"driver_version\": \"0.0-other\"/"
named driver_run "$made"
check named_other_driver_refused test "$rc" -eq 4
check named_other_driver_said grep -qF "$made is a peaks run of $name (driver 0.0-other), not of this run's device, $name (driver $driver)" "$T/driver_run.log"

# Stopped by a signal after its second round (as ^C stops it; no timing): run.json interrupted.
rm -rf "$T/stopped"
CLX_STOP_AFTER_ROUNDS=2 "$CLX" run peaks --quick --out "$T/stopped" --quiet > "$T/stopped.log" 2>&1; rc=$?
S=$(ls -d "$T"/stopped/peaks-* | head -n 1)
check named_stopped_made test "$rc" -eq 130 -a "$(jnum "$S" interrupted_by)" = SIGINT
named stopped_run "$S"
check named_stopped_refused test "$rc" -eq 4
check named_stopped_said grep -qxF "clx: --peaks $S: $S is a peaks run stopped by SIGINT before it finished (run.json interrupted): it may lack rows and probes$ask" "$T/stopped_run.log"
check named_stopped_nothing_run test ! -e "$T/stopped_run"

# This device's own, finished: read (a --quick one, said to be one).
named own "$P"
check named_own_read test "$rc" -eq 0 -a "$(jnum "$(ls -d "$T"/own/vecsum-* | head -n 1)" sol peaks_run)" = "$P"
# --dry-run refuses as the run does what it can tell without a device (exit 4, the run's line): it
# passed a --peaks folder that is not there, or no finished peaks run, with "the options ... check
# out" (exit 0), and every shard a Slurm array then queued failed on it. The device and driver are
# the run's to check: said so where the folder is a finished peaks run.
# dry DIR: vecsum --quick --dry-run --peaks DIR: exit in $rc, console in $T/dry.log.
dry() { "$CLX" run vecsum --quick --peaks "$1" --out "$T/dry" --dry-run > "$T/dry.log" 2>&1; rc=$?; }
dry "$T/no_such_run"
check dry_named_missing_refused test "$rc" -eq 4
check dry_named_missing_said grep -qxF "clx: --peaks $T/no_such_run: $T/no_such_run: No such file or directory$ask" "$T/dry.log"
dry "$T/own/latest"
check dry_named_not_peaks_refused test "$rc" -eq 4
check dry_named_not_peaks_said grep -qF "$T/own/latest is a run of vecsum, not of peaks$ask" "$T/dry.log"
dry "$S"
check dry_named_stopped_refused test "$rc" -eq 4
check dry_named_stopped_said grep -qxF "clx: --peaks $S: $S is a peaks run stopped by SIGINT before it finished (run.json interrupted): it may lack rows and probes$ask" "$T/dry.log"
dry "$P"
check dry_named_own_passes test "$rc" -eq 0
check dry_named_own_said grep -qxF "clx: --dry-run: --peaks $P is a finished peaks run; whether it is of this run's device and driver is found when the sweep runs" "$T/dry.log"
check dry_named_nothing_made test ! -e "$T/dry"
finish
