# search_words.sh — what clx run --search says of itself, in a search's own words: a space of one
# configuration (nothing to race, named by its parameters), the failed beside the measured, a
# resume of a stopped search and of an ended one, --target-se refused, the restriction that
# leaves no configuration named, report's count of plots. Counts and words only: which
# configuration wins, and how many rounds a budget buys, depend on the machine's load.
. tests/e2e/lib.sh
T=$TMP/search_words
rm -rf "$T"; mkdir -p "$T"

# A space of one configuration: measured, nothing raced, no other "decided SLOWER"; the best named
# by its parameters, not "sgemm default". (The budget is far from what one configuration takes.)
one="--set MNK=128 --set MWG=32 --set NWG=64 --set KWG=8 --set MDIMC=8 --set NDIMC=8 --set VWM=2 --set VWN=2 --set SA=1
     --set SB=1 --set KWI=1 --set PAD=0"
# shellcheck disable=SC2086
run_clx "$T/one" run sgemm --search $one --budget 300   # its build may take seconds on a loaded machine
check one_exit_0 test "$rc" -eq 0
check one_singular grep -q '^clx: search: 1 of 1 configuration measured' "$T/one.log"
check one_nothing_raced grep -q 'a space of one configuration: nothing to race (measured, no decision needed)' "$T/one.log"
check one_no_other_slower test -z "$(grep 'every other configuration' "$T/one.log")"
check one_best_by_parameters grep -q '^clx: search: best MWG=32,NWG=64,KWG=8,MDIMC=8,NDIMC=8,VWM=2,VWN=2,SA=1,SB=1,KWI=1,PAD=0 default:' "$T/one.log"
# Its report counts the spec's plots and names the report's own charts apart: the speed-of-light
# chart where it was drawn, as in an ordinary run's report, and the search's trajectory.
"$CLX" report "$rundir" > "$T/one-report.log" 2>&1
check_drawn one_report_trajectory grep -q "plots drawn, .*the search's trajectory (plots/search.png)" "$T/one-report.log"
if [ -e "$rundir/plots/sol.png" ]; then
    check one_report_sol_named grep -q "plots drawn, and the speed-of-light chart (plots/sol.png) and the search's trajectory" "$T/one-report.log"
else
    check one_report_sol_not_named test -z "$(grep 'speed-of-light chart (plots/sol.png)' "$T/one-report.log")"
fi
# An ended search is not resumed, and not for want of rows: it ended; the status is the one it
# ended with (a --resume retried until it succeeds is idempotent).
"$CLX" run --resume "$rundir" > "$T/one-resume.log" 2>&1
check one_resume_own_status test $? -eq 0
check one_resume_ended grep -q 'that search ended, a space of one configuration: .*it measured 1 of 1 configuration: there is nothing to resume, and --resume adds no budget' "$T/one-resume.log"
check one_resume_not_sweep test -z "$(grep 'every configuration has its row' "$T/one-resume.log")"

# A round that takes a large share of the budget is said as soon as it is measured, with a smaller
# problem to search: the spec's quick size along the axis its work counts by (sgemm's MNK), and its
# quick space. (sgemm at 512^3 takes milliseconds a round on any CPU: far above a budget of 1 ms.)
run_clx "$T/pace" run sgemm --search --set MNK=512 --budget 0.001
check pace_exit_0 test "$rc" -eq 0
check pace_said grep -Eq '^clx: search: one round of .* took [0-9.e-]+ s \(its build aside\), [0-9.]+x the budget of 0.001 s: it pays for less than one such round, where a race needs 19 at the least' "$T/pace.log"
check pace_smaller grep -Eq 'a smaller problem searches further: `--set MNK=256` \(the spec.s quick size\); or `--quick` \(the spec.s quick space\); or a larger budget: `--budget [0-9.]+` pays for 19 such rounds$' "$T/pace.log"
check pace_once test "$(grep -c 'the budget of .* s: it pays for' "$T/pace.log")" -eq 1
# What bounds the overrun, as the race keeps it: a round started is finished (this one's seconds
# said); "by 25% of it at most" was a promise no code kept (a round of 114.6 s against 30).
took=$(sed -n 's/^clx: search: one round of .* took \([0-9.e-]*\) s (its build aside).*/\1/p' "$T/pace.log")
check pace_overrun_said grep -qF "and once started it is finished however long it takes (this one took $took s; the first has nothing to go by), and the best's confirming rounds go past the budget while, at its last round's cost, they stay within 25% of it;" "$T/pace.log"
check pace_no_false_bound test -z "$(grep 'of it at most' "$T/pace.log")"
# Its report, its options (--set MNK=512) leaving out values sgemm's findings speak of: the command
# that decides them is a search of the full space, not a sweep of 62,128 configurations.
"$CLX" report "$rundir" > "$T/pace-report.log" 2>&1
# Its one configuration of 62,128, and its seconds, said as run.json has them: "(0.0%) in 1 rounds,
# 0.3 of a budget of 0.0 device seconds" in report.md, "(0.0%)" on the console, "(0%)" under the
# plots' titles read as none measured and no budget.
check pace_share_said grep -q '^clx: search: 1 of 62128 configurations measured (0\.0016%), 1 round, ' "$T/pace.log"
check pace_report_share grep -q "measured (0\.0016%) in 1 round, [0-9.e-]* of a budget of 0\.001 device seconds (seed 1)" "$rundir/report.md"
check_drawn pace_report_sample_share grep -q "a search's sample: 1 of the space's 62128 configurations measured (0\.0016%); each point" "$rundir/report.md"
# Its --budget (0.001 s) cannot pay for one round at the spec's own size (MNK=2048): the command
# asks the budget run.json's search.full_size says pays for the 19 rounds a race needs there, from
# this run's rounds scaled by the spec's flops (2048^3 / 512^3 = 64x), and says why.
full() { sed -n '/"full_size"/,/}/p' "$rundir/run.json" | sed -n "s/.*\"$1\":[[:space:]]*\"*\([^\",]*\)\"*,*\$/\1/p"; }
check pace_full_at test "$(full at)" = MNK=2048
# The first launch's one-off (a driver's compile then: once_s) is added unscaled.
check pace_full_scaled awk -v h="$(full round_s)" -v o="$(full once_s)" -v f="$(full full_round_s)" 'BEGIN { exit !(h > 0 && o >= 0 && (f - o) / h > 63.99 && (f - o) / h < 64.01) }'
# Its one round: 16 first rounds and 3 later ones, priced at the first's work without the one-off.
check pace_full_need awk -v f="$(full full_round_s)" -v o="$(full once_s)" -v n="$(full need_s)" 'BEGIN { exit !(n > 0 && (n + 3 * o) / f > 18.99 && (n + 3 * o) / f < 19.01) }'
check pace_full_budget awk -v n="$(full need_s)" -v b="$(full budget_s)" 'BEGIN { e = log(b) / log(10); f = int(e)
    if (f > e + 1e-9) f--; if (e - f > 1 - 1e-9) f++; m = b / 10 ^ f
    exit !(b >= 2 * n && b < 10 * n && (m > 0.999 && m < 1.001 || m > 1.999 && m < 2.001 || m > 4.999 && m < 5.001)) }'
check pace_report_searches grep -qF "left out values the findings speak of: $CLX run sgemm --search --budget $(full budget_s) (a search of the full space, as this run searched it, with a budget that pays for the 19 rounds a race needs at the least at MNK=2048, rounded up generously: " "$T/pace-report.log"
check pace_report_md_searches grep -qF '`clx run sgemm --search --budget '"$(full budget_s)"'` (a search of the full space, as this run searched it, with a budget that pays for the 19 rounds a race needs at the least at MNK=2048' "$rundir/report.md"
check pace_report_why grep -q "where this run's budget of 0.001 s pays for fewer) decides" "$T/pace-report.log"
# The first launch's one-off (a driver's compile) set apart from the work scaled, and added unscaled.
check pace_report_once grep -q "a configuration's first round (its warm-ups and set-up with it, its first launch's one-off aside) took .* by the work the spec counts, with its first launch's one-off (.* s here: a driver compiling the kernel then) added unscaled, and the 19 rounds" "$T/pace-report.log"
check pace_report_no_sweep test -z "$(grep -e 'the full sweep' -e 'small sweep' "$T/pace-report.log" "$rundir/report.md")"
# Before the first sample's end: the line comes before the search's outcome.
check pace_before_outcome test "$(grep -n 'the budget of .* s: it pays for' "$T/pace.log" | cut -d: -f1)" -lt "$(grep -n '^clx: search: best ' "$T/pace.log" | cut -d: -f1)"

# A round that was much its first launch, the driver compiling the kernel then (PoCL with its
# kernel cache off: some 0.2 s of compile beside a round of about 10 ms at the quick size): the
# one-off said, and what spares it; a smaller problem suggested for the rest of the round alone
# (here too dear for a budget of 1 ms by itself). search.tsv keeps the one-off on the
# configuration's first line.
POCL_KERNEL_CACHE=0; export POCL_KERNEL_CACHE
run_clx "$T/cold" run sgemm --quick --search --budget 0.001 --no-cache
unset POCL_KERNEL_CACHE
if [ -n "$(pocl_major "$rundir")" ]; then
    check cold_exit_0 test "$rc" -eq 0
    check cold_once_said grep -Eq 'of it was its first launch, the driver compiling the kernel then: a one-off of each configuration.s first round, whatever the problem.s size; a driver that keeps what it compiled pays it once \(PoCL.s kernel cache, unless POCL_KERNEL_CACHE=0: the same search again does not\); the rest of it grows with the problem: a smaller problem searches further: .*; or a larger budget: `--budget [0-9.]+` pays for 19 such rounds$' "$T/cold.log"
    check cold_once_logged awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "once") c = i } NR == 2 { exit !(c && $c > 0) }' "$rundir/search.tsv"
else
    skip cold_once_said "PoCL's first-launch compile: this device is not PoCL's"
fi

# A run at the spec's quick size already (--set MNK=256): not told to take it; --quick is left. A
# resume of it (the options its run.json keeps) says the same.
rm -rf "$T/q256"
CLX_STOP_AFTER_ROUNDS=1 "$CLX" run sgemm --search --set MNK=256 --budget 0.001 --out "$T/q256" > "$T/q256.log" 2>&1
check q256_pace_said grep -q 'the budget of 0.001 s: it pays for' "$T/q256.log"
check q256_no_own_set test -z "$(grep -- '`--set MNK=256`' "$T/q256.log")"
check q256_quick_left grep -q 'a smaller problem searches further: `--quick` (the spec.s quick space); or a larger budget' "$T/q256.log"
# A space with no smaller problem to name (a spec that counts no work): a budget that
# pays for the race's 19 rounds, rounded up (twice them, to 1, 2 or 5 times a power of ten).
run_clx "$T/full" run tests/e2e/fixtures/baseline.spec --set variant=good --search --budget 0.001
check full_budget_said grep -Eq 'a larger budget searches further: `--budget [0-9.]+` pays for 19 such rounds$' "$T/full.log"
# budget_fits LOG: the --budget the pace line names is 1, 2 or 5 times a power of ten, and at least
# twice 19 rounds of the one it measured (as printed, four digits).
budget_fits() {
    sed -n 's/^clx: search: one round of .* took \([0-9.e-]*\) s (its build aside).*`--budget \([0-9.e+-]*\)` pays for 19 such rounds$/\1 \2/p' "$1" |
        awk 'NF == 2 { e = log($2) / log(10); f = int(e); if (f > e + 1e-9) f--; if (e - f > 1 - 1e-9) f++; m = $2 / 10 ^ f
                       ok = $2 >= 2 * 19 * $1 * 0.999 && $2 < 10 * 2 * 19 * $1 * 1.001 &&
                            (m > 0.999 && m < 1.001 || m > 1.999 && m < 2.001 || m > 4.999 && m < 5.001) }
             END { exit !ok }'
}
check full_budget_fits budget_fits "$T/full.log"

# The failed beside the measured: the console's count of each is the rows'. A search that ended
# on its budget says that a new one with a larger --budget goes further.
run_clx "$T/base" run tests/e2e/fixtures/baseline.spec --search --budget 0.5
base_rc=$rc
ok=$(tsv_count "$rundir/results.tsv" status ok)
rows=$(tsv_rows "$rundir/results.tsv")
check base_measured_said grep -q "^clx: search: $ok of [0-9]* configurations measured" "$T/base.log"
if [ "$rows" -gt "$ok" ]; then
    check base_failed_said grep -Eq "^clx: search: $ok of [0-9]* configurations measured \([0-9.]*%\), $((rows - ok)) failed" "$T/base.log"
else
    check base_none_failed test -z "$(grep -E 'measured \([0-9.]*%\), [0-9]* failed' "$T/base.log")"
fi
"$CLX" run --resume "$rundir" > "$T/base-resume.log" 2>&1
check base_resume_own_status test $? -eq "$base_rc"
if grep -q '"end":[[:space:]]*"its budget spent' "$rundir/run.json"; then
    check base_resume_budget grep -q 'that search ended, its budget spent.*--resume adds no budget; to search further, run a new search with a larger --budget' "$T/base-resume.log"
else
    check base_resume_ended grep -q 'that search ended, .*there is nothing to resume' "$T/base-resume.log"
fi

# A stopped search resumed: it goes on from its log, not "the configurations without one run now".
rm -rf "$T/stop"
CLX_STOP_AFTER_ROUNDS=2 "$CLX" run volkov_fma --quick --search --budget 60 --out "$T/stop" > "$T/stop.log" 2>&1
check stop_exit_130 test $? -eq 130
dir=$(ls -d "$T"/stop/volkov_fma-* | head -n 1)
rm -rf "$T/stopped" && cp -r "$dir" "$T/stopped"
"$CLX" run --resume "$dir" > "$T/stop-resume.log" 2>&1
check stop_resumed_exit_0 test $? -eq 0
# clx history of searches names what each found, as its run.json's best: the stopped one's is its
# best so far (before, no word of any search's best: the history's runs read as sweeps).
json_best() { sed -n 's/.*"best":[[:space:]]*"\([^"]*\)".*/\1/p' "$1/run.json" | head -n 1; }
rm -rf "$T/hist"
"$CLX" history "$T/stopped" "$dir" --out "$T/hist" > "$T/hist.log" 2>&1
check history_search_exit_0 test $? -eq 0
check history_search_stopped_best grep -qF "; a search, the best so far (stopped): $(json_best "$T/stopped"), " "$T/hist.log"
check history_search_found_best grep -qF "; a search, the best found: $(json_best "$dir"), " "$T/hist.log"
check history_search_md grep -qF "| the best found: $(json_best "$dir"), " "$T/hist/history.md"
check stop_resume_search_words grep -Eq '^clx: resuming: [0-9]+ rows? kept from the stopped search( \([0-9]+ of them cut short by the stop: each measured again in its place if its race comes back to it\))?; it goes on from its log \(search.tsv\)' "$T/stop-resume.log"
check stop_resume_no_sweep_words test -z "$(grep 'the configurations without one run now' "$T/stop-resume.log")"

# --target-se (and --max-rounds, its limit) in a search: refused as --budget without --search is.
"$CLX" run volkov_fma --quick --search --target-se 0.001 > "$T/se.log" 2>&1
check target_se_refused test $? -eq 2
check target_se_said grep -q -- "--target-se is a sweep's: in a --search the race decides how many rounds" "$T/se.log"
"$CLX" run volkov_fma --quick --search --max-rounds 8 > "$T/se.log" 2>&1
check max_rounds_refused test $? -eq 2

# The restrictions leave nothing: the one that leaves out every combination on its own is named,
# not the correct one that judged the last (restrictions[1]); a division by zero said as that.
mkdir -p "$T/spec"
cp templates/sgemm.cl.m4 templates/sgemm.ref.c "$T/spec/"
sed 's|"KWG % KWI == 0",|"KWG > 1000",|' templates/sgemm.spec > "$T/spec/sgemm.spec"
"$CLX" run "$T/spec/sgemm.spec" --search --set MNK=128 --budget 5 --out "$T/r" > "$T/r.log" 2>&1
check restrict_exit_4 test $? -eq 4
check restrict_blames_alone grep -q "the restrictions leave no configuration: all 221184 combinations left out; restrictions\[3\] 'KWG > 1000' (line [0-9]*) leaves out every one on its own" "$T/r.log"
check restrict_not_innocent test -z "$(grep 'restrictions\[1\]' "$T/r.log")"
sed 's|"KWG % KWI == 0",|"KWG / (KWI - KWI) == 0",|' templates/sgemm.spec > "$T/spec/sgemm.spec"
"$CLX" run "$T/spec/sgemm.spec" --search --set MNK=128 --budget 5 --out "$T/r" > "$T/r.log" 2>&1
check restrict_div0_exit_4 test $? -eq 4
check restrict_div0_said grep -q "restrictions\[3\] 'KWG / (KWI - KWI) == 0' (line [0-9]*) leaves out every one on its own: it has no finite value on any of them (a division by zero" "$T/r.log"
# '%%' is no operator, not an unknown name.
sed 's|"KWG % KWI == 0",|"KWG %% KWI == 0",|' templates/sgemm.spec > "$T/spec/sgemm.spec"
"$CLX" run "$T/spec/sgemm.spec" --search --set MNK=128 --budget 5 --out "$T/r" > "$T/r.log" 2>&1
check restrict_pct_exit_4 test $? -eq 4
check restrict_pct_said grep -q "restrictions\[3\] (template parameters and launch axes only): '%%' in 'KWG %% KWI == 0' is not an operator" "$T/r.log"
# A restriction whose value is NaN (not a number) on a combination leaves it out, as 0 does (NaN is
# no 0: it admitted it), and is said at its line with the first; NaN on every combination is refused
# at its line, as the spec's errors are (it admitted the whole space without a word). Quick crosses
# VWM 1,4 x SA 0,1 x SB 0,1 (8), of which the restrictions keep 6, 3 of them at VWM=4.
cp templates/sgemm.cl "$T/spec/"                # what the template includes, for clx expand
sed 's|"KWG % KWI == 0",|"KWG % KWI == 0", "sqrt(VWM - 2)",|' templates/sgemm.spec > "$T/spec/sgemm.spec"
"$CLX" expand "$T/spec/sgemm.spec" --quick --out "$T/nan" > "$T/nan.log" 2>&1
check restrict_nan_some_exit_0 test $? -eq 0
line=$(grep -n 'sqrt(VWM - 2)' "$T/spec/sgemm.spec" | cut -d: -f1)
check restrict_nan_some_said grep -q "^clx: .*sgemm.spec:$line: restrictions\[4\] 'sqrt(VWM - 2)' is NaN (not a number: .*) on 4 combinations of the template parameters (the first: VWM=1): left out, as where it is 0" "$T/nan.log"
check restrict_nan_some_left_out test "$(ls "$T/nan/sgemm" | wc -l)" -eq 3
check restrict_nan_some_counted grep -q '^clx: 5 combinations of the template parameters left out by .*sgemm.spec.s restrictions' "$T/nan.log"
sed 's|"KWG % KWI == 0",|"KWG % KWI == 0", "sqrt(-VWM)",|' templates/sgemm.spec > "$T/spec/sgemm.spec"
"$CLX" expand "$T/spec/sgemm.spec" --quick --out "$T/nan-all" > "$T/nan-all.log" 2>&1
check restrict_nan_all_exit_4 test $? -eq 4
check restrict_nan_all_said grep -q "^clx: .*sgemm.spec:$line: restrictions\[4\] 'sqrt(-VWM)' is NaN (not a number: .*) on every combination of the template parameters (all 8; the first: VWM=1): a restriction admits a combination only where it is a number and not 0" "$T/nan-all.log"
check restrict_nan_all_nothing test ! -e "$T/nan-all/sgemm"
finish
