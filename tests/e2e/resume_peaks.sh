#!/bin/sh
# resume_peaks.sh — a resume reads the peaks run its run recorded (run.json sol.peaks_run), not the
# newest found now (docs/sol.md): the rows it keeps and those it measures are bounded by the same
# ceilings. Before, a full peaks run made between the stop and the resume bounded only the rows
# measured after it, and run.json named it alone. Where the recorded run is gone, one line says so and
# the resume goes on without it, run.json naming it (sol.peaks_run_lost); where it recorded none, a
# peaks run made since is not read either. The peaks runs are PoCL's --quick one made full (run.json
# quick false) under two starts; the sweeps are stopped after their first round (no timing).
. tests/e2e/lib.sh
T=$TMP/resume_peaks
rm -rf "$T"; mkdir -p "$T"

run_clx "$T/peaks" run peaks --quick $FEW
P=$rundir
check resume_peaks_made test "$rc" -eq 0 -a -s "$P/run.json"

# full OUT NAME STARTED: a full copy of P as OUT/NAME, started at STARTED.
full() {
    mkdir -p "$1" && cp -r "$P" "$1/$2"
    sed -e 's/"quick":[[:space:]]*true/"quick": false/' \
        -e "/\"started\":/ s/\"20[0-9][0-9]-[^\"]*\"/\"$3\"/" "$P/run.json" > "$1/$2/run.json"
}
# stopped OUT: vecsum (one variant and build) into OUT, stopped after its first round; its folder in $v.
stopped() {
    CLX_STOP_AFTER_ROUNDS=1 "$CLX" run vecsum --quick $FEW --set variant=naive --build '' --out "$1" --quiet > "$1.log" 2>&1
    rc=$?
    v=$(ls -d "$1"/vecsum-* | head -n 1)
}
# resumed NAME: clx run --resume $v, its console in $T/NAME.log.
resumed() { "$CLX" run --resume "$v" > "$T/$1.log" 2>&1; rc=$?; }

# A full peaks run newer than the one read is made before the resume: the resume reads the one read.
O=$T/kept
full "$O" peaks-first 2026-01-01T00:00:00+0000
stopped "$O"
check resume_peaks_stopped test "$rc" -eq 130 -a "$(jnum "$v" sol peaks_run)" = "$O/peaks-first"
full "$O" peaks-newer 2099-01-01T00:00:00+0000
resumed kept
check resume_peaks_kept_ran test "$rc" -eq 0
check resume_peaks_kept_same test "$(jnum "$v" sol peaks_run)" = "$O/peaks-first"
check resume_peaks_kept_not_newer sh -c "! grep -q 'peaks-newer' '$v/run.json' '$v/results.tsv'"

# The one read is gone at the resume: said in one line; none read, run.json naming it; not the newer.
O=$T/gone
full "$O" peaks-first 2026-01-01T00:00:00+0000
stopped "$O"
rm -rf "$O/peaks-first"
full "$O" peaks-newer 2099-01-01T00:00:00+0000
resumed gone
check resume_peaks_gone_ran test "$rc" -eq 0
check resume_peaks_gone_said test "$(grep -cF "clx: the peaks run this run read so far, $O/peaks-first, cannot be read now (" "$T/gone.log")" -eq 1
check resume_peaks_gone_none test "$(jnum "$v" sol peaks_run)" = none -a "$(jnum "$v" sol peaks_run_lost)" = "$O/peaks-first"
check resume_peaks_gone_not_newer sh -c "! grep -q 'peaks-newer' '$v/run.json' '$v/results.tsv'"
check_runjson_documented resume_peaks_gone_documented "$v"
# report.md's ceilings are the last session's: it says the rows before the resume had others.
"$CLX" report "$v" > "$T/gone-report.log" 2>&1
check resume_peaks_gone_report grep -qF "Two sets of ceilings: the peaks run this run read at first, $O/peaks-first, could not be read again" "$v/report.md"

# Recorded as found, a path from the directory the run was started in (under --out elsewhere, a
# relative one): resumed from another directory, the same one is read (before, the path was taken from
# the new one, and the peaks run said gone: sol.peaks_run_lost, the rows measured since unbounded).
O=$T/elsewhere
mkdir -p "$O"
full "$O" peaks-first 2026-01-01T00:00:00+0000
clx_abs=$(cd "$(dirname "$CLX")" && pwd)/$(basename "$CLX")
(cd "$T" && CLX_STOP_AFTER_ROUNDS=1 "$clx_abs" run vecsum --quick $FEW --set variant=naive --build '' --out elsewhere \
    --quiet > elsewhere-stop.log 2>&1)
v=$(ls -d "$O"/vecsum-* | head -n 1)
check resume_peaks_elsewhere_stopped test "$(jnum "$v" sol peaks_run)" = elsewhere/peaks-first
v_abs=$(cd "$v" && pwd)
(cd "$O" && "$clx_abs" run --resume "$v_abs" > ../elsewhere.log 2>&1); rc=$?
check resume_peaks_elsewhere_ran test "$rc" -eq 0
check resume_peaks_elsewhere_read test "$(jnum "$v" sol peaks_run)" = elsewhere/peaks-first -a \
    "$(jnum "$v" sol peaks_run_lost)" = none
check resume_peaks_elsewhere_not_said sh -c "! grep -q 'cannot be read now' '$T/elsewhere.log'"

# The results folder moved, the run and the peaks run beside it in it: the one beside the run is read.
O=$T/moved
rm -rf "$O" "$O-now"
full "$O" peaks-first 2026-01-01T00:00:00+0000
stopped "$O"
mv "$O" "$O-now"
v=$(ls -d "$O-now"/vecsum-* | head -n 1)
resumed moved
check resume_peaks_moved_read test "$rc" -eq 0 -a "$(jnum "$v" sol peaks_run)" = "$O/peaks-first" -a \
    "$(jnum "$v" sol peaks_run_lost)" = none
check_runjson_documented resume_peaks_moved_documented "$v"

# None read before the stop: none after it either, though a full one was made meanwhile.
O=$T/none
mkdir -p "$O"
stopped "$O"
check resume_peaks_none_stopped test "$rc" -eq 130 -a "$(jnum "$v" sol peaks_run)" = none
full "$O" peaks-newer 2099-01-01T00:00:00+0000
resumed none
check resume_peaks_none_ran test "$rc" -eq 0
check resume_peaks_none_still test "$(jnum "$v" sol peaks_run)" = none
check resume_peaks_none_not_newer sh -c "! grep -q 'peaks-newer' '$v/run.json' '$v/results.tsv'"
finish
