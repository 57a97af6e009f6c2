# compare_caveats.sh — clx compare and clx history on runs that are not whole or not alike: a run
# whose kernel edit broke correctness (its rows FAIL) is said so per side, never "only in A", and
# fails --fail-on (slower or fail), as does one whose build failed (its one row stands for every
# configuration of the variant); its other template is said; a stopped run (rows cut, flag rounds-cut) is
# said in compare.md, compare.tsv (rounds_cut_B), the pictures, history.md and its plot, and fails
# --fail-on fail on its rows cut short; a run on a
# host short of memory that skipped configurations A measured is said so (skipped, not "only in A")
# and fails --fail-on fail, where A skipping or both skipping does not; clx merge --partial says
# that a stopped shard's rows are there but left out. Only statuses, counts, words and exit codes
# are compared: nothing here depends on how fast the machine is.
. tests/e2e/lib.sh
T=$TMP/compare_caveats
rm -rf "$T"; mkdir -p "$T/w"

# A: two variants, whole. B: the same with naive's kernel broken (a - b for a + b): its rows FAIL.
run_clx "$T/good" run vecsum --quick --set variant=naive,gridstride --build ''
good=$rundir
cp templates/vecsum.spec templates/vecsum.cl.m4 "$T/w/"
sed -i 's/cv\[gid\] = av\[gid\] + bv\[gid\];/cv[gid] = av[gid] - bv[gid];/' "$T/w/vecsum.cl.m4"
check caveat_broken_template grep -q 'av\[gid\] - bv\[gid\]' "$T/w/vecsum.cl.m4"
run_clx "$T/bad" run "$T/w/vecsum.spec" --quick --set variant=naive,gridstride --build ''
bad=$rundir
check caveat_broken_fails test "$(tsv_count "$bad/results.tsv" status FAIL)" -eq 2 -a "$(tsv_count "$bad/results.tsv" status ok)" -eq 2

# compare: the FAIL rows said as such on each side (console, compare.md, compare.tsv), not as
# configurations measured on one side only; --fail-on fail and slower exit 1 on them.
"$CLX" compare "$good" "$bad" --fail-on fail --out "$T/c" > "$T/c.log" 2>&1; rc=$?
check caveat_fail_on_fail_exit test "$rc" -eq 1
check caveat_fail_on_fail_said grep -q '^clx: compare: 2 configurations did not pass on B (2 FAIL) where A.s passed (--fail-on fail)$' "$T/c.log"
check caveat_console_count grep -q '^clx: compare vecsum: 2 configurations in common, 2 did not pass on some side (B: 2 FAIL; listed in compare.md)$' "$T/c.log"
check caveat_console_listed grep -q '^  did not pass: naive default local=64: A ok, B FAIL$' "$T/c.log"
check caveat_md_section grep -q '^## Did not pass on some side$' "$T/c/compare.md"
check caveat_md_rows test "$(grep -c '^| naive | default | local=[0-9]* | ok | FAIL |$' "$T/c/compare.md")" -eq 2
check caveat_tsv_rows test "$(tsv_rows "$T/c/compare.tsv")" -eq 4 -a "$(tsv_count "$T/c/compare.tsv" status_B FAIL)" -eq 2
check caveat_tsv_no_verdict test "$(tsv_col "$T/c/compare.tsv" verdict_B | grep -c .)" -eq 2
# The template B ran is another: said on the console and in compare.md's provenance.
check caveat_template_said grep -q "^clx: compare: B ran otherwise than A: the template ('[0-9a-f]*' in B, '[0-9a-f]*' in A)$" "$T/c.log"
check caveat_template_md grep -q "^\*\*B ran otherwise than A:\*\* the template (" "$T/c/compare.md"
# Another --rounds: the figure said is the rounds set for every row, not a row's own (a search's
# best row took 40 under --rounds 10).
run_clx "$T/r7" run vecsum --quick --set variant=naive,gridstride --build '' --rounds 7
"$CLX" compare "$good" "$rundir" --out "$T/cr" > "$T/cr.log" 2>&1
check caveat_rounds_said grep -q "^clx: compare: B ran otherwise than A: .*--rounds (7 in B, [0-9]* in A: the rounds set for every row, run.json rounds; a row's own, results.tsv rounds, is more where" "$T/cr.log"
"$CLX" compare "$good" "$bad" --fail-on slower --out "$T/cs" > "$T/cs.log" 2>&1; rc=$?
check caveat_fail_on_slower_exit test "$rc" -eq 1 -a -n "$(grep 'did not pass on B (2 FAIL) where A.s passed (--fail-on slower)' "$T/cs.log")"
check caveat_not_only_in test -s "$T/cs/compare.md" -a -z "$(grep -e 'only in A:' -e 'measured on some sides only (' \
    -e '^## Measured on some sides only' "$T/cs.log" "$T/cs/compare.md")"
# An A without naive's rows: B's FAIL rows are where A has no row, said in those words (it said
# "where A's has no row").
run_clx "$T/grid" run vecsum --quick --set variant=gridstride --build ''
"$CLX" compare "$rundir" "$bad" --fail-on fail --out "$T/none" > "$T/none.log" 2>&1; rc=$?
check caveat_fail_on_a_none_said sh -c "test $rc -eq 1 && grep -q '^clx: compare: 2 configurations did not pass on B (2 FAIL) where A has no row (--fail-on fail)\$' '$T/none.log'"
# The other way round B fixed A's rows: not a regression, said, exit 0 under --fail-on fail.
"$CLX" compare "$bad" "$good" --fail-on fail --out "$T/fixed" > "$T/fixed.log" 2>&1; rc=$?
check caveat_fixed_exit_0 test "$rc" -eq 0
check caveat_fixed_listed grep -q '^  did not pass: naive default local=64: A FAIL, B ok$' "$T/fixed.log"
# Runs of one template say nothing of it; --fail-on takes slower or fail.
cp -r "$good" "$T/goodcopy"
"$CLX" compare "$good" "$T/goodcopy" --fail-on fail --out "$T/same" > "$T/same.log" 2>&1; rc=$?
check caveat_same_exit_0 test "$rc" -eq 0 -a -z "$(grep -e 'ran otherwise' -e 'did not pass' "$T/same.log")"
"$CLX" compare "$good" "$bad" --fail-on faster > "$T/e.log" 2>&1; rc=$?
check caveat_fail_on_bad_value test "$rc" -eq 2 -a -n "$(grep -- "--fail-on takes 'slower' .* or 'fail'" "$T/e.log")"
# Every row failed on B: no configuration in common, refused (4) saying why, not "another sweep".
run_clx "$T/allbad" run "$T/w/vecsum.spec" --quick --set variant=naive --build ''
"$CLX" compare "$good" "$rundir" --out "$T/allbad-c" > "$T/allbad-c.log" 2>&1; rc=$?
check caveat_all_failed_refused test "$rc" -eq 4 -a -n "$(grep 'measured on every side: 2 configurations did not pass on some side (B: 2 FAIL)' "$T/allbad-c.log")"

# A build that failed on B (naive's kernel a syntax error) leaves one row for naive, with no launch
# point: it is B's row of every configuration of naive, said build-failed beside A's, never "only in
# A" beside a row of no configuration.
mkdir -p "$T/wb"
cp templates/vecsum.spec templates/vecsum.cl.m4 "$T/wb/"
sed -i 's/cv\[gid\] = av\[gid\] + bv\[gid\];/cv[gid] = av[gid] + bv[gid] +;/' "$T/wb/vecsum.cl.m4"
run_clx "$T/bf" run "$T/wb/vecsum.spec" --quick --set variant=naive,gridstride --build ''
check caveat_build_failed_premise test "$(tsv_count "$rundir/results.tsv" status build-failed)" -eq 1 -a \
    "$(tsv_count "$rundir/results.tsv" status ok)" -eq 2
"$CLX" compare "$good" "$rundir" --fail-on fail --out "$T/cbf" > "$T/cbf.log" 2>&1; rc=$?
check caveat_build_failed_exit test "$rc" -eq 1 -a \
    -n "$(grep '^clx: compare: 2 configurations did not pass on B (2 build-failed) where A.s passed (--fail-on fail)$' "$T/cbf.log")"
check caveat_build_failed_listed test "$(grep -c '^  did not pass: naive default local=[0-9]*: A ok, B build-failed$' "$T/cbf.log")" -eq 2
check caveat_build_failed_not_only_in test -z "$(grep -e 'only in A:' -e 'measured on some sides only (' -e 'A no row' "$T/cbf.log")"
check caveat_build_failed_tsv test "$(tsv_rows "$T/cbf/compare.tsv")" -eq 4 -a "$(tsv_count "$T/cbf/compare.tsv" status_B build-failed)" -eq 2
"$CLX" compare "$rundir" "$good" --out "$T/cbfback" > "$T/cbfback.log" 2>&1
check caveat_build_failed_a_point test "$(grep -c '^  did not pass: naive default local=[0-9]*: A build-failed, B ok$' "$T/cbfback.log")" -eq 2

# history: the failures said per run, not points of the line.
"$CLX" history "$good" "$bad" --out "$T/h" > "$T/h.log" 2>&1; rc=$?
check caveat_history_exit test "$rc" -eq 0
check caveat_history_count grep -q '2 configurations measured in every one; 2 did not pass in some run (run 2: 2 FAIL), not among them' "$T/h.log"
check caveat_history_run_line grep -q '^  2  .*; did not pass: 2 FAIL)$' "$T/h.log"
check caveat_history_md_table test "$(grep -c '^| naive | default | local=[0-9]* | ok | FAIL |$' "$T/h/history.md")" -eq 2
check caveat_history_md_column grep -q '^| 2 | .* | 2 FAIL | - |$' "$T/h/history.md"
check_drawn caveat_history_plot_label grep -q '"2: [0-9 :-]* (2 FAIL)"' "$T/h/history_plot.gp"

# A stopped run: all its rows kept with some of their rounds (CLX_STOP_AFTER_ROUNDS stops it as ^C
# does after its 6th round; --round-gap 600 leaves every configuration's later rounds for the end).
mkdir -p "$T/stop"
CLX_STOP_AFTER_ROUNDS=6 "$CLX" run vecsum --quick --set variant=naive,gridstride --build '' --round-gap 600 \
    --out "$T/stop" > "$T/stop.log" 2>&1; rc=$?
stop=$(ls -d "$T/stop"/*-*-* | head -n 1)
cut=$(grep -c 'rounds-cut' "$stop/results.tsv")
check caveat_stop_premise test "$rc" -eq 130 -a "$cut" -ge 1
# Those rows are not ok: their status is cut (the flag beside it), and compare.tsv says it so.
check caveat_stop_status_cut test "$(tsv_count "$stop/results.tsv" status cut)" -eq "$cut"
"$CLX" compare "$good" "$stop" --out "$T/cstop" > "$T/cstop.log" 2>&1; rc=$?
check caveat_stop_exit test "$rc" -eq 0
check caveat_stop_console grep -q "^clx: compare: B ($stop) was stopped by SIGINT at .* with 4 rows, .*$cut of them cut short by the stop (flag rounds-cut" "$T/cstop.log"
check caveat_stop_md grep -q "^\*\*Stopped:\*\* B ($stop) was stopped by SIGINT .*$cut of them cut short .* run --resume $stop measures those again" "$T/cstop/compare.md"
check caveat_stop_tsv test "$(tsv_count "$T/cstop/compare.tsv" rounds_cut_B yes)" -eq "$cut" -a "$(tsv_count "$T/cstop/compare.tsv" rounds_cut_A no)" -eq 4
check caveat_stop_tsv_status test "$(tsv_count "$T/cstop/compare.tsv" status_B cut)" -eq "$cut"
check caveat_stop_md_verdicts test "$(grep -c '(rounds-cut) |' "$T/cstop/compare.md")" -eq "$cut"
# Every row is there, so nothing is missing; the rows cut short fail --fail-on fail all the same.
"$CLX" compare "$good" "$stop" --fail-on fail --out "$T/cstopg" > "$T/cstopg.log" 2>&1; rc=$?
check caveat_stop_fail_on_cut sh -c "test $rc -eq 1 && grep -q '^clx: compare: B has $cut configurations\\? a stop cut short (flag rounds-cut: only some of \\(its\\|their\\) rounds ran), never shown to pass whole (--fail-on fail)\$' '$T/cstopg.log'"
check_drawn caveat_stop_picture title_has "$T/cstop/speedup.gp" "; stopped, $cut rows\? cut short (run.json interrupted)"
# The run's own report draws its pictures with the stop under their titles: a slide keeps that word.
"$CLX" report "$stop" > "$T/rstop.log" 2>&1
check caveat_stop_report_pictures test "$(grep -l "A run stopped, $cut rows\? cut short (run.json interrupted): part of a sweep" "$stop"/plots/*.gp | wc -l)" -ge 1 -a \
    "$(grep -L "A run stopped, $cut rows\? cut short" "$stop"/plots/*.gp | wc -l)" -eq 0
"$CLX" history "$good" "$stop" --out "$T/hstop" > "$T/hstop.log" 2>&1; rc=$?
check caveat_history_stop_exit test "$rc" -eq 0
check caveat_history_stop_console grep -q "^clx: history: run 2 ($stop) was stopped by SIGINT" "$T/hstop.log"
check caveat_history_stop_md grep -q "^\*\*Stopped:\*\* run 2 ($stop) was stopped" "$T/hstop/history.md"
check caveat_history_stop_column grep -q "^| 2 | .* | - | stopped, $cut rows\? cut short |$" "$T/hstop/history.md"
check_drawn caveat_history_stop_label grep -q '"2: [0-9 :-]* (stopped)"' "$T/hstop/history_plot.gp"
# A nightly gate: night A measured both sizes; night B's host had less memory (CLX_MEM_AVAILABLE, as
# a busy host has), so it skipped the large size's configurations. They are B's rows, skipped: said
# so (never "only in A"), in compare.tsv with B's status, and --fail-on fail fails on them (B lost
# them, as a run that stopped lacks its rows). A skipping what B measured fails nothing; nor do two
# runs that both skipped them (nothing measured, nothing lost: not listed).
run_clx "$T/nightA" run vecsum --quick --set variant=naive --build '' --size 100000,1000003
nA=$rundir
export CLX_MEM_AVAILABLE=5000000
run_clx "$T/nightB" run vecsum --quick --set variant=naive --build '' --size 100000,1000003
nB=$rundir nBrc=$rc
run_clx "$T/nightC" run vecsum --quick --set variant=naive --build '' --size 100000,1000003
nC=$rundir
unset CLX_MEM_AVAILABLE
check skip_premise test "$nBrc" -eq 0 -a "$(tsv_count "$nB/results.tsv" status skipped)" -eq 2 -a \
    "$(tsv_count "$nA/results.tsv" status ok)" -eq 4 -a "$(tsv_count "$nC/results.tsv" status skipped)" -eq 2
"$CLX" compare "$T/nightA" "$T/nightB" --fail-on fail --out "$T/skip" > "$T/skip.log" 2>&1; rc=$?
check skip_fail_on_exit test "$rc" -eq 1
check skip_fail_on_said grep -q "^clx: compare: 2 configurations A measured were skipped on B, which lost them (the first, naive default N=1000003 local=[0-9]*: the configuration needs .* of the host's memory, more than the .* available (CLX_MEM_AVAILABLE).*) (--fail-on fail)\$" "$T/skip.log"
check skip_console_count grep -q '^clx: compare vecsum: 2 configurations in common, 2 were measured on some side and skipped on another (B: 2 skipped; listed in compare.md)$' "$T/skip.log"
check skip_console_listed test "$(grep -c '^  skipped: naive default N=1000003 local=[0-9]*: A ok, B skipped$' "$T/skip.log")" -eq 2
check skip_not_only_in test -z "$(grep -e 'only in A:' -e 'measured on some sides only (' -e '^## Measured on some sides only' \
    "$T/skip.log" "$T/skip/compare.md")"
check skip_md grep -q '^## Skipped on some side$' "$T/skip/compare.md"
check skip_md_rows test "$(grep -c '^| naive | default | N=1000003 local=[0-9]* | ok | skipped |$' "$T/skip/compare.md")" -eq 2
check skip_tsv test "$(tsv_rows "$T/skip/compare.tsv")" -eq 4 -a "$(tsv_count "$T/skip/compare.tsv" status_B skipped)" -eq 2
"$CLX" compare "$T/nightA" "$T/nightB" --fail-on slower --out "$T/skips" > "$T/skips.log" 2>&1; rc=$?
check skip_fail_on_slower test "$rc" -eq 1 -a -n "$(grep 'were skipped on B, which lost them .*(--fail-on slower)$' "$T/skips.log")"
"$CLX" compare "$T/nightB" "$T/nightA" --fail-on fail --out "$T/skipback" > "$T/skipback.log" 2>&1; rc=$?
check skip_a_skipped_exit_0 test "$rc" -eq 0 -a -n "$(grep '(A: 2 skipped; listed in compare.md)$' "$T/skipback.log")"
"$CLX" compare "$T/nightB" "$T/nightC" --fail-on fail --out "$T/skipboth" > "$T/skipboth.log" 2>&1; rc=$?
check skip_both_exit_0 test "$rc" -eq 0 -a -z "$(grep -e skipped -e 'only in' "$T/skipboth.log")" -a \
    "$(tsv_rows "$T/skipboth/compare.tsv")" -eq 2
"$CLX" history "$T/nightA" "$T/nightB" --out "$T/skiph" > "$T/skiph.log" 2>&1; rc=$?
check skip_history test "$rc" -eq 0 -a -n "$(grep '; 2 were measured in some run and skipped in another (run 2: 2 skipped), not among them' "$T/skiph.log")"
check skip_history_run_line grep -q '^  2  .*; 2 skipped)$' "$T/skiph.log"

# Configurations a run has no row of at all (it ran naive alone) are said as such, not left out
# without a word: which run lacks them, by the variant it has no row of, and the command it ran.
run_clx "$T/one" run vecsum --quick --set variant=naive --build ''
"$CLX" history "$good" "$rundir" --out "$T/hone" > "$T/hone.log" 2>&1
check caveat_history_some_runs_only grep -q '2 configurations measured in every one; 2 measured in some runs only, in no verdict (what each run lacks: the lines below)\.$' "$T/hone.log"
check caveat_history_run_lacks grep -q '^clx: history: run 2 lacks 2 configurations other runs measured: it has no row at variant=gridstride (history.md lists them)$' "$T/hone.log"
check caveat_history_run_command grep -q "^     made by: .*clx run vecsum --quick --set variant=naive --build '' --out $T/one --quiet\$" "$T/hone.log"
finish
