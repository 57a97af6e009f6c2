# search_pick.sh — what clx run --search says of its pick beside its figure: its row's standard
# error (the console's best line, run.json's search, report.md), and, its row flagged noisy, that the
# figure may not repeat with the command that measures it alone; a next fastest not decided: that it
# is not confirmed. A search's episode is said without rounds it never took. A resumed search's
# trajectory marks where it was stopped and resumed.
# fixtures/growing.spec's every launch is slower than the one before, so its rows' rounds scatter
# (flag noisy, an episode) on any device under any load; which of its two twins wins does not matter.
. tests/e2e/lib.sh

T=$TMP/search_pick
mkdir -p "$T"
run_clx_loud "$T/g" run tests/e2e/fixtures/growing.spec --search --budget 30
log=$T/g.log
t=$rundir/results.tsv
check pick_exit_0 test "$rc" -eq 0
# best_row COLUMN: the best's row's cell (its timing note says "search: the best found").
best_row() {
    awk -F'\t' -v col="$1" '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
        index($c["timing_note"], "search: the best found") { print $c[col] }' "$t"
}
se=$(best_row time_se)
check pick_fixture_noisy test -n "$se" -a -n "$(best_row flag | grep noisy)"
json_se=$(sed -n 's/.*"best_time_se":[[:space:]]*\([0-9.e+-]*\).*/\1/p' "$rundir/run.json" | head -n 1)
# The figure's +/- is the row's time_se as fmt_pct writes a percentage (two digits, whole from 10%),
# from run.json's full figure: results.tsv's three digits can round the other way (21.5% for 21.49%).
pm=$(awk -v s="$json_se" 'BEGIN { p = 100 * s; if (p >= 10) printf "%.0f%%", p; else printf "%.2g%%", p }')
check pick_best_pm grep -qF "clx: search: best X=$(best_row X) default local=64: " "$log"
# Its +/- is the median's error as the race decides by it; the row's time_se is said beside it.
check pick_best_pm_is_time_se grep -Eq "^clx: search: best .* \+/- [0-9.]+% \(median of [0-9]+ rounds; \+/- the standard error of that median, as the race decides by it; its row's time_se, of the rounds' standard deviation: $pm\)" "$log"
check pick_json_time_se test -n "$json_se" -a "$(awk -v x="$json_se" 'BEGIN { printf "%.3g", x }')" = "$se"
check pick_json_noisy grep -Eq '"best_noisy":[[:space:]]*true' "$rundir/run.json"
# Flagged noisy: the words, and a command that measures the pick alone, which does (one row, the pick).
check pick_may_not_repeat grep -q '^clx: search: the best: its figure may not repeat: its rounds scatter (flag noisy' "$log"
# It measures the pick as the search did: its row's rounds and trials, and no more rounds (a sweep's
# own would be the spec's, doubled for an episode, which this fixture's rows have).
# Its variant is picked by its id, so that the run names it as the search's row is named (a --set of
# each parameter named it after the spec, which clx compare found in no row of the search's).
check pick_measure_again grep -Eq "^clx: search: measure the best again alone: .* run tests/e2e/fixtures/growing.spec --set variant=X=$(best_row X) --trials $(best_row trials) --rounds $(best_row rounds) --max-rounds $(best_row rounds)\$" "$log"
again=$(sed -n 's/^clx: search: measure the best again alone: //p' "$log")
rm -rf "$T/again"
eval "$again --out \"$T/again\" --quiet" > "$T/again.log" 2>&1
again_rc=$?
again_t=$(ls -d "$T"/again/*-*-* | head -n 1)/results.tsv
check pick_again_measures_it test "$again_rc" -eq 0 -a "$(tsv_rows "$again_t")" -eq 1 -a "$(tsv_col "$again_t" X)" = "$(best_row X)"
check pick_again_as_searched test "$(tsv_col "$again_t" rounds) $(tsv_col "$again_t" trials)" = "$(best_row rounds) $(best_row trials)"
check pick_again_named_as_searched test "$(tsv_col "$again_t" variant)" = "$(best_row variant)"
# clx compare joins the two runs on it: the search's best and the run that measured it again.
rm -rf "$T/cmp"
"$CLX" compare "$rundir" "$(dirname "$again_t")" --out "$T/cmp" > "$T/cmp.log" 2>&1
cmp_rc=$?
check pick_again_compares test "$cmp_rc" -ne 4 -a "$cmp_rc" -ne 2 -a -n "$(grep '^clx: compare growing: 1 configuration in common' "$T/cmp.log")"
check pick_again_no_share_no test -z "$(grep 'share no variant' "$T/cmp.log")"
# Not confirmed where the next fastest is not decided (its twin: their rounds scatter alike); its floor
# said as every floor is (floor_said.h): a percentage, above 100% a factor, past 10000x no number.
if grep '^clx: search: next ' "$log" | head -n 1 | grep -Eq ': not decided( \(the verdict.s noise floor, ([0-9.]+%|a factor of [0-9.]+|beyond a factor of 10000 \(.*\))\))?$'; then
    # (Then, where the race ended with most of its budget unspent, why a larger one would not decide it.)
    check pick_not_confirmed grep -Eq '^clx: search: the best: it is not confirmed: the next fastest is not decided against it(; the search ended with [0-9]+% of its budget unspent, and a larger --budget would not decide it: .*)?$' "$log"
    check pick_json_not_confirmed grep -Eq '"best_confirmed":[[:space:]]*false' "$rundir/run.json"
else
    check pick_confirmed_not_said test -z "$(grep 'not confirmed' "$log")"
fi
# report.md's search section says the same.
"$CLX" report "$rundir" --quiet > "$T/report.log" 2>&1
md=$rundir/report.md
check pick_report_pm grep -Eq "The best found: \*\*X=$(best_row X) default local=64\*\*, [0-9.e-]+ GB/s \+/- $pm \(the median of its [0-9]+ rounds; \+/- its standard error, its row's \`time_se\`\)" "$md"
check pick_report_may_not_repeat grep -q 'Its figure may not repeat: its rounds scatter (flag noisy' "$md"
check pick_report_measure_again grep -qF "Measure it again alone: \`$again\`." "$md"

# A search's episode (a round of one trial apart from the others, which predict no noise): said
# without rounds taken for it (the race decides them), its percentage without an exponent.
check episode_said test "$(grep -c 'an episode, measured no further for it (the search.s race decides its rounds)' "$t")" -ge 1
check episode_no_rounds_taken test -z "$(grep 'more rounds taken' "$t")"
check episode_no_exponent test -z "$(tsv_col "$t" timing_note | grep -E '[0-9]e[+-][0-9]+%')"
check episode_no_zero_noise test -z "$(grep 'the noise its trials predict, 0%' "$t")"
check episode_compared_said grep -q 'over the 2% an episode takes at least; its trials predict no noise to compare with' "$t"
check episode_not_remeasured test -z "$(grep 'were measured again' "$log")"

# The trajectory of a stopped and resumed search: where a step's wall_s (seconds since its process
# began) goes back, a new process resumed it; the line goes at the device seconds spent before it.
# Made from this search's log, the step after its fourth said to be a resumed process's first.
rm -rf "$T/resumed"
cp -r "$rundir" "$T/resumed"
awk -F'\t' 'BEGIN { OFS = "\t" } NR == 6 { $10 = 0.001 } { print }' "$rundir/search.tsv" > "$T/resumed/search.tsv"
stop_at=$(awk -F'\t' 'NR == 5 { print $9 }' "$rundir/search.tsv")
"$CLX" report "$T/resumed" --quiet > "$T/resumed.log" 2>&1
check_drawn resumed_marked grep -q "^set arrow from $(awk -v x="$stop_at" 'BEGIN { printf "%.6g", x }'), graph 0 .* nohead dt 2" \
    "$T/resumed/plots/search.gp"
check_drawn resumed_keyed grep -q 'title "where the search was stopped and resumed"' "$T/resumed/plots/search.gp"
check_drawn resumed_once test "$(grep -c '^set arrow.* dt 2 ' "$T/resumed/plots/search.gp")" -eq "$(grep -c '^set multiplot' "$T/resumed/plots/search.gp")"
check_drawn not_resumed_unmarked test -z "$(grep 'set arrow.* dt 2 ' "$rundir/plots/search.gp")"
# The budget (30 s) is a line of its own with its label, the axis reaching it where the search spent
# less; the incumbent's line is titled as what it draws: its median so far, which moves either way.
check_drawn budget_line grep -q '^set arrow from 30, graph 0 to 30, graph 1 nohead lw' "$rundir/plots/search.gp"
check_drawn budget_labelled grep -q '^set label "the budget (30 s)" at 30, graph' "$rundir/plots/search.gp"
if awk -F'\t' 'NR > 1 && $6 == 1 && $7 > 0 && $9 > s { s = $9 } END { exit !(s < 30) }' "$rundir/search.tsv"; then
    check_drawn budget_in_range grep -q '^set xrange \[0:31.2\]' "$rundir/plots/search.gp"
fi
check_drawn incumbent_median_keyed grep -q "title \"the incumbent's median so far (it moves as its rounds come in)\"" "$rundir/plots/search.gp"
check_drawn incumbent_not_best_so_far test -z "$(grep 'the best so far' "$rundir/plots/search.gp")"

# A resumed search's best whose rounds in search.tsv scatter, its row (one process's) quiet: said as
# the figure that may not repeat, by the noisy rule over all its rounds, with the command; report.md's
# table marks its row with its figure of all its rounds. fixtures/steps.spec's W=1 is the best 8x
# ahead of the others (tests/e2e/search_resume.sh): stopped after 11 rounds it has all but its last
# (the 10th) logged; its logged rounds are made to scatter (every other one halved, the others half
# as slow again: its median stays, the race asks for what it asked), and the resume measures one
# round, its row's only: a row of one round is never flagged noisy. Before, nothing was said.
rm -rf "$T/rs"
CLX_STOP_AFTER_ROUNDS=11 "$CLX" run tests/e2e/fixtures/steps.spec --search --budget 60 --out "$T/rs" > "$T/rs1.log" 2>&1
rs=$(ls -d "$T"/rs/steps-* | head -n 1)
awk -F'\t' 'BEGIN { OFS = "\t" } NR > 1 && $3 == "W=1" { k++; f = k % 2 ? 0.5 : 1.5; $7 = $7 / f; $13 = $13 * f } { print }' \
    "$rs/search.tsv" > "$T/rs.tsv" && cat "$T/rs.tsv" > "$rs/search.tsv"
"$CLX" run --resume "$rs" > "$T/rs2.log" 2>&1
rs_rc=$?
w1_rounds=$(awk -F'\t' 'NR > 1 && $3 == "W=1"' "$rs/search.tsv" | wc -l)
w1_row=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["variant"] == "W=1" { print $c["rounds"] "/" $c["flag"] }' "$rs/results.tsv")
if [ "$rs_rc" -eq 0 ] && [ "$w1_rounds" -gt 1 ] && ! echo "$w1_row" | grep -q noisy && grep -q '^clx: search: best W=1 ' "$T/rs2.log"; then
    check resumed_may_not_repeat grep -q "^clx: search: the best: its figure may not repeat: its $w1_rounds rounds in search.tsv, measured before and after a stop, scatter (a standard error of [0-9.]*%, their spread [0-9.]*%: the noisy rule over all of them; its row in results.tsv holds ${w1_row%%/*} of them, one process's, and is not flagged noisy)" "$T/rs2.log"
    check resumed_measure_again grep -q "^clx: search: measure the best again alone: .* run tests/e2e/fixtures/steps.spec --set variant=W=1 --trials [0-9]* --rounds $w1_rounds --max-rounds $w1_rounds\$" "$T/rs2.log"
    check resumed_json_words grep -q '"best_may_not_repeat":[[:space:]]*"its figure may not repeat: its [0-9]* rounds in search.tsv' "$rs/run.json"
    "$CLX" report "$rs" --quiet > "$T/rs-report.log" 2>&1
    check resumed_report_says_table grep -q "^The fastest configurations measured, each by its row in results.tsv, as the plots of the rows draw them: the best's row holds ${w1_row%%/*} of its $w1_rounds rounds, one process's" "$rs/report.md"
    check resumed_report_marks_best grep -Eq "^\| W=1 default local=64 \| [0-9.e-]+ GB/s \(its row's; \*\*[0-9.e-]+ GB/s\*\* of all its $w1_rounds rounds, the best's figure\) \|" "$rs/report.md"
    check resumed_report_rows_ranked test "$(grep -c '^| W=[0-9]* default local=64 | ' "$rs/report.md")" -eq 3
else
    skip resumed_may_not_repeat "the stopped search did not leave W=1 the best with a quiet row (rc $rs_rc, $w1_rounds rounds, row $w1_row)"
fi
finish
