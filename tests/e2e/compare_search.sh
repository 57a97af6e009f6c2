# compare_search.sh — clx compare --fail-on of a search run (clx run --search) as B: a finished
# search keeps rows the race decided SLOWER after a round or two and never measured again, cut short
# on purpose, not by a stop; none carries the flag rounds-cut, so the gate on rows a stop cut short
# (compare_cut.sh) passes it, as it passes a whole sweep. A stopped search's rows do carry the flag
# and fail it; resumed to its end, the rows the stop cut that the race then decided without
# measuring them again are whole (kept_whole in src/run/search_kept.c) and pass. On
# fixtures/steps.spec (three configurations 8x apart); --fail-on fail reads no speed verdict, so
# nothing here depends on the machine's load: which rows the race measured again may, and is not
# compared.
. tests/e2e/lib.sh

T=$TMP/compare_search
rm -rf "$T"; mkdir -p "$T"
SPEC=tests/e2e/fixtures/steps.spec
# flagged DIR: how many of DIR's rows carry the flag rounds-cut.
flagged() { tsv_col "$1/results.tsv" flag | grep -cE '(^|,)rounds-cut(,|$)'; }
CUT_WORDS='a stop cut short (flag rounds-cut'

run_clx "$T/a" run "$SPEC"
A=$rundir
check search_gate_sweep_ran test "$rc" -eq 0

# A finished search: its decided rows have fewer rounds than a sweep's, and no flag.
run_clx "$T/b" run "$SPEC" --search --budget 60
B=$rundir
check search_gate_finished test "$rc" -eq 0 -a -n "$(grep '"finished"' "$B/run.json")"
check search_gate_finished_unflagged test "$(flagged "$B")" -eq 0 -a "$(tsv_count "$B/results.tsv" status cut)" -eq 0
check search_gate_finished_decided grep -q 'search: decided SLOWER than the incumbent after ' "$B/results.tsv"
"$CLX" compare "$A" "$B" --fail-on fail --out "$T/cb" > "$T/cb.log" 2>&1; rc=$?
check search_gate_finished_passes sh -c "test $rc -eq 0 && ! grep -q -e '$CUT_WORDS' -e '(--fail-on fail)' '$T/cb.log'"

# A stopped search: the rows it cut short fail the gate, said on the line of compare_cut.sh.
CLX_STOP_AFTER_ROUNDS=2 "$CLX" run "$SPEC" --search --budget 60 --out "$T/s" > "$T/s.log" 2>&1; rc=$?
S=$(ls -d "$T"/s/steps-* | head -n 1)
check search_gate_stopped_premise test "$rc" -eq 130 -a "$(flagged "$S")" -eq 2
"$CLX" compare "$A" "$S" --fail-on fail --out "$T/cs" > "$T/cs.log" 2>&1; rc=$?
check search_gate_stopped_fails sh -c "test $rc -eq 1 && grep -qxF 'clx: compare: B has 2 configurations $CUT_WORDS: only some of their rounds ran), never shown to pass whole (--fail-on fail)' '$T/cs.log'"

# Resumed to its end: every row whole, whichever the race measured again; the gate passes.
"$CLX" run --resume "$S" > "$T/r.log" 2>&1; rc=$?
check search_gate_resumed test "$rc" -eq 0 -a "$(flagged "$S")" -eq 0 -a "$(tsv_rows "$S/results.tsv")" -eq 3
"$CLX" compare "$A" "$S" --fail-on fail --out "$T/cr" > "$T/cr.log" 2>&1; rc=$?
check search_gate_resumed_passes sh -c "test $rc -eq 0 && ! grep -q -e '$CUT_WORDS' -e '(--fail-on fail)' '$T/cr.log'"
# Two finished searches compared: W=8 and W=64 were dropped by each race after one round (8x slower),
# one replicate a side, so their verdicts are UNSURE whatever the code did: compare says that it is
# the search's design, and compares the two searches' bests first (W=1 both: its verdict is the
# machine's, not checked here).
run_clx "$T/c" run "$SPEC" --search --budget 60
C=$rundir
"$CLX" compare "$B" "$C" --out "$T/bc" > "$T/bc.log" 2>&1; rc=$?
# How many rounds each race took to drop them is the machine's (one, mostly; two on a loaded 16-core
# host in make -j16 check), and so is whether both sides dropped both: one or two, with the round
# counts, said either way.
DROPPED="[12] of the 3 configurations in common were dropped by a search's race"
check search_pair_dropped_said sh -c "test $rc -eq 0 && grep -q \"$DROPPED.*UNSURE by the search's design\" '$T/bc.log'"
check search_pair_dropped_md grep -q "$DROPPED" "$T/bc/compare.md"
check search_pair_bests_first sh -c "grep -n \"the searches' bests: the same configuration, W=1 default local=64: \(SAME\|FASTER\|SLOWER\|UNSURE\)\" '$T/bc.log' | head -n 1 | grep -q . && test \$(grep -n 'searches. bests' '$T/bc.log' | cut -d: -f1) -lt \$(grep -n '^  variant' '$T/bc.log' | head -n 1 | cut -d: -f1)"
check search_pair_bests_md grep -q "the searches' bests: the same configuration, W=1 default local=64" "$T/bc/compare.md"
# --quiet keeps the verdicts' counts, and so the lines that say what they are of: the bests, and
# the configurations the races dropped (UNSURE by design), each under its side's counts.
"$CLX" compare "$B" "$C" --quiet --out "$T/bcq" > "$T/bcq.log" 2>&1; rc=$?
check search_pair_quiet_said sh -c "test $rc -eq 0 && grep -q \"the searches' bests: the same configuration, W=1 default local=64\" '$T/bcq.log' && grep -q \"$DROPPED.*UNSURE by the search's design\" '$T/bcq.log' && test \$(grep -n 'configurations in common: ' '$T/bcq.log' | cut -d: -f1) -lt \$(grep -n 'searches. bests' '$T/bcq.log' | cut -d: -f1)"
check search_pair_quiet_no_table test -z "$(grep '^  variant' "$T/bcq.log")"
# Bests that differ: C's copy made to have found W=8 (its rows' notes and run.json's best edited),
# each named with its figure, and no verdict claimed between two configurations.
D=$T/d; rm -rf "$D"; cp -r "$C" "$D"
sed -i -e '/^steps\tW=8\t/s/search: decided SLOWER than the incumbent/search: the best found/' \
       -e '/^steps\tW=1\t/s/search: the best found/search: decided SLOWER than the incumbent/' "$D/results.tsv"
sed -i 's/"best":\([[:space:]]*\)"W=1 /"best":\1"W=8 /' "$D/run.json"
"$CLX" compare "$B" "$D" --out "$T/bd" > "$T/bd.log" 2>&1; rc=$?
check search_pair_bests_differ sh -c "test $rc -eq 0 && grep -q \"the searches' bests differ: A found W=1 default local=64 (.*), B found W=8 default local=64 (.*): B's best is .* A's, by the searches' figures\" '$T/bd.log'"
finish
