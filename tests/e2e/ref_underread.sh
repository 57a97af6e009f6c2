#!/bin/sh
# ref_underread.sh — a host reference that strays before a buffer's start in the bytes that share its
# first page, where no guard page can lie (the first run's buffers end at one): a read of a[-1] is an
# error row on every row, naming the reference, the input and the element at the spec's line, caught
# when the reference runs a second time (the probe of whether it reads its output) over copies of
# its inputs that start at a page (1; before, every row was ok, or a FAIL where the bytes there
# changed the answer), under --modes too (1b); a write of c[-1] in that second run alone changes
# the canary there, checked as the first run's is: said once on its row, the rows checked against
# the first answer, no new worker, kept in run.json, and a --resume does not probe again (2; before,
# nothing was said).
# Fixture: tests/e2e/fixtures/underread.ref.c beside a copy of vecsum's spec and template.
. tests/e2e/lib.sh
T=$TMP/ref_underread
rm -rf "$T"; mkdir -p "$T/exp"
cp templates/vecsum.cl.m4 tests/e2e/fixtures/underread.ref.c "$T/exp/"
# spec_as NAME REFERENCE: vecsum's spec as $T/exp/NAME.spec, verified by REFERENCE.
spec_as() { sed "s/reference = \"vecsum\"/reference = \"$2\"/" templates/vecsum.spec > "$T/exp/$1.spec"; }
ref_line() { grep -n 'reference = ' "$T/exp/$1.spec" | sed 's/:.*//'; }

# 1. a[-1] read (times 0: the answer itself stays right): an error on each row, the worker ended
#    after the rows it began and a new one going on, as for a read past the end; no crash.
spec_as underread underread
run_clx "$T/run_underread" run "$T/exp/underread.spec" --quick --set variant=naive --build '' --local 64,128,256
res=$rundir/results.tsv
check underread_rows_error test "$(tsv_rows "$res")" -eq 3 -a "$(tsv_count "$res" status error)" -eq 3
check underread_variant test "$(tsv_col "$res" variant | grep -c '^naive$')" -eq 3
check underread_said test "$(tsv_col "$res" note | grep -c -F "underread.spec:$(ref_line underread): reference underread read before the start of its input a: element -1, where a has 1000003 float elements (0 to 1000002); its indices must not go below 0")" -eq 3
check underread_how_said test "$(tsv_col "$res" note | grep -c -F "caught when run a second time, over copies of its inputs that start at a page")" -eq 3
check underread_no_crash sh -c "! grep -qi 'crash\|signal\|SIGSEGV' '$T/run_underread.log'"
check underread_exit test "$rc" -eq 1

# 1b. clx run --modes (no new worker to go on in): each mode's row says it, the second's too (the
#     finding is the reference's, kept in the process), and nothing crashed.
modes_spec "$T/exp/underread.spec" "$T/exp/undermodes.spec" 64 1 2 first=naive second=naive
run_clx "$T/run_undermodes" run "$T/exp/undermodes.spec" --modes --quick
m=$rundir/modes.tsv
check undermodes_rows test "$(tsv_rows "$m")" -eq 2 -a "$(tsv_count "$m" status error)" -eq 2
check undermodes_said test "$(tsv_col "$m" note | grep -c -F "undermodes.spec:$(ref_line undermodes): reference underread read before the start of its input a: element -1")" -eq 2
check undermodes_no_crash sh -c "! grep -qi 'crash\|signal\|SIGSEGV' '$T/run_undermodes.log'"

# 2. c[-1] written in the second run alone: the rows ok, the note on the first, once.
spec_as probeunder probeunder
run_clx "$T/run_probeunder" run "$T/exp/probeunder.spec" --quick --set variant=naive --build '' --local 64,128,256
res=$rundir/results.tsv
check probeunder_rows_ok test "$(tsv_rows "$res")" -eq 3 -a "$(tsv_count "$res" status ok)" -eq 3
check probeunder_said_once test "$(tsv_col "$res" note | grep -c -F "probeunder.spec:$(ref_line probeunder): reference probeunder wrote outside its output when run a second time (the probe of whether it reads its output), which is not known; the rows are checked against its first run's answers, and it is not probed again in this run: it wrote before the start of its output c: element -1, where c has 1000003 float elements")" -eq 1
check probeunder_no_new_worker sh -c "! grep -q 'new worker' '$T/run_probeunder.log'"
check probeunder_exit test "$rc" -eq 0
check probeunder_recorded grep -q '"ref_probe_fault":.*probeunder.spec:[0-9]*: reference probeunder wrote outside its output when run a second time' "$rundir/run.json"

# 2b. Stopped after its first rounds and resumed: the resume knows it from run.json, says so once,
#     and does not probe again (the rows stay ok: a probe again would be its first call there).
rm -rf "$T/run_probestop"
CLX_STOP_AFTER_ROUNDS=1 "$CLX" run "$T/exp/probeunder.spec" --quick --set variant=naive --build '' --local 64,128,256 \
    --out "$T/run_probestop" --quiet > "$T/run_probestop.log" 2>&1
rundir=$(ls -d "$T/run_probestop"/*-*-* 2>/dev/null | head -n 1)
check probestop_recorded grep -q '"ref_probe_fault":.*reference probeunder wrote outside its output' "$rundir/run.json"
"$CLX" run --resume "$rundir" --quiet > "$T/run_proberesume.log" 2>&1; rc=$?
check proberesume_ok test "$rc" -eq 0 -a "$(tsv_rows "$rundir/results.tsv")" -eq 3 -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 3
check proberesume_said test "$(grep -c "the reference is not probed again in this resume, since the run found (run.json ref_probe_fault): .*reference probeunder wrote outside its output" "$T/run_proberesume.log")" -eq 1
finish
