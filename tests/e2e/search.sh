# search.sh — clx run --search (issue 46) on the first device: an ordinary folder whose rows are the
# configurations measured, each with every round search.tsv logged of it; one decided SLOWER never
# measured again; the budget kept; builds made ahead; a stopped search resumed from its log; the
# options checked.
# Compares counts and structure only: which configuration wins depends on the machine's load.
. tests/e2e/lib.sh

# The quick space (8 configurations), a budget it does not reach: the race decides it.
run_clx_loud "$TMP/search" run volkov_fma --quick --search --search-seed 3 --budget 60
check search_exit_0 test "$rc" -eq 0
check search_log test "$(tsv_rows "$rundir/search.tsv")" -ge 8
check search_json grep -q '"search"' "$rundir/run.json"
# Each of search.tsv's columns named once: its build's seconds were a second "build" beside the
# options' column, which a reader by name (csv.DictReader, pandas) took one for the other.
check search_log_names_once test -z "$(head -n 1 "$rundir/search.tsv" | tr '\t' '\n' | sort | uniq -d)"
check search_log_build_s test "$(head -n 1 "$rundir/search.tsv" | tr '\t' '\n' | grep -cx build_s)" -eq 1
check_runjson_documented search_run_json_documented "$rundir"
space=$(sed -n 's/.*"space":[[:space:]]*\([0-9]*\).*/\1/p' "$rundir/run.json" | head -n 1)
check search_space_8 test "$space" = 8
# The space in run.json as its number of variants and their hash, not the list (sgemm's made it
# 20 MB): 2 variants here (ILP), each in 2 builds at 2 work-group sizes.
check search_variants_counted grep -Eq '"variants_count":[[:space:]]*2,' "$rundir/run.json"
check search_variants_hashed grep -Eq '"variants_hash":[[:space:]]*"[0-9a-f]{16}"' "$rundir/run.json"
check search_variants_not_listed test -z "$(grep '"variants":' "$rundir/run.json")"
# Every configuration in the log has one row, with as many rounds as the log has of it, and the
# rows are all the log's configurations.
awk -F'\t' 'NR > 1 && $6 == 1 { n[$3 " " $4 " " $5]++ } END { for (k in n) print k, n[k] }' "$rundir/search.tsv" | sort > "$TMP/search.log_rounds"
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
            { print $h["variant"], ($h["build"] == "" ? "default" : $h["build"]), "local=" $h["local"], $h["rounds"] }' \
    "$rundir/results.tsv" | sort > "$TMP/search.row_rounds"
check search_rows_are_the_log cmp "$TMP/search.log_rounds" "$TMP/search.row_rounds"
measured=$(sed -n 's/.*"measured":[[:space:]]*\([0-9]*\).*/\1/p' "$rundir/run.json" | head -n 1)
check search_measured_counted test "$measured" -eq "$(wc -l < "$TMP/search.log_rounds")"
# A row decided SLOWER after k rounds: its configuration is in the log k times, none after.
bad=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
                 match($h["timing_note"], /decided SLOWER than the incumbent after [0-9]+ round/) {
                     s = substr($h["timing_note"], RSTART, RLENGTH); gsub(/[^0-9]/, "", s)
                     if (s + 0 != $h["rounds"]) print $h["variant"], $h["build"], $h["local"] }' "$rundir/results.tsv")
check search_slower_not_again test -z "$bad"
check search_some_decided grep -q 'decided SLOWER than the incumbent' "$rundir/results.tsv"
# The best is an optimised build: -cl-opt-disable's are 30-100x slower per flop everywhere.
check search_best_default grep -q '"best":[[:space:]]*"ILP=[0-9]* default' "$rundir/run.json"
check search_says_best grep -q 'clx: search: best ILP=' "$TMP/search.log"
check search_report "$CLX" report "$rundir" --quiet
# The tables by work-group size list them in increasing order, not in the order the search measured them.
check search_by_local_sorted awk '/by work-group size/ { on = 1; n = 0; next } on && !NF { on = 0 }
    on && $1 ~ /^[0-9]+$/ { if (n++ && $1 + 0 < last) bad = 1; last = $1 + 0 } END { exit bad }' "$TMP/search.log"
# The runners-up are said in one form, their time against the best's ("1.084x the time", "4.04x
# the time": a percentage on some lines and a ratio on others read as two units); the builds' table
# is against the default build, the spec's first, as a sweep's is, not the one the search happened
# to measure first.
check search_next_said grep -q '^clx: search: next ' "$TMP/search.log"
check search_next_one_form test -z "$(grep '^clx: search: next ' "$TMP/search.log" | grep -Ev ' \([0-9.]+x the time, [0-9]+ rounds?\): ')"
check search_next_no_percent test -z "$(grep -E '^clx: search: next .*% slower' "$TMP/search.log")"
# Its rounds are milliseconds against a budget of 60 s: nothing said of its pace, unless a round
# did take that long (a loaded 2-core host once made one 7.5 s): then what it says must hold, the
# round times the race's least rounds past the budget.
pace=$(sed -n 's/.* took \([0-9.]*\) s (its build aside), .* the budget of \([0-9.]*\) s: it pays for .*, where a race needs \([0-9]*\) at the least.*/\1 \2 \3/p' "$TMP/search.log")
check search_pace_unsaid sh -c "test -z \"\$(grep 'the budget of .* s: it pays for' '$TMP/search.log')\" || echo '$pace' | awk 'NF == 3 { ok = \$1 * \$3 > \$2 } END { exit !ok }'"
check search_builds_against_default grep -qF '### Slowdown of each build against "default"' "$rundir/report.md"

# A budget smaller than the space needs: no round starts once it is spent, but the best's: up to
# six that confirm a best of fewer than three rounds, within a quarter of the budget, and none
# where it is the one configuration measured (nothing to confirm it against).
run_clx "$TMP/search_budget" run volkov_fma --quick --search --budget 0.05
check budget_exit_0 test "$rc" -eq 0
check budget_said grep -q 'its budget spent' "$TMP/search_budget.log"
check budget_kept awk -F'\t' 'NR > 1 { if (spent >= 0.05) { over++; if ($3 " " $4 " " $5 != best) bad = 1 }
                                        spent = $9; best = $12 }
                              END { exit !(over <= 6 && !bad) }' "$rundir/search.tsv"
if grep -q '"measured":[[:space:]]*1,' "$rundir/run.json"; then
    check budget_alone_said grep -q '; one configuration measured: nothing to confirm it against' "$TMP/search_budget.log"
    check budget_alone_unconfirmed grep -q '"best_rounds":[[:space:]]*1,' "$rundir/run.json"
else
    check budget_best_confirmed grep -Eq '"best_rounds":[[:space:]]*[3-9]|not confirmed further: a round of it' \
        "$rundir/run.json"
fi
# Rounds past the budget are said, with their seconds (the console and run.json's end).
past=$(awk -F'\t' 'NR > 1 { if (spent >= 0.05) n++; spent = $9 } END { print n + 0 }' "$rundir/search.tsv")
if [ "$past" -gt 0 ]; then
    check budget_past_said grep -Eq "its budget spent.*; then $past rounds? \([0-9.e-]+ s\) past it confirming the best" "$TMP/search_budget.log"
else
    check budget_past_not_said test -z "$(grep 'past it confirming' "$TMP/search_budget.log")"
fi

# A first round dearer than the whole budget (its build and set-up with it) is said so.
if awk -F'\t' 'NR == 2 { exit !($8 > 0.05) }' "$rundir/search.tsv"; then
    check budget_first_round_said grep -Eq "its budget spent by its first round alone \([0-9.e-]+ s" "$TMP/search_budget.log"
else
    check budget_first_round_not_said test -z "$(grep 'first round alone' "$TMP/search_budget.log")"
fi

# Builds made ahead on a thread of their own (--build-ahead 1; by default none on a CPU device):
# the same folder, every configuration's build made once, the rows the log's configurations. The
# quick space's builds, which PoCL compiled for the first case (--no-cache: clx's own cache left
# aside, so that each is built; 4 more variants cost seconds of PoCL's compiles here).
run_clx "$TMP/search_ahead" run volkov_fma --quick --search --budget 20 --no-cache --build-ahead 1
check ahead_exit_0 test "$rc" -eq 0
awk -F'\t' 'NR > 1 && $6 == 1 { n[$3 " " $4 " " $5]++ } END { for (k in n) print k, n[k] }' "$rundir/search.tsv" | sort > "$TMP/ahead.log_rounds"
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
            { print $h["variant"], ($h["build"] == "" ? "default" : $h["build"]), "local=" $h["local"], $h["rounds"] }' \
    "$rundir/results.tsv" | sort > "$TMP/ahead.row_rounds"
check ahead_rows_are_the_log cmp "$TMP/ahead.log_rounds" "$TMP/ahead.row_rounds"
check ahead_built_once test "$(tsv_rows "$rundir/kernels.tsv")" -eq \
    "$(awk -F'\t' 'NR > 1 { print $3, $4 }' "$rundir/search.tsv" | sort -u | wc -l)"
# A sweep builds ahead too: every variant x option set built once, the same rows.
run_clx "$TMP/sweep_ahead" run volkov_fma --quick --no-cache --build-ahead 1
check sweep_ahead_exit_0 test "$rc" -eq 0
check sweep_ahead_built_once test "$(tsv_rows "$rundir/kernels.tsv")" -eq 4
check sweep_ahead_rows_ok test "$(tsv_count "$rundir/results.tsv" status ok)" -eq "$(tsv_rows "$rundir/results.tsv")"

# A budget as a share of the sweep: worked out once the first 16 rounds estimate the sweep, its
# later rounds priced once 4 later rounds are measured; its basis said.
run_clx "$TMP/search_share" run volkov_fma --quick --search --budget 50%
check share_exit_0 test "$rc" -eq 0
check share_recorded grep -q '"budget_share":[[:space:]]*0.5' "$rundir/run.json"
check share_estimated grep -Eq '"sweep_estimate_s":[[:space:]]*[0-9.]*[1-9]' "$rundir/run.json"
check share_ratio_recorded grep -Eq '"sweep_later_ratio":[[:space:]]*[0-9.]' "$rundir/run.json"
# The seconds the share came to, said once as soon as they are worked out (at sgemm's 1% a search
# ran 434.7 s with nothing said of them until its end), before the end's line.
check share_budget_said test "$(grep -cE "^clx: search: its budget came to [0-9.e+-]+ device seconds: 50% of the sweep's [0-9.e+-]+ s, as its first 16 rounds price it \((kept from here|priced again until 4 later rounds are measured); the end says its basis\)\$" "$TMP/search_share.log")" -eq 1
check share_said grep -Eq "50% of the sweep's [0-9.e+-]+ s, as (this search's rounds price it: its 4 builds at the mean of the [1-4] made, each configuration's first round at the mean of [0-9]+ first rounds( \\(the search's very first, [0-9.e-]+ s, priced once: it carried what the process does once\\))?, its later rounds at [0-9.e-]+ of a first, as [0-9]+ later rounds were of their own|its first [0-9]+ rounds price it: its 4 builds at the mean of the [1-4] made, every round at a first round's cost( \\(the search's very first, [0-9.e-]+ s, priced once: it carried what the process does once\\))?)" "$TMP/search_share.log"
# Its 8 configurations share 4 builds (2 variants x 2 builds), which a sweep makes once each: priced
# at every configuration, memcopy_ilp's 768 in 24 builds said "the sweep's 24.15 s" of a 5.9 s sweep.
check share_builds_recorded grep -Eq '"sweep_builds":[[:space:]]*4[,}[:space:]]' "$rundir/run.json"
# A share too small for the search's first round (1% of a sweep of a second or less): the budget is
# set after 16 rounds, so its first round did not spend it alone, as the end said of a search that
# had measured 16; the rounds before the budget was known are what went past it.
run_clx "$TMP/search_share_small" run volkov_fma --quick --search --budget 1%
check share_small_not_first_alone test -z "$(grep 'its budget spent by its first round alone' "$TMP/search_share_small.log")"
check share_small_past_said sh -c "! grep -q '^clx: search: .* of the sweep.s [0-9.e+-]* s, as this search.s rounds price it' '$TMP/search_share_small.log' ||
    grep -q 'past it: a share.s budget is set from the sweep its rounds estimate' '$TMP/search_share_small.log'"
"$CLX" run volkov_fma --quick --search --budget 150% > "$TMP/search_opt.out" 2>&1
check share_over_100_refused test $? -eq 2

# A spec whose baseline variant's outputs are the answers: the baseline runs at a point before the
# first configuration checked there, so none lacks an answer; the broken variants FAIL.
run_clx "$TMP/search_base" run tests/e2e/fixtures/baseline.spec --search --budget 20
check base_no_missing_answer test -z "$(grep 'has no output for this point' "$rundir/results.tsv")"
check base_good_ok test "$(tsv_count "$rundir/results.tsv" status ok)" -ge 2
check base_wrong_fails test "$(awk -F'\t' '$2 == "wrong" && /FAIL/' "$rundir/results.tsv" | wc -l)" -ge 1

# Options: --budget and --search-seed are --search's; --search is one device's, not --shard's.
"$CLX" run volkov_fma --quick --budget 5 > "$TMP/search_opt.out" 2>&1
check budget_needs_search test $? -eq 2
check budget_needs_search_said grep -q 'are --search' "$TMP/search_opt.out"
"$CLX" run volkov_fma --quick --search --shard 1/2 > "$TMP/search_opt.out" 2>&1
check search_not_shard test $? -eq 2
# A share out of range is quoted as written, its % kept (it said "not '150'").
"$CLX" run volkov_fma --quick --search --budget 150% --dry-run > "$TMP/search_opt.out" 2>&1
check budget_share_quoted sh -c "test $? -eq 2 && grep -qxF \"clx run: --budget needs a share of the sweep, in % from 0.001 to 100, not '150%' (clx run --help)\" '$TMP/search_opt.out'"

# Stopped after three rounds (SIGINT, as ^C), resumed, and stopped again two rounds later: the
# log goes on from where it stopped, its first lines as they were, and no configuration has two
# rows. (The budget is far from spent at either stop; that a resumed search runs to its end is
# the crash case's below: its new worker replays the log.) CLX_HOLD_AFTER_ROUNDS (docs/environment.md)
# holds the worker after its third round, and the resumed one's after its second (the rounds it
# replays are not measured), until the stop: the quick space's search, whose builds the first case
# made, is still racing then however fast the machine (the whole space's, whose builds cost seconds
# each here, was used for that).
# stop_after LOG PID: SIGINT to PID once LOG says its worker is held (at most 2 min).
stop_after() {
    for _ in $(seq 2400); do
        grep -q '^clx: CLX_HOLD_AFTER_ROUNDS: held' "$1" 2>/dev/null && break
        kill -0 "$2" 2>/dev/null || break
        sleep 0.05
    done
    kill -INT "$2" 2>/dev/null
    wait "$2"
}
rm -rf "$TMP/search_stop"
CLX_HOLD_AFTER_ROUNDS=3 "$CLX" run volkov_fma --quick --search --budget 120 --out "$TMP/search_stop" --quiet > "$TMP/search_stop.log" 2>&1 &
pid=$!
for _ in $(seq 200); do dir=$(ls -d "$TMP"/search_stop/volkov_fma-* 2>/dev/null | head -n 1); [ -n "$dir" ] && break; sleep 0.05; done
stop_after "$TMP/search_stop.log" "$pid"
check stop_exit_130 test $? -eq 130
head -n 4 "$dir/search.tsv" > "$TMP/search_stop.before"
# kbuilds FILE: kernels.tsv's builds, a variant and build a line, sorted.
kbuilds() { awk -F'\t' 'NR > 1 { print $1 "\t" $2 }' "$1" | sort; }
kbuilds "$dir/kernels.tsv" > "$TMP/search_stop.kernels"
CLX_HOLD_AFTER_ROUNDS=2 "$CLX" run --resume "$dir" > "$TMP/search_resume.log" 2>&1 &
stop_after "$TMP/search_resume.log" $!
check resume_exit_130 test $? -eq 130
head -n 4 "$dir/search.tsv" > "$TMP/search_stop.after"
check resume_log_kept cmp "$TMP/search_stop.before" "$TMP/search_stop.after"
check resume_log_grew test "$(tsv_rows "$dir/search.tsv")" -ge 5
check resume_steps_numbered awk -F'\t' 'NR > 1 && $1 != NR - 1 { exit 1 }' "$dir/search.tsv"
dups=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } { print $h["variant"], $h["build"], $h["local"] }' \
       "$dir/results.tsv" | sort | uniq -d)
check resume_no_duplicate_rows test -z "$dups"
# The builds of the run before the stop keep their kernels.tsv rows (the resumed search wrote the
# file anew with its own builds alone), each build once.
kbuilds "$dir/kernels.tsv" > "$TMP/search_resume.kernels"
check resume_kernels_kept test -s "$TMP/search_stop.kernels" -a -z "$(comm -23 "$TMP/search_stop.kernels" "$TMP/search_resume.kernels")"
check resume_kernels_once test -z "$(uniq -d "$TMP/search_resume.kernels")"

# Stopped at once (a launch that does not end a second after ^C: worker.spec's hang, which seed 1
# measures third, after good at local 64 and 32): the configurations still raced keep their rows,
# written by the supervisor with the rounds they had (status cut, flag rounds-cut), and the hang's row says
# 'stopped', last. ^C comes 3 s after the second round is logged; should the hang not be in flight by
# then (a loaded machine), the search stops between rounds instead and writes every row, which the
# last case checks. (tests/e2e/stop_kill.sh: a configuration in flight with rounds measured.)
# On one PoCL thread (POCL_MAX_PTHREAD_COUNT, PoCL 4's POCL_CPU_MAX_CU_COUNT), here and in the hang's
# case below: the hang spins one core until it is ended, not every core the host has.
rm -rf "$TMP/search_hard"
POCL_MAX_PTHREAD_COUNT=1 POCL_CPU_MAX_CU_COUNT=1 "$CLX" run tests/e2e/fixtures/worker.spec --set variant=good,hang --search --search-seed 1 --budget 60 \
    --out "$TMP/search_hard" --quiet > "$TMP/search_hard.log" 2>&1 &
pid=$!
for _ in $(seq 200); do dir=$(ls -d "$TMP"/search_hard/worker-* 2>/dev/null | head -n 1); [ -n "$dir" ] && break; sleep 0.05; done
for _ in $(seq 2400); do [ "$(cat "$dir"/search.tsv 2>/dev/null | wc -l)" -ge 3 ] && break; sleep 0.05; done
sleep 3
kill -INT "$pid"; wait "$pid"
check hard_exit_130 test $? -eq 130
if grep -q 'the launch in flight did not finish within a second' "$TMP/search_hard.log"; then
    check hard_stopped_row_hang test "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
                                         $h["status"] == "stopped" { print $h["variant"] }' "$dir/results.tsv")" = hang
    check hard_stopped_row_last test "$(tsv_col "$dir/results.tsv" status | tail -n 1)" = stopped
    logged=$(tsv_col "$dir/search.tsv" ok | grep -c '^1$')
    check hard_kept_rows test "$(tsv_count "$dir/results.tsv" status cut)" -eq "$logged" -a \
        "$(tsv_col "$dir/results.tsv" flag | grep -cE '(^|,)rounds-cut(,|$)')" -eq "$logged"
    check hard_kept_said grep -q "^clx: $logged rows* the worker had not written yet (it was killed in a launch or by a second stop)" \
        "$TMP/search_hard.log"
    check hard_none_lost test -z "$(grep 'have no row yet' "$TMP/search_hard.log")"
else
    skip hard_kept_said "the hang was not in flight 3 s after the second round"
    check hard_rows_all test "$(tsv_rows "$dir/results.tsv")" -ge 2
fi

# ^C as the third configuration is built (CLX_STOP_AFTER_ROUNDS=2 stops the run as ^C does after
# its second round; --no-cache: hang, the third, is then expanded and compiled, and m4 is stopped
# with the run): a configuration the stop cut short is not logged as failed, which a resume would
# never measure again. Every configuration the log calls failed (ok 0) has a row that says why.
rm -rf "$TMP/search_build_stop"
CLX_STOP_AFTER_ROUNDS=2 "$CLX" run tests/e2e/fixtures/worker.spec --set variant=good,hang --search --search-seed 1 \
    --budget 60 --no-cache --out "$TMP/search_build_stop" --quiet > "$TMP/search_build_stop.log" 2>&1
check build_stop_exit_130 test $? -eq 130
dir=$(ls -d "$TMP"/search_build_stop/worker-* | head -n 1)
unexplained=$(awk -F'\t' 'FNR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
    FILENAME ~ /results/ { row[$h["variant"] " " $h["local"]] = 1; next }
    $h["ok"] == 0 { k = $h["variant"] " " substr($h["point"], 7); if (!(k in row)) print k }' \
    "$dir/results.tsv" "$dir/search.tsv")
check build_stop_failed_have_rows test -z "$unexplained"

# A kernel that crashes the worker: a new worker replays the log and the search goes on; the
# crashed configurations' rows say so, and they are never measured. (The rows the crash cut are
# written again only for the configurations the race measures again: how many depends on load.)
saved_asan=${ASAN_OPTIONS-}
export ASAN_OPTIONS="${saved_asan:+$saved_asan:}handle_segv=0"
run_clx "$TMP/search_crash" run tests/e2e/fixtures/worker.spec --set variant=good,crash,good2 --search --budget 20
check crash_exit_1 test "$rc" -eq 1
check crash_rows_crashed test "$(tsv_count "$rundir/results.tsv" status crashed)" -eq 2
check crash_goes_on grep -q '"best":[[:space:]]*"good' "$rundir/run.json"
check crash_never_measured test -z "$(awk -F'\t' '$3 == "crash" && $6 == 1' "$rundir/search.tsv")"
check crash_replayed grep -q 'a new worker goes on' "$TMP/search_crash.log"
# The same with builds made ahead: a crash while one runs is no row's (a new worker goes on
# building one at a time, and the crash comes again where it is); whether one ran then depends on
# the machine, the rows do not.
run_clx "$TMP/search_crash_ahead" run tests/e2e/fixtures/worker.spec --set variant=good,crash,good2 --search --budget 20 \
    --no-cache --build-ahead 1
export ASAN_OPTIONS="$saved_asan"
check crash_ahead_exit_1 test "$rc" -eq 1
check crash_ahead_rows_crashed test "$(tsv_count "$rundir/results.tsv" status crashed)" -eq 2
check crash_ahead_goes_on grep -q '"best":[[:space:]]*"good' "$rundir/run.json"
# A launch that never ends is taken as a crash is: its variant and build is never run again in the
# search (its rows 'timeout'), and a new worker goes on with the others instead of ending the search.
export POCL_MAX_PTHREAD_COUNT=1 POCL_CPU_MAX_CU_COUNT=1
run_clx "$TMP/search_hang" run tests/e2e/fixtures/worker.spec --set variant=good,hang,good2 --search --budget 20 \
    --timeout 1
unset POCL_MAX_PTHREAD_COUNT POCL_CPU_MAX_CU_COUNT
check search_hang_exit_1 test "$rc" -eq 1
check search_hang_rows_timeout test "$(tsv_count "$rundir/results.tsv" status timeout)" -eq 2 \
    -a "$(tsv_count "$rundir/results.tsv" status stopped)" -eq 0
check search_hang_goes_on grep -q '"best":[[:space:]]*"good' "$rundir/run.json"
check search_hang_never_measured test -z "$(awk -F'\t' '$3 == "hang" && $6 == 1' "$rundir/search.tsv")"
check search_hang_replayed grep -q 'a new worker goes on' "$TMP/search_hang.log"
check search_hang_said grep -q "variant hang, build default: a launch ran past its limit of 1 s (--timeout): the worker was stopped; its row is 'timeout', this variant and build do not run again in this search, and the search goes on in a new worker" "$TMP/search_hang.log"
check search_hang_end grep -q 'a launch ran past its limit (status timeout) in variant hang, build default: the search went on without it' "$TMP/search_hang.log"
finish
