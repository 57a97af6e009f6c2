# history_failon.sh — clx history --fail-on slower|fail: clx compare's gate on the last run (by date)
# against the run before it and against the first, exit 1 with each reason (its configurations and
# runs) on the console's last lines and in history.md; a drift in an earlier run that the last run
# undid fails nothing; a regression of configurations a run between skipped fails as clx compare of
# the two runs fails; a clean history exits 0; a bad value is a command-line error naming the
# option. The runs are one model run and copies of it with times scaled by set factors and a row's
# status set, so every verdict is the same on any machine, however loaded.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/history_failon
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# planted TSV: the configurations history.tsv's last step calls SLOWER ($2: its verdict column).
planted() { awk -F'\t' -v col="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c[col] == "SLOWER" { n++ } END { print n + 0 }' "$1"; }
# fail_row DIR: the first row of variant fast, build default, N=1000, TERMS=1, local=64 FAIL (its output
# not the expected one), run.json's counts with it.
fail_row() {
    awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        !done && $c["variant"] == "fast" && $c["build"] == "default" && $c["N"] == 1000 && $c["TERMS"] == 1 && $c["local"] == 64 {
            $c["status"] = "FAIL"; done = 1 } { print }' "$1/results.tsv" > "$1/r.tmp" && mv "$1/r.tmp" "$1/results.tsv"
    ok=$(($(tsv_rows "$1/results.tsv") - 1))
    sed -i "s/\"ok\": [0-9]*, \"fail\": 0/\"ok\": $ok, \"fail\": 1/" "$1/run.json"
}
SLOW='$c["TERMS"] == 1 && $c["variant"] == "fast" && $c["build"] == "default"'

# A, B, C: one sweep on three days, each a hair apart (no copy of another), nothing drifted.
A=$T/A B=$T/B C=$T/C
make_run "$A" fixture 1 "1000 2000" "" rounds
copy_run "$A" "$B" 24; scale "$B" 1 1.001
copy_run "$A" "$C" 25; scale "$C" 1 0.999

# A clean history passes either gate: exit 0, and history.md says the gate passed.
"$CLX" history "$A" "$B" "$C" --fail-on slower --out "$T/clean" > "$T/clean.log" 2>&1; rc=$?
check failon_clean_exit test "$rc" -eq 0
check failon_clean_md grep -q '^## Gate: --fail-on slower$' "$T/clean/history.md"
check failon_clean_md_passed grep -q '^Passed: nothing it fails on' "$T/clean/history.md"
check failon_clean_console_quiet test -z "$(grep -- '(--fail-on slower)$' "$T/clean.log")"

# SLOWER planted in the last run: fast's default build at TERMS=1, 1.5x (4 configurations). The
# option was unknown before (exit 2); now exit 1, the configurations named against run 2 and run 1.
S=$T/S
copy_run "$C" "$S" 25; scale "$S" "$SLOW" 1.5
"$CLX" history "$A" "$B" "$S" --fail-on slower --out "$T/slow" > "$T/slow.log" 2>&1; rc=$?
check failon_slower_premise test "$(planted "$T/slow/history.tsv" verdict_2_3)" -eq 4
check failon_slower_exit test "$rc" -eq 1
check failon_slower_step_named grep -qE '^clx: history: 4 configurations SLOWER in run 3 than in run 2: fast default N=1000 TERMS=1 local=64 \(0\.6[0-9]*x .*\(--fail-on slower\)$' "$T/slow.log"
check failon_slower_span_named grep -qE '^clx: history: 4 configurations SLOWER in run 3 than in run 1: fast default .*\(--fail-on slower\)$' "$T/slow.log"
check failon_slower_last_lines test "$(tail -n 2 "$T/slow.log" | grep -c -- '(--fail-on slower)$')" -eq 2
check failon_slower_md grep -q '^- 4 configurations SLOWER in run 3 than in run 2: fast default N=1000 TERMS=1 local=64' "$T/slow/history.md"
check failon_slower_md_failed grep -q '^\*\*Failed\*\* (exit 1)' "$T/slow/history.md"
# --fail-on fail does not fail on SLOWER (the verdicts that load moves).
"$CLX" history "$A" "$B" "$S" --fail-on fail --out "$T/slowfail" > "$T/slowfail.log" 2>&1; rc=$?
check failon_fail_passes_slower test "$rc" -eq 0
# Without --fail-on, nothing changes: exit 0, no gate section.
"$CLX" history "$A" "$B" "$S" --out "$T/nogate" > "$T/nogate.log" 2>&1; rc=$?
check failon_none_exit test "$rc" -eq 0 -a -z "$(grep '^## Gate' "$T/nogate/history.md")"

# A drift in run 2 that run 3 undid is no failure of the last run: the gate judges the last one.
M=$T/M
copy_run "$B" "$M" 24; scale "$M" "$SLOW" 1.5
"$CLX" history "$A" "$M" "$C" --fail-on slower --out "$T/mid" > "$T/mid.log" 2>&1; rc=$?
check failon_middle_premise test "$(planted "$T/mid/history.tsv" verdict_1_2)" -eq 4
check failon_middle_passes test "$rc" -eq 0
# One that crept in and stayed (run 2 as slow as run 3: their step SAME) fails against the first.
"$CLX" history "$A" "$M" "$S" --fail-on slower --out "$T/crept" > "$T/crept.log" 2>&1; rc=$?
check failon_crept_exit test "$rc" -eq 1
check failon_crept_span_only test -n "$(grep 'SLOWER in run 3 than in run 1: ' "$T/crept.log")" -a \
    -z "$(grep 'SLOWER in run 3 than in run 2' "$T/crept.log")"

# A regression of configurations a run between skipped (K: fast's local=64 never measured) fails the
# gate against the first run as clx compare FIRST LAST fails: each pair is decided over the
# configurations both runs have, not only those every run has (history's verdicts leave them out).
K=$T/K L=$T/L
make_run "$T/K0" fixture 1 "1000 2000" skip rounds
copy_run "$T/K0" "$K" 24; scale "$K" 1 1.001
copy_run "$C" "$L" 25; scale "$L" "$SLOW"' && $c["local"] == 64' 1.5
"$CLX" history "$A" "$K" "$L" --fail-on slower --out "$T/skipped" > "$T/skipped.log" 2>&1; rc=$?
"$CLX" compare "$A" "$L" --fail-on slower --out "$T/skipped_cmp" > "$T/skipped_cmp.log" 2>&1; crc=$?
check failon_skipped_premise test "$crc" -eq 1 -a -n "$(grep '^clx: compare: 2 configurations SLOWER than A' "$T/skipped_cmp.log")"
check failon_skipped_exit test "$rc" -eq 1
check failon_skipped_span_named grep -qE '^clx: history: 2 configurations SLOWER in run 3 than in run 1: fast default N=1000 TERMS=1 local=64 \(0\.6[0-9]*x .*N=2000 TERMS=1 local=64 .*\(--fail-on slower\)$' "$T/skipped.log"
check failon_skipped_not_step test -z "$(grep 'SLOWER in run 3 than in run 2' "$T/skipped.log")"

# A FAIL row in the last run fails --fail-on fail (and slower), said as clx compare says it.
F=$T/F
copy_run "$C" "$F" 25; fail_row "$F"
check failon_fail_premise test "$(tsv_count "$F/results.tsv" status FAIL)" -eq 1
"$CLX" history "$A" "$B" "$F" --fail-on fail --out "$T/fail" > "$T/fail.log" 2>&1; rc=$?
check failon_fail_exit test "$rc" -eq 1
check failon_fail_said grep -q "^clx: history: 1 configuration did not pass on run 3 (1 FAIL) where run 2's passed (--fail-on fail)$" "$T/fail.log"
check failon_fail_said_first grep -q "^clx: history: 1 configuration did not pass on run 3 (1 FAIL) where run 1's passed (--fail-on fail)$" "$T/fail.log"
check failon_fail_md grep -q "^- 1 configuration did not pass on run 3 (1 FAIL) where run 2's passed$" "$T/fail/history.md"
"$CLX" history "$A" "$B" "$F" --fail-on slower --out "$T/fails" > "$T/fails.log" 2>&1; rc=$?
check failon_fail_under_slower test "$rc" -eq 1 -a -n "$(grep 'did not pass on run 3 (1 FAIL).*(--fail-on slower)$' "$T/fails.log")"
# A FAIL row in an earlier run that the last run passes fails nothing.
"$CLX" history "$A" "$F" "$C" --fail-on fail --out "$T/failmid" > "$T/failmid.log" 2>&1; rc=$?
check failon_fail_earlier_passes test "$rc" -eq 0

# A bad value: a command-line error naming the option, nothing written.
"$CLX" history "$A" "$B" --fail-on faster --out "$T/bad" > "$T/bad.log" 2>&1; rc=$?
check failon_bad_value test "$rc" -eq 2 -a ! -e "$T/bad"
check failon_bad_value_said grep -q -- "--fail-on takes 'slower'.*not 'faster'" "$T/bad.log"
finish
