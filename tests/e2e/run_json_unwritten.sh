#!/bin/sh
# run_json_unwritten.sh — a run whose run.json cannot be written at its end (a folder made
# read-only mid-run; here, as root ignores permissions, a folder where run.json's temporary file
# goes, while the run is held at the host's turn: no timing counts) says "run.json could not say
# the run ended" with the --resume that writes it, exit 4; that resume finishes the run, and its
# run.json names the earlier session's end as one run.json could not record, not a kill alone.
. tests/e2e/lib.sh
T=$PWD/$TMP/run_json_unwritten
rm -rf "$T"; mkdir -p "$T/locks"
TMPDIR=$T/locks; export TMPDIR
if ! command -v flock > /dev/null 2>&1 || ! command -v pgrep > /dev/null 2>&1; then
    skip run_json_unwritten "no flock(1) or pgrep here"; exit 0
fi
# under PID: PID and every process below it.
under() { echo "$1"; for c in $(pgrep -P "$1"); do under "$c"; done; }

hold_lock -x "$TMPDIR/clx-host-$(id -u).lock"
"$CLX" run taylor --quick --set TERMS=1 --out "$T/o" --dir-file "$T/o.dir" --quiet > "$T/run.log" 2>&1 &
run=$!
i=0; while [ ! -s "$T/o.dir" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
D=$(cat "$T/o.dir")
for p in $(under "$run"); do mkdir "$D/run.json.$p.tmp"; done
kill "$holder" 2> /dev/null; wait "$holder" 2> /dev/null
wait "$run"; rc=$?
check unwritten_rc_4 test "$rc" -eq 4
check unwritten_said grep -q "^clx: cannot write $D/run.json: " "$T/run.log"
check unwritten_resume_said grep -q "^clx: run.json could not say the run ended: to continue once its folder can be written: .*clx\(-asan\)\? run --resume $D\$" "$T/run.log"
check unwritten_not_finished test "$(jnum "$D" finished)" = none
rmdir "$D"/run.json.*.tmp
"$CLX" run --resume "$D" --quiet > "$T/resume.log" 2>&1; rc=$?
check resume_ends test "$rc" -eq 0 -a "$(jnum "$D" finished)" != none
check resume_cause_said test "$(jnum "$D" interruptions 0 interrupted_by)" = \
    "ended without a word: killed outright, the host stopped, or run.json could not be written (a full disk, a folder not writable)"
finish
