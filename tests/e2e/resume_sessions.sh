#!/bin/sh
# resume_sessions.sh — run.json of a resumed run keeps each earlier session: one a crash of the
# worker ended (with rows for a resume) as one a stop ended, its own causes (not an earlier
# session's), its counts added to the whole run's, and the clx each session ran under; a resume by
# another clx says so once.
. tests/e2e/lib.sh
T=$TMP/resume_sessions
rm -rf "$T"; mkdir -p "$T"
spec=tests/e2e/fixtures/worker.spec
# checked DIR: the outputs run.json counts checked, on the device and on the host.
checked() { echo $(( $(jnum "$1" counts outputs_checked_on_device) + $(jnum "$1" counts outputs_checked_on_host) )); }
builds() { echo $(( $(jnum "$1" counts builds_compiled) + $(jnum "$1" counts builds_from_cache) )); }
this=$($CLX --version | sed 's/^clx //')

# A crash of the worker (signal 11 in the driver) ends the run with a crashed row and one not run;
# run.json as an older clx would have written it (its clx_version edited).
saved_asan=${ASAN_OPTIONS-}
export ASAN_OPTIONS="${saved_asan:+$saved_asan:}handle_segv=0"
run_clx "$T/crash" run $spec --set variant=good,crash,good2
check crash_fixture test "$rc" -eq 1 -a "$(jnum "$rundir" counts crashed)" = 1 -a "$(jnum "$rundir" counts stopped)" = 1
out0=$(checked "$rundir"); builds0=$(builds "$rundir")
# The worker its supervisor started after the crash (good2's) goes on in the same session: no
# "resumed" (once per clx run --resume), the crash said as this session's; before, it added one.
check crash_restart_not_resumed test "$(jnum "$rundir" resumed)" = none -a \
    "$(jnum "$rundir" session_crashes)" = "the worker process died of signal 11 (Segmentation fault)"
check crash_counts_some test "$out0" -gt 0 -a "$builds0" -gt 0
python3 -c 'import json, sys
p = sys.argv[1] + "/run.json"; d = json.load(open(p)); d["clx_version"] = "0.1.0 (0000000)"
json.dump(d, open(p, "w"), indent="\t")' "$rundir"
$CLX run --resume "$rundir" > "$T/crash_r1.log" 2>&1; rc=$?
export ASAN_OPTIONS="$saved_asan"
check crash_resume_rc test "$rc" -eq 1
check crash_resumed_once test "$(jnum "$rundir" resumed)" = 1
# The resume by another clx goes on, and says so once.
check other_clx_said test "$(grep -cF "clx: resuming a run clx 0.1.0 (0000000) measured until its stop; this is clx $this: the rows measured from now are this clx's" "$T/crash_r1.log")" -eq 1
check other_clx_new_top test "$(jnum "$rundir" clx_version)" = "$this"
# The crashed session is an interruption: its clx, how its worker died, the rows it left, its counts.
check crash_interruption test "$(jnum "$rundir" interruptions)" = 1
check crash_interruption_clx test "$(jnum "$rundir" interruptions 0 clx_version)" = "0.1.0 (0000000)"
check crash_interruption_by grep -qF "the worker process died of signal 11 (Segmentation fault)" "$rundir/run.json"
check crash_interruption_when test "$(jnum "$rundir" interruptions 0 interrupted)" != none
check crash_interruption_rows test "$(jnum "$rundir" interruptions 0 rows crashed)" = 1 -a \
    "$(jnum "$rundir" interruptions 0 rows stopped)" = 1
check crash_interruption_counts test "$(jnum "$rundir" interruptions 0 counts builds_compiled)" != none
# The whole run's counts: the crashed session's with the resume's (which measured nothing new: both
# of its configurations crash), not the resume's alone.
check crash_counts_summed test "$(checked "$rundir")" -ge "$out0" -a "$(builds "$rundir")" -ge "$builds0"
check_runjson_documented crash_run_json_documented "$rundir"

# Each entry names its own session's causes: a first session with a launch past --timeout (hang32 at
# local=32) and a crash, then a resume that crashed alone (the crash tried once more, and its other
# point), whose entry does not say the first session's timeout again (that row stays in the file).
saved_asan=${ASAN_OPTIONS-}
export ASAN_OPTIONS="${saved_asan:+$saved_asan:}handle_segv=0"
run_clx "$T/two" run tests/e2e/fixtures/sessions.spec --timeout 2
two=$rundir
$CLX run --resume "$two" > "$T/two_r1.log" 2>&1
check own_session_said test "$(jnum "$two" session_crashes)" = "the worker process died of signal 11 (Segmentation fault)"
$CLX run --resume "$two" > "$T/two_r2.log" 2>&1
export ASAN_OPTIONS="$saved_asan"
check own_first_both test "$(jnum "$two" interruptions 0 interrupted_by)" = \
    "the worker process died of signal 11 (Segmentation fault); a launch ran past its limit (--timeout)"
check own_second_crash_alone test "$(jnum "$two" interruptions 1 interrupted_by)" = \
    "the worker process died of signal 11 (Segmentation fault)"
check own_timeout_row_kept test "$(tsv_count "$two/results.tsv" status timeout)" -eq 1
# Two resumes, each of whose workers crashed and was followed by another: two "resumed" times.
check own_resumed_twice test "$(jnum "$two" resumed)" = 2
check_runjson_documented own_run_json_documented "$two"

# A stop's session says its clx too; a resume by the same clx says nothing of versions.
rm -rf "$T/stop"
CLX_STOP_AFTER_ROUNDS=1 $CLX run $spec --set variant=good --out "$T/stop" > "$T/stop.log" 2>&1; rc=$?
s=$(ls -d "$T"/stop/*-*-*)
check stop_fixture test "$rc" -eq 130
$CLX run --resume "$s" > "$T/stop_r.log" 2>&1; rc=$?
check stop_resume_rc test "$rc" -eq 0
check stop_interruption_clx test "$(jnum "$s" interruptions 0 clx_version)" = "$this" -a \
    "$(jnum "$s" interruptions 0 interrupted_by)" = SIGINT
check same_clx_unsaid test -z "$(grep 'this is clx' "$T/stop_r.log")"
finish
