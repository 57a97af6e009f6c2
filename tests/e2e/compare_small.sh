# compare_small.sh — clx compare and clx history on a small sweep (6 configurations: too few to
# measure how far runs differ beyond their rounds), on model runs (no device): where the decided
# configurations between runs of one setup all went one way, that is said to look as a run's own
# level looks and to be no more told from a change of those configurations (console, compare.md,
# --fail-on slower's line, history); decided both ways it is not, nor one row of 16; and the advice
# for a configuration left UNSURE by its own floor (one slow round) comes from that floor and its
# difference, not from the median floor. The runs are one model run and copies of it with times scaled by set factors, so every
# verdict is the same on any machine.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/compare_small
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# A: 6 configurations (N 1000, TERMS 1; fast at local 128 only; two builds), five rounds a row 0.1%
# apart, and the rounds column a run writes (the advice counts rounds by it).
A=$T/A
make_run "$A" fixture 1 "1000" skip rounds
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "TERMS") t = i; print $0, "rounds"; next }
    $t == 1 { print $0, 5 }' "$A/results.tsv" > "$A/r.tmp" && mv "$A/r.tmp" "$A/results.tsv"
sed -i 's/"ok": [0-9]*/"ok": 6/' "$A/run.json"
check small_premise test "$(tsv_rows "$A/results.tsv")" -eq 6

# B: every row 3% slower (what four identical optflags --quick --rounds 10 runs on PoCL gave: 6 of 6
# SLOWER at 0.966-0.982x). Every one SLOWER; said as how a run's level looks, with the count and the
# shift, and as what a change of every kernel would give as well; the clear case's words not (6 < 8).
copy_run "$A" "$T/B" 24
scale "$T/B" 1 1.03
"$CLX" compare "$A" "$T/B" --out "$T/cb" > "$T/cb.log" 2>&1; rc=$?
check small_level_premise test "$rc" -eq 0 -a "$(tsv_count "$T/cb/compare.tsv" verdict_B SLOWER)" -eq 6
said='B slower than A in 6 of 6 configurations (0.971x in the median; the 6 decided, all SLOWER, at 0.971x): between runs of one setup a run.s own level looks like this (the machine.s load or clocks: steady within a run, not between runs, and moving rows of other kinds by other amounts), and with 6 configurations (under 8: too few to measure how far runs differ beyond their rounds) it cannot be told from a change that slowed every configuration as much: run both again (a run.s level changes from run to run, a change stays), or compare within one run (--by), where both sides share one level'
check small_level_console grep -q "^B vs A: the noise floor is .*; $said\.\$" "$T/cb.log"
check small_level_md grep -q "; $said\.\$" "$T/cb/compare.md"
check small_level_not_moved test -z "$(grep 'the whole run moved' "$T/cb.log")"
# --fail-on slower still fails (exit 1), its line carrying the same words.
"$CLX" compare "$A" "$T/B" --fail-on slower --out "$T/cbf" > "$T/cbf.log" 2>&1; rc=$?
check small_level_fail_on test "$rc" -eq 1 -a -n "$(grep "^clx: compare: 6 configurations SLOWER than A (--fail-on slower); $said\$" "$T/cbf.log")"
# history: after the drift's counts, in run numbers, on the console and in history.md.
"$CLX" history "$A" "$T/B" --out "$T/hb" > "$T/hb.log" 2>&1; rc=$?
hsaid='run 2 slower than run 1 in 6 of 6 configurations (0.971x in the median; the 6 decided, all SLOWER, at 0.971x): between runs of one setup a run.s own level looks like this'
check small_level_history test "$rc" -eq 0 -a -n "$(grep "^The last run against the first: 0 SAME, 0 FASTER, 6 SLOWER, 0 UNSURE (alpha 0.01, min-effect 1%); $hsaid.*; drifted:\$" "$T/hb.log")"
check small_level_history_md grep -q "6 SLOWER, 0 UNSURE (alpha 0.01, min-effect 1%); $hsaid" "$T/hb/history.md"

# D: one configuration 10% slower, the others as they were: in 6 configurations a run's level can do
# that too (two identical optflags runs on PoCL under load: the default build's 3 rows 21% slower,
# the -cl-opt-disable ones the same), said with its counts.
copy_run "$A" "$T/D" 25
scale "$T/D" '$c["variant"] == "fast" && $c["build"] == "default"' 1.10
"$CLX" compare "$A" "$T/D" --out "$T/cd" > "$T/cd.log" 2>&1; rc=$?
check small_one_premise test "$rc" -eq 0 -a "$(tsv_count "$T/cd/compare.tsv" verdict_B SLOWER)" -eq 1
check small_one_said grep -q '; B slower than A in 1 of 6 configurations (1.000x in the median; the one decided SLOWER at 0.909x): between runs of one setup .* a change that slowed the decided one as much' "$T/cd.log"
# F: one 10% slower and another 10% faster: no level moves rows both ways; nothing said, and
# --fail-on slower's line is the count alone.
copy_run "$T/D" "$T/F" 25
scale "$T/F" '$c["variant"] == "naive" && $c["build"] == "default" && $c["local"] == 64' 0.9
"$CLX" compare "$A" "$T/F" --fail-on slower --out "$T/cf" > "$T/cf.log" 2>&1; rc=$?
check small_both_ways_premise test "$rc" -eq 1 -a "$(tsv_count "$T/cf/compare.tsv" verdict_B SLOWER)" -eq 1 -a \
    "$(tsv_count "$T/cf/compare.tsv" verdict_B FASTER)" -eq 1
check small_both_ways_quiet test -z "$(grep -e 'cannot be told' -e 'own level' "$T/cf.log" "$T/cf/compare.md")"
check small_both_ways_fail_line grep -q '^clx: compare: 1 configuration SLOWER than A (--fail-on slower)$' "$T/cf.log"
# G: 16 configurations (the runs' scatter measured from them), one 10% slower: nothing said.
make_run "$T/G1" fixture 1 "1000" "" rounds
copy_run "$T/G1" "$T/G2" 25
scale "$T/G2" '$c["variant"] == "fast" && $c["build"] == "default" && $c["TERMS"] == 1 && $c["local"] == 64' 1.10
"$CLX" compare "$T/G1" "$T/G2" --out "$T/cg" > "$T/cg.log" 2>&1; rc=$?
check small_sixteen_premise test "$rc" -eq 0 -a "$(tsv_rows "$T/cg/compare.tsv")" -eq 16 -a \
    "$(tsv_count "$T/cg/compare.tsv" verdict_B SLOWER)" -eq 1
check small_sixteen_quiet test -z "$(grep -e 'cannot be told' -e 'own level' "$T/cg.log")"

# E: one configuration 1.8% slower with its first round at twice the others (optflags --quick on
# PoCL: a 41% floor from one slow round under a median floor of 2.1%): UNSURE by its own floor, which
# that one round makes. The line names the configuration, the round and both floors, and asks for a
# steadier run (run both again), not --rounds 10 (which the old words offered, reasoning from the
# median floor: "these differ by more than it").
copy_run "$A" "$T/E" 26
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    $c["variant"] == "naive" && $c["build"] == "default" && $c["local"] == 64 {
        t = $c["median_ms"] * 1.018; $c["median_ms"] = t; $c["gflops"] /= 1.018; $c["gbs"] /= 1.018
        $c["round_ms"] = sprintf("%.8g;%.8g;%.8g;%.8g;%.8g", 2 * t, t * 0.998, t * 0.999, t, t * 1.001) }
    { print }' "$A/results.tsv" > "$T/E/results.tsv"
"$CLX" compare "$A" "$T/E" --out "$T/ce" > "$T/ce.log" 2>&1; rc=$?
check small_own_floor_premise test "$rc" -eq 0 -a "$(tsv_count "$T/ce/compare.tsv" verdict_B UNSURE)" -eq 1 -a \
    "$(tsv_count "$T/ce/compare.tsv" verdict_B SAME)" -eq 5
check small_own_floor_said grep -qE "; 1 configuration is UNSURE by one round far out \(.*a run without such a round decides it: run both again\): naive default N=1000 TERMS=1 local=64: B.s round of [0-9.]+ ms against [0-9.]+ ms, its other rounds. median \(2\.00[0-9]x\), puts its floor at [0-9]+% \([0-9.]+% without it\); 1 of 6 configurations is UNSURE: [^;]*\.$" "$T/ce.log"
check small_own_floor_no_rounds test -z "$(grep -e '--rounds 10' -e 'differ by more than it' "$T/ce.log")"
finish
