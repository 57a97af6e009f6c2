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
finish
