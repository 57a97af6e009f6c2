# verdicts.sh — clx compare's verdicts on the first device (PoCL in CI): identical code in one run
# is at most once in 4 called FASTER or SLOWER (5 paired rounds decide only when every round agrees:
# about 1 in 100 per configuration by chance); the default build against -cl-opt-disable in one run
# is decided; a run against a copy of itself decides nothing, and one run named twice is refused;
# --by names what a name that is no axis is (exit 2); two runs state their noise floor; runs
# that differ only in their build are joined along it; --fail-on slower; clx history; a folder of
# runs (clx run --out) is read through its latest. Only verdicts,
# counts and files are compared, and each claim is one the noise cannot turn (a 5-25x difference,
# identical data, or a chance far below one in a thousand). How often two separate runs agree
# depends on load: docs/compare.md measures it on a quiet GPU.
# clx-test: long (tests/run.sh starts it first)
. tests/e2e/lib.sh
T=$TMP/verdicts
rm -rf "$T"; mkdir -p "$T"

# count_verdicts TSV WORD...: rows of compare.tsv whose verdict_B is one of the words.
count_verdicts() {
    f=$1; shift
    tsv_col "$f" verdict_B | awk -v w=" $* " 'index(w, " " $1 " ") { n++ } END { print n + 0 }'
}

# -w changes nothing the kernel does: in one run, with rounds, at most 1 configuration of 4 is
# FASTER or SLOWER (two by chance: about 6 in 10,000). Rows are paired where both took the same
# rounds: --max-rounds 5 adds none for a loaded host's episode, and --max-time 600 cuts no round's
# trials, and --round-gap 600 keeps every later round until each configuration's first is done, so
# that the rounds go in passes of all eight whatever the host's load (with the default 2 s, a loaded
# host's first rounds took 12 s and later rounds came due among them: a row one pass behind
# another, and no pair).
run_clx "$T/w" run volkov_fma --quick --build ',-w' --rounds 5 --max-rounds 5 --max-time 600 --round-gap 600
"$CLX" compare "$rundir" --by build --out "$T/w-cmp" > "$T/w-cmp.log" 2>&1; rc=$?
t=$T/w-cmp/compare.tsv
check verdict_same_code_exit test "$rc" -eq 0
check verdict_same_code_rows test "$(tsv_rows "$t")" -eq 4
check verdict_same_code_none_decided test "$(count_verdicts "$t" FASTER SLOWER)" -le 1
check verdict_same_code_along grep -q 'configurations in common, compared along build' "$T/w-cmp.log"
check verdict_same_code_paired test "$(tsv_col "$t" paired_B | grep -c '^yes$')" -ge 1
# The folder given to --out holds the run (and `latest`): named instead of the run, it is read
# through its latest, which the console says.
"$CLX" compare "$T/w" --by build --out "$T/w-cmp-out" > "$T/w-cmp-out.log" 2>&1; rc=$?
check verdict_out_folder_read test "$rc" -eq 0 -a "$(tsv_rows "$T/w-cmp-out/compare.tsv")" -eq 4
check verdict_out_folder_said grep -q "$T/w is a folder of runs: reading its latest, " "$T/w-cmp-out.log"

# The default build against -cl-opt-disable in one run: at least 9 of 10 configurations decided, as
# issue 24 asks (10 rounds: with 5 against 5 the rank test needs every round apart); --fail-on
# slower then exits 1. ILP 4 alone: 7-19x apart per unit of work on PoCL here under two busy loops.
# ILP 1's no-opt kernels last 0.1-0.6 ms, and under that load its builds came 1.1-2.3x apart with
# rounds 25-190% apart: UNSURE is the honest verdict there, and in 2 of 17 runs fewer than 9 of
# ILP 1 and 4's ten were decided.
run_clx "$T/o" run volkov_fma --quick --set ILP=4 --trials 20 --rounds 10 --local 32,64,96,128,160,192,224,256,288,320
o=$rundir
"$CLX" compare "$o" --by build --out "$T/o-cmp" > "$T/o-cmp.log" 2>&1
# The premise: the builds at least 1.5x apart per unit of work in 9 of the 10 configurations. An
# implementation whose -cl-opt-disable changes little (PoCL 5 on a 16-core host: some
# configurations within 2x) has nothing for this case to decide; it says so instead. (A premise of
# 2x in every configuration skipped this case in 17 of 20 runs under two busy loops.)
# And the host quiet enough that the rounds' noise floor stays under 100% there: under ASan beside a
# full make check and other loads, floors of 10-14x (1,000-1,400%) left a 6.5x pair UNSURE, which is
# the honest verdict on rounds that far apart, not a fault of the rule.
apart=$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) { if ($i == "speedup_B") s = i; if ($i == "floor_B") f = i }
                                        h = 1; next }
    $s > 0 { x = $s < 1 ? 1 / $s : $s; if (x >= 1.5 && $f != "" && $f < 1) n++ } END { print n + 0 }' "$T/o-cmp/compare.tsv")
if [ "$apart" -ge 9 ]; then
    check verdict_opt_decided test "$(count_verdicts "$T/o-cmp/compare.tsv" FASTER SLOWER)" -ge 9
    check verdict_summary_counts awk '/^  all / { found = $2 == 10 && $3 == 0 && $4 + $5 >= 9 && $4 + $5 + $6 == 10 }
        END { exit !found }' "$T/o-cmp.log"
else
    skip verdict_opt_decided "-cl-opt-disable within 1.5x of the default build, or the rounds' noise floor 100% or more, in 2 or more configurations here"
    skip verdict_summary_counts "-cl-opt-disable within 1.5x of the default build, or the rounds' noise floor 100% or more, in 2 or more configurations here"
fi
"$CLX" compare "$o" --by build --out "$T/o-fail" --fail-on slower > "$T/o-fail.log" 2>&1; rc=$?
if [ "$(count_verdicts "$T/o-fail/compare.tsv" SLOWER)" -gt 0 ]; then
    check verdict_fail_on_slower test "$rc" -eq 1 -a -n "$(grep 'SLOWER than A (--fail-on slower)' "$T/o-fail.log")"
else
    check verdict_fail_on_slower test "$rc" -eq 0
fi
check verdict_md grep -q '^## Verdicts against A' "$T/o-cmp/compare.md"
check_drawn verdict_plot test -s "$T/o-cmp/verdicts.svg"
# Each verdict's bars in a colour of its meaning (the palette's order gave SLOWER green, FASTER vermillion).
check_drawn verdict_plot_colours sh -c "grep -q 'lc rgb \"#009E73\" title \"FASTER\"' '$T/o-cmp/verdicts.gp' &&
    grep -q 'lc rgb \"#D55E00\" title \"SLOWER\"' '$T/o-cmp/verdicts.gp'"

# Two separate runs of the same sweep: whether they agree depends on the machine's load (CI's
# 2 cores once decided 3 of 8), so that is measured on a quiet device (docs/compare.md), not here.
# What cannot depend on load: a run compared with a copy of itself decides nothing, and the
# floor and verdict vocabulary of two real runs are said.
run_clx "$T/q1" run volkov_fma --quick
q1=$rundir
cp -r "$q1" "$T/q1copy"
"$CLX" compare "$q1" "$T/q1copy" --out "$T/self" > "$T/self.log" 2>&1
check verdict_self_decides_nothing test "$(count_verdicts "$T/self/compare.tsv" FASTER SLOWER)" -eq 0 -a "$(tsv_rows "$T/self/compare.tsv")" -gt 0
# --min-effect as people say a share (5%), the same as its fraction; the files made are all named.
"$CLX" compare "$q1" "$T/q1copy" --min-effect 5% --out "$T/pct" > "$T/pct.log" 2>&1; rc=$?
check verdict_min_effect_pct test "$rc" -eq 0 -a -n "$(grep 'difference is at least 5%' "$T/pct/compare.md")"
check_drawn verdict_files_named grep -q "^clx: compare: $T/pct/compare.md, compare.tsv, speedup.png, verdicts.png" "$T/pct.log"
"$CLX" history "$T/q1" "$T/q1copy" --out "$T/h-once" > "$T/h-once.log" 2>&1
check history_latest_said_once test "$(grep -c 'is a folder of runs: reading its latest' "$T/h-once.log")" -eq 1
check verdict_self_copy_said grep -q "^clx: $T/q1copy holds the rows of $q1 cell for cell (a copy of one run)" "$T/self.log"
check verdict_self_copy_md grep -q "^\*\*$T/q1copy holds the rows of $q1 cell for cell\*\* (a copy of one run)" "$T/self/compare.md"
# One run named twice (its folder, and the folder of runs whose latest it is): refused, nothing
# written; its verdicts would be of the run's own rounds, said to be run-to-run noise.
"$CLX" compare "$q1" "$T/q1" --out "$T/twice" > "$T/twice.log" 2>&1; rc=$?
check verdict_same_run_refused test "$rc" -eq 4 -a ! -e "$T/twice"
check verdict_same_run_said grep -q "^clx: compare: $q1 and $T/q1 are the same run (" "$T/twice.log"
"$CLX" history "$T/q1" "$q1" --out "$T/twice-h" > "$T/twice-h.log" 2>&1; rc=$?
check history_same_run_refused test "$rc" -eq 4 -a -n "$(grep '^clx: history: .* are the same run (' "$T/twice-h.log")"
# A side timed by the host clock (rusticl's: its events do not time kernels) is said, in both outputs.
cp -r "$q1" "$T/q1host"
sed -E 's/("used":[[:space:]]*)"events"/\1"host"/' "$q1/run.json" > "$T/q1host/run.json"
"$CLX" compare "$q1" "$T/q1host" --out "$T/host" > "$T/host.log" 2>&1
check verdict_timer_differs_said grep -q "^clx: compare: B's rows were timed by the host clock .*, A's by their events" "$T/host.log"
check verdict_timer_differs_md grep -q "^B's rows were timed by the host clock" "$T/host/compare.md"
check verdict_timer_same_silent test -z "$(grep 'were timed by' "$T/self.log")"
# and on the pictures, which are read alone: B's line says it, A's does not.
# (the title's first copy in the script, its wrapped lines joined: once, on B's line)
chart_title=$(sed -n '/^set multiplot/{s/\\n/ /g;p;q}' "$T/host/speedup.gp")
check verdict_timer_chart test "$(printf '%s\n' "$chart_title" | grep -o 'rows timed by the host clock, launch cost included' | wc -l)" -eq 1 \
    -a -n "$(printf '%s\n' "$chart_title" | grep ' B: [^"]*; rows timed by the host clock, launch cost included')"
# A side on another driver is named in the picture's legend ("B: rusticl"), not "B" alone.
cp -r "$q1" "$T/q1other"
sed -E 's/("platform":[[:space:]]*)"[^"]*"/\1"Other CL"/' "$q1/run.json" > "$T/q1other/run.json"
"$CLX" compare "$q1" "$T/q1other" --out "$T/other" > "$T/other.log" 2>&1
check verdict_legend_names_driver grep -q 'title "B: Other CL"' "$T/other/speedup.gp"
check verdict_legend_same_driver grep -q 'title "B"' "$T/self/speedup.gp"
# A start a second after q1's: history orders runs by their start, which run.json keeps to the
# second (on a fast GPU q1, its compares and o2 began within one second, and a tie keeps the order given).
sleep 1
run_clx "$T/o2" run volkov_fma --quick
"$CLX" compare "$q1" "$rundir" --out "$T/aa" > "$T/aa.log" 2>&1
# A floor above 100% (a loaded or many-core PoCL: the H200 machine's, call db) is said as a factor.
check verdict_aa_floor_said grep -Eq 'B vs A: (the noise floor is [0-9.e+-]*% in the median configuration|the noise floor is a factor of [0-9.e+-]* in the median configuration: noise alone moves its times that far)' "$T/aa.log"
check verdict_aa_values test -z "$(tsv_col "$T/aa/compare.tsv" verdict_B | grep -vxE 'SAME|FASTER|SLOWER|UNSURE')" \
    -a -z "$(tsv_col "$T/aa/compare.tsv" verdict_note_B | grep -vxE '|clock|rounds-cut|clock,rounds-cut')"
# Where the noise left more than a tenth UNSURE (a CPU device's A/A: no SAME at all), one line says
# what would decide them here, with this comparison's numbers; else none.
unsure=$(count_verdicts "$T/aa/compare.tsv" UNSURE); rows=$(tsv_rows "$T/aa/compare.tsv")
if [ $((unsure * 10)) -gt "$rows" ]; then
    check verdict_aa_what_decides grep -qE 'to tell SAME here, a floor under 5% .* (needs about [0-9]+ rounds a row|would take about [0-9]+ rounds)|to decide here, compare within one run|decide them' "$T/aa.log"
else
    check verdict_aa_what_decides test -z "$(grep -E 'to tell SAME here|to decide here' "$T/aa.log")"
fi

# Runs that differ in their build only are compared along it, not refused.
run_clx "$T/b1" run vecsum --quick --size 4099 --set variant=naive --build ''
b1=$rundir
run_clx "$T/b2" run vecsum --quick --size 4099 --set variant=naive --build -cl-opt-disable
"$CLX" compare "$b1" "$rundir" --out "$T/bb" > "$T/bb.log" 2>&1; rc=$?
check verdict_along_build_exit test "$rc" -eq 0
check verdict_along_build_said grep -q '2 configurations in common, compared along build' "$T/bb.log"
check verdict_along_build_label grep -q 'B: build -cl-opt-disable' "$T/bb.log"

# Four compares with no --out started at once by four processes (issue 45: two in the same second
# once wrote one folder, the first's files lost without a word): four folders, each whole, each
# said; then --out into a folder that holds a comparison is refused (exit 2), the earlier intact.
mkdir -p "$T/same"
abs_o=$(cd "$o" && pwd); abs_clx=$(cd "$(dirname "$CLX")" && pwd)/$(basename "$CLX")
( cd "$T/same" && for k in 1 2 3 4; do "$abs_clx" compare "$abs_o" --by build > "$k.log" 2>&1 & done; wait )
check compare_at_once_folders test "$(ls -d "$T"/same/results/compare-volkov_fma-* | wc -l)" -eq 4
whole=0
for d in "$T"/same/results/compare-volkov_fma-*; do [ -s "$d/compare.md" ] && [ -s "$d/compare.tsv" ] && whole=$((whole + 1)); done
check compare_at_once_whole test "$whole" -eq 4
check compare_at_once_said test "$(sed -n 's|^clx: compare: \(.*\)/compare.md.*|\1|p' "$T"/same/*.log | sort -u | wc -l)" -eq 4
# Run inside the folder that holds the run (a results root, as a user's `cd results`): the comparison
# goes beside the runs, not into a results/ under them.
here=$(dirname "$abs_o"); abs_T=$(cd "$T" && pwd)
( cd "$here" && "$abs_clx" compare "$(basename "$abs_o")" --by build > "$abs_T/inside.log" 2>&1 )
check compare_inside_beside test -n "$(ls -d "$here"/compare-volkov_fma-* 2>/dev/null)" -a ! -d "$here/results"
rm -rf "$here"/compare-volkov_fma-*
cp "$T/o-cmp/compare.md" "$T/o-cmp.md.was"
"$CLX" compare "$o" --by build --out "$T/o-cmp" > "$T/again.log" 2>&1; rc=$?
check compare_out_taken test "$rc" -eq 2 -a -n "$(grep -- "--out $T/o-cmp already holds a compare" "$T/again.log")"
check compare_out_kept cmp -s "$T/o-cmp/compare.md" "$T/o-cmp.md.was"

# clx history: three runs in date order, verdicts per step and from first to last, a line plot.
"$CLX" history "$rundir" "$o" "$T/o2"/*-*-* --out "$T/h" > "$T/h.log" 2>&1; rc=$?
check history_refuses_other_sweep test "$rc" -eq 4
"$CLX" history "$T/o2"/*-*-* "$q1" --out "$T/h" > "$T/h.log" 2>&1; rc=$?
check history_exit test "$rc" -eq 0
check history_order test "$(sed -n 's/^  1  \(.*\)  (.*/\1/p' "$T/h.log")" = "$q1"
check history_steps grep -qE '^  1 -> 2 ' "$T/h.log"
check history_files test -s "$T/h/history.md" -a -s "$T/h/history.tsv"
"$CLX" history "$T/o2"/*-*-* "$q1" --out "$T/h" > "$T/h2.log" 2>&1; rc=$?
check history_out_taken test "$rc" -eq 2 -a -n "$(grep 'already holds a history (history.md)' "$T/h2.log")"
# Refused before anything is printed: stdout holds no history table, only the one line on stderr.
"$CLX" history "$T/o2"/*-*-* "$q1" --out "$T/h" > "$T/h3.out" 2> /dev/null
check history_out_taken_nothing_printed test ! -s "$T/h3.out"
check_drawn history_plot test -s "$T/h/history_plot.svg"
# Its runs named by date and time (runs of one day were told apart by number alone); more series
# than colours are dashed, none drawn like another.
check history_plot_times grep -qE '"1: [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}"' "$T/h/history_plot.gp"
check history_plot_looks_apart test -z "$(grep -m 1 '^plot' "$T/h/history_plot.gp" | grep -o 'with linespoints[^,]*' | sed 's/ title .*//' | sort | uniq -d)"
check history_columns test "$(head -n 1 "$T/h/history.tsv" | tr '\t' '\n' | grep -cE '^(median_ms_[12]|verdict_1_2|verdict_first_last)$')" -eq 4

# Mistakes on the command line: one line, exit 2.
"$CLX" compare "$o" "$o" --alpha 2 > "$T/e1.log" 2>&1; rc=$?
check verdict_bad_alpha test "$rc" -eq 2
"$CLX" compare "$o" "$o" --fail-on faster > "$T/e2.log" 2>&1; rc=$?
check verdict_bad_fail_on test "$rc" -eq 2 -a -n "$(grep -- "--fail-on takes 'slower'" "$T/e2.log")"
"$CLX" compare "$o" "$o" --by build > "$T/e3.log" 2>&1; rc=$?
check verdict_by_one_run test "$rc" -eq 2
# A --by the run cannot compare along is a mistake on the command line (exit 2, as a bad value of
# any other option), not a run that cannot be compared (4).
# by_refused NAME BY WORDS: clx compare --by BY exits 2 saying WORDS (a grep pattern).
by_refused() {
    "$CLX" compare "$o" --by "$2" --out "$T/by-$2" > "$T/by-$2.log" 2>&1; rc=$?
    check "$1" test "$rc" -eq 2 -a -n "$(grep -- "$3" "$T/by-$2.log")"
}
by_refused verdict_by_unknown nosuch '--by nosuch: .* has no such column; --by takes build or local$'
# A column the run has but cannot compare along is said for what it is, not "no such column": a
# variant's parameter of one value (this run's ILP, --set ILP=4; tests/e2e/compare_param.sh compares
# along one of several), a column clx writes of each row, a derived value; a name differing only in
# case is refused offering the axis, as --set's.
by_refused verdict_by_parameter ILP "--by ILP: ILP is a parameter of the variants with one value in $o (4): nothing to compare it with; --by takes build or local$"
by_refused verdict_by_measured median_ms '--by median_ms: median_ms is what clx writes of each row'
by_refused verdict_by_derived ITERS '--by ITERS: ITERS is computed from what picks a configuration'
by_refused verdict_by_other_column experiment '--by experiment: experiment is a column of each row, not one that picks'
"$CLX" compare "$o" --by BUILD --out "$T/e8" > "$T/e8.log" 2>&1; rc=$?
check verdict_by_case test "$rc" -eq 2 -a -n "$(grep -e '--by BUILD: .*: did you mean build?$' "$T/e8.log")"
finish
