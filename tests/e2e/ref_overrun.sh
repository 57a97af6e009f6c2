#!/bin/sh
# ref_overrun.sh — a stranger's host reference that reads past the end of an input, or uses the
# NULL ref_in gives, is an error row that says so at the spec's line naming the reference; the
# worker is not killed (no "crashed" row, the other sizes still run). A worker a reference faulted in
# runs no reference again: it ends after that row and a new worker measures and verifies the rest
# (3); where none can (--modes), a later reference is not run, said (2c); one that faults only in the
# probe of whether it reads its output is said once and costs one new worker, not one a row (4), and a
# --resume of that run knows it from run.json and does not probe it again (4b). A write past the end of
# an output is caught as that (2b), and one before its start or more than a page past its end too (2d); an
# input of clx run --modes, moved into pinned memory, is read past its end in a guarded copy (2e). Fixture: tests/e2e/fixtures/overrun.ref.c beside a copy of vecsum's spec and template.
. tests/e2e/lib.sh
T=$TMP/ref_overrun
rm -rf "$T"; mkdir -p "$T/exp"
cp templates/vecsum.cl.m4 tests/e2e/fixtures/overrun.ref.c "$T/exp/"
# spec_as NAME REFERENCE: vecsum's spec as $T/exp/NAME.spec, verified by REFERENCE.
spec_as() { sed "s/reference = \"vecsum\"/reference = \"$2\"/" templates/vecsum.spec > "$T/exp/$1.spec"; }
ref_line() { grep -n 'reference = ' "$T/exp/$1.spec" | sed 's/:.*//'; }

# 1. One element past the end of a, read by the thread with the last range: said on every row,
#    with the element and a's length, and no row crashed.
spec_as overrun overrun
run_clx "$T/run_overrun" run "$T/exp/overrun.spec" --quick --set variant=naive --build '' --local 64,256
check overrun_rows_error test "$(tsv_rows "$rundir/results.tsv")" -eq 2 -a "$(tsv_count "$rundir/results.tsv" status error)" -eq 2
check overrun_said test "$(tsv_col "$rundir/results.tsv" note | grep -c -F "overrun.spec:$(ref_line overrun): reference overrun read past the end of its input a: element 1000003, where a has 1000003 float elements (0 to 1000002)")" -eq 2
check overrun_no_crash sh -c "! grep -qi 'crash\|signal\|SIGSEGV' '$T/run_overrun.log'"

# 2. ref_in's NULL for a buffer the spec lacks, used anyway: the reason ref_in recorded comes
#    first, then the fault it led to.
spec_as nullin nullin
run_clx "$T/run_nullin" run "$T/exp/nullin.spec" --quick --set variant=naive --build '' --local 64
check nullin_row_error test "$(tsv_rows "$rundir/results.tsv")" -eq 1 -a "$(tsv_count "$rundir/results.tsv" status error)" -eq 1
check nullin_said test "$(tsv_col "$rundir/results.tsv" note | grep -c -F "nullin.spec:$(ref_line nullin): reference nullin failed: the reference needs a buffer named x; it then made a memory fault")" -eq 1

# 2b. One element past the end of the output c, written: the expected outputs end at a guard page too.
spec_as outrun outrun
run_clx "$T/run_outrun" run "$T/exp/outrun.spec" --quick --set variant=naive --build '' --local 64
check outrun_row_error test "$(tsv_rows "$rundir/results.tsv")" -eq 1 -a "$(tsv_count "$rundir/results.tsv" status error)" -eq 1
check outrun_said test "$(tsv_col "$rundir/results.tsv" note | grep -c -F "outrun.spec:$(ref_line outrun): reference outrun wrote past the end of its output c: element 1000003, where c has 1000003 float elements (0 to 1000002); its loops must stop at the count ref_out gives")" -eq 1

# 2d. A write before the start of c, or far past its end: c[-1] lies before the start in c's first page,
#     which no guard can cover (the start is not a page's): the bytes there are checked after the
#     reference returns, an error row, the worker kept (no new one); c[-1000] lies in the guard before
#     it, c[count + 4096] 16 KiB past its end, in the guard after it (as large as c): faults said so.
spec_as underrun underrun
run_clx "$T/run_underrun" run "$T/exp/underrun.spec" --quick --set variant=naive --build '' --local 64,256
check underrun_rows_error test "$(tsv_rows "$rundir/results.tsv")" -eq 2 -a "$(tsv_count "$rundir/results.tsv" status error)" -eq 2
check underrun_said test "$(tsv_col "$rundir/results.tsv" note | grep -c -F "underrun.spec:$(ref_line underrun): reference underrun wrote before the start of its output c: element -1, where c has 1000003 float elements (0 to 1000002); its indices must not go below 0")" -eq 2
check underrun_variant test "$(tsv_col "$rundir/results.tsv" variant | grep -c '^naive$')" -eq 2
check underrun_no_new_worker sh -c "! grep -q 'new worker' '$T/run_underrun.log'"
spec_as farunder farunder
run_clx "$T/run_farunder" run "$T/exp/farunder.spec" --quick --set variant=naive --build '' --local 64
check farunder_said test "$(tsv_count "$rundir/results.tsv" status error)" -eq 1 -a "$(tsv_col "$rundir/results.tsv" note | grep -c -F "farunder.spec:$(ref_line farunder): reference farunder wrote before the start of its output c: element -1000, where c has 1000003 float elements")" -eq 1
spec_as farrun farrun
run_clx "$T/run_farrun" run "$T/exp/farrun.spec" --quick --set variant=naive --build '' --local 64
check farrun_said test "$(tsv_count "$rundir/results.tsv" status error)" -eq 1 -a "$(tsv_col "$rundir/results.tsv" note | grep -c -F "farrun.spec:$(ref_line farrun): reference farrun wrote past the end of its output c: element 1004099, where c has 1000003 float elements")" -eq 1
check farrun_no_crash sh -c "! grep -qi 'crash\|signal\|SIGSEGV' '$T/run_farunder.log' '$T/run_farrun.log'"

# 2c. clx run --modes has no new worker to go on in: after the fault, the next mode's reference is
#     not run, its row an error that says why (the process may hold a lock the faulted call held).
modes_spec "$T/exp/outrun.spec" "$T/exp/outmodes.spec" 64 1 2 first=naive second=naive
run_clx "$T/run_outmodes" run "$T/exp/outmodes.spec" --modes --quick
m=$rundir/modes.tsv
check outmodes_rows test "$(tsv_rows "$m")" -eq 2 -a "$(tsv_count "$m" status error)" -eq 2
check outmodes_first_said test "$(tsv_col "$m" note | head -n 1 | grep -c -F "outmodes.spec:$(ref_line outmodes): reference outrun wrote past the end of its output c")" -eq 1
check outmodes_second_not_run test "$(tsv_col "$m" note | tail -n 1 | grep -c -F "outmodes.spec:$(ref_line outmodes): reference outrun not run: a reference faulted earlier in this process")" -eq 1

# 2e. Under --modes the inputs move into pinned memory (the driver's pages, unguarded) before the trials:
#     the reference reads a guarded copy of them, so its read past the end of a is said as in clx run
#     (before, it read what lay past the pinned mapping, and the row was a FAIL of every element).
modes_spec "$T/exp/overrun.spec" "$T/exp/inmodes.spec" 64 1 2 first=naive
run_clx "$T/run_inmodes" run "$T/exp/inmodes.spec" --modes --quick
m=$rundir/modes.tsv
check inmodes_pinned grep -q '"pinned":[[:space:]]*[1-9]' "$rundir/run.json"
check inmodes_said test "$(tsv_count "$m" status error)" -eq 1 -a "$(tsv_col "$m" note | grep -c -F "inmodes.spec:$(ref_line inmodes): reference overrun read past the end of its input a: element 1000003")" -eq 1

# 3. A reference that faults with a lock held, in variant naive alone (VEC 1): naive's rows are error
#    rows at the spec's line; float4's, after them, are measured and verified (ok): each ran in a
#    new worker, never in a process a call faulted in (where the lock is still held, which it would
#    say as an error row). The calls' log: no pid that faulted calls the reference again.
spec_as lockfault lockfault
CLX_TEST_REF_LOG=$T/lockfault.calls; export CLX_TEST_REF_LOG
run_clx "$T/run_lockfault" run "$T/exp/lockfault.spec" --quick --set variant=naive,float4 --build '' --local 64,256
unset CLX_TEST_REF_LOG
res=$rundir/results.tsv
check lockfault_rows test "$(tsv_rows "$res")" -eq 4
check lockfault_naive_error test "$(tsv_col "$res" status | head -n 2 | grep -c '^error$')" -eq 2
check lockfault_said test "$(tsv_col "$res" note | grep -c -F "lockfault.spec:$(ref_line lockfault): reference lockfault read past the end of its input a: element 1000003")" -eq 2
check lockfault_float4_ok test "$(tsv_col "$res" variant | tail -n 2 | grep -c '^float4$')" -eq 2 -a "$(tsv_col "$res" status | tail -n 2 | grep -c '^ok$')" -eq 2
check lockfault_no_lock_said sh -c "! grep -q 'lock is held\|not run' '$res' '$T/run_lockfault.log'"
check lockfault_fresh_pids sh -c "awk '(\$1 in bad) { exit 1 } \$2 == 1 { bad[\$1] = 1 }' '$T/lockfault.calls'"
check lockfault_calls test "$(wc -l < "$T/lockfault.calls")" -ge 3
check lockfault_no_crash sh -c "! grep -qi 'crash\|signal\|SIGSEGV' '$T/run_lockfault.log'"
check lockfault_exit test "$rc" -eq 1

# 4. A reference that faults only when run a second time, in the probe of whether it reads its output
#    (its first answer finished): the rows stay ok, checked against that answer; the fault is said once,
#    on the first row, at the spec's line; and one new worker goes on, which does not probe it again
#    (before, each worker probed and faulted: a new worker for every row, and the fault never said).
spec_as probefault probefault
#    Three rows: the last row's worker ends with the sweep, so two would need no second new worker.
run_clx "$T/run_probefault" run "$T/exp/probefault.spec" --quick --set variant=naive --build '' --local 64,128,256
res=$rundir/results.tsv
check probefault_rows_ok test "$(tsv_rows "$res")" -eq 3 -a "$(tsv_count "$res" status ok)" -eq 3
check probefault_said_once test "$(tsv_col "$res" note | grep -c -F "probefault.spec:$(ref_line probefault): reference probefault faulted when run a second time (the probe of whether it reads its output)")" -eq 1
#    The spec's line once in it: the fault's own message follows as "it read past ...", not a second time at the line.
check probefault_line_once test "$(tsv_col "$res" note | grep -o 'probefault.spec:[0-9]*' | wc -l)" -eq 1
check probefault_it_said test "$(tsv_col "$res" note | grep -c -F "not probed again in this run: it read past the end of its input a: element 1016387")" -eq 1
check probefault_one_restart test "$(grep -c 'made a memory fault in the worker process' "$T/run_probefault.log")" -eq 1
check probefault_restart_said grep -q 'made a memory fault in the worker process when run a second time (the probe of whether it reads its output' "$T/run_probefault.log"
check probefault_exit test "$rc" -eq 0
check probefault_recorded grep -q '"ref_probe_fault":.*probefault.spec:[0-9]*: reference probefault faulted when run a second time' "$rundir/run.json"

# 4b. The fault is kept in run.json: a --resume of the run stopped after it does not probe (and fault)
#     again, a new worker for nothing; it says so once, with what the run found.
rm -rf "$T/run_probestop"
CLX_STOP_AFTER_ROUNDS=1 "$CLX" run "$T/exp/probefault.spec" --quick --set variant=naive --build '' --local 64,128,256 \
    --out "$T/run_probestop" --quiet > "$T/run_probestop.log" 2>&1
rundir=$(ls -d "$T/run_probestop"/*-*-* 2>/dev/null | head -n 1)
check probestop_recorded grep -q '"ref_probe_fault":.*reference probefault faulted when run a second time' "$rundir/run.json"
"$CLX" run --resume "$rundir" --quiet > "$T/run_proberesume.log" 2>&1; rc=$?
check proberesume_ok test "$rc" -eq 0 -a "$(tsv_rows "$rundir/results.tsv")" -eq 3 -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 3
check proberesume_no_fault sh -c "! grep -q 'memory fault in the worker process' '$T/run_proberesume.log'"
check proberesume_said test "$(grep -c "the reference is not probed again in this resume, since the run found (run.json ref_probe_fault): .*probefault.spec:$(ref_line probefault): reference probefault faulted when run a second time" "$T/run_proberesume.log")" -eq 1
check proberesume_kept grep -q '"ref_probe_fault":.*reference probefault faulted' "$rundir/run.json"
finish
