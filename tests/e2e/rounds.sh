# rounds.sh — trials in rounds: every configuration takes its first round in the sweep's order and
# its later ones --round-gap seconds apart, between other configurations' rounds, in seeded shuffles
# (read back from round_at_s, when each round of a row began); the row's time is the median of its rounds; --rounds
# 1 is one unbroken series; --target-cv takes one round; --target-se adds rounds within
# --max-rounds; the summary and run.json say how far rounds agreed. Only orders, counts and sums are compared: nothing here depends on load.
. tests/e2e/lib.sh
T=$TMP/rounds
rm -rf "$T"; mkdir -p "$T"

# order TSV ROUND: the row numbers (1..) sorted by when that round began.
order() {
    awk -F'\t' -v k="$2" '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
        { split($c["round_at_s"], at, ";"); print at[k], ++n }' "$1" | sort -g | awk '{ printf "%s ", $2 }'
}
# rounds_in_turn TSV R: every row's round k began after every row's round k-1 (rounds do not overlap).
rounds_in_turn() {
    awk -F'\t' -v R="$2" '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
        { split($c["round_at_s"], at, ";"); for (k = 1; k <= R; k++) { if (!(k in lo) || at[k] < lo[k]) lo[k] = at[k]
                                                                      if (!(k in hi) || at[k] > hi[k]) hi[k] = at[k] } }
        END { for (k = 2; k <= R; k++) if (lo[k] < hi[k - 1]) bad++; print bad + 0 }' "$1"
}

# One launch point, 2 variants x 2 builds x 2 work-groups = 8 configurations, 6 trials in 3 rounds
# (3 more rounds of 2 for a row whose rounds showed an episode: on a loaded machine, any of them).
# --round-gap 60: no round comes due while the sweep goes on, whatever the load: every later round
# of all of them together, after the first ones.
GAP="--round-gap 60"
# --quick's --max-time (2 s a configuration, a third of it a round) is a time: a loaded machine passed
# it and cut a round's trials (3 of 8 rows with 5 trials of 6). Counts are compared here, so no time
# limit may decide them.
MT="--max-time 600"
run_clx_loud "$T/r3" run vecsum --quick $MT --size 4099 --set variant=naive,float4 --trials 6 --rounds 3 $GAP
t=$rundir/results.tsv
# rows_rounds_agree: rows whose rounds, round_ms, round_at_s and trials agree (3 rounds of 6 trials, or 6 of 12).
rows_rounds_agree() {
    awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
        { r = $c["rounds"]; if ((r == 3 || r == 6) && split($c["round_ms"], a, ";") == r && split($c["round_at_s"], b, ";") == r &&
                                $c["trials"] == 2 * r && split($c["trials_ms"], d, ";") == 2 * r) n++ }
        END { print n + 0 }' "$1"
}
check rounds_run_ok test "$rc" -eq 0 -a "$(tsv_count "$t" status ok)" -eq 8
check rounds_counted test "$(rows_rounds_agree "$t")" -eq 8
check rounds_remeasure_said test "$(grep -c 'an episode; 3 more rounds taken' "$t")" -eq "$(tsv_count "$t" rounds 6)"
sweep="1 2 3 4 5 6 7 8 "
check rounds_first_in_sweep_order test "$(order "$t" 1)" = "$sweep"
check rounds_later_shuffled test "$(order "$t" 2)" != "$sweep" -a "$(order "$t" 3)" != "$sweep" -a "$(order "$t" 2)" != "$(order "$t" 3)"
check rounds_in_turn test "$(rounds_in_turn "$t" 3)" -eq 0
check rounds_json grep -qE '"rounds":[[:space:]]*3,' "$rundir/run.json"
check rounds_json_gap grep -qE '"round_gap_s":[[:space:]]*60,' "$rundir/run.json"
check rounds_json_repeatability grep -qE '"rows_in_rounds":[[:space:]]*8,' "$rundir/run.json"
check rounds_summary_line grep -q '^Repeatability: [0-9]* of 8 rows (' "$T/r3.log"
check rounds_spread_filled test "$(tsv_col "$t" spread | grep -c '^[0-9]')" -eq 8

# Two launch points: the first rounds point by point in the sweep's order; with nothing due before
# the end, every later round over both points together.
run_clx "$T/span" run vecsum --quick $MT --size 4099,8191 --set variant=naive,float4 --trials 6 --rounds 3 $GAP
ts=$rundir/results.tsv
check span_run_ok test "$rc" -eq 0 -a "$(tsv_count "$ts" status ok)" -eq 16
check span_first_in_sweep_order test "$(order "$ts" 1)" = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 "
# points_mixed TSV ROUND: whether some row of the second point began that round before some row of the first.
points_mixed() {
    awk -F'\t' -v k="$2" '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
        { split($c["round_at_s"], at, ";"); if ($c["N"] == 4099) { if (at[k] > last1) last1 = at[k] }
          else if (first2 == "" || at[k] < first2) first2 = at[k] }
        END { print (first2 < last1) ? "mixed" : "apart" }' "$1"
}
check span_later_rounds_mix_points test "$(points_mixed "$ts" 2)" = mixed -a "$(points_mixed "$ts" 3)" = mixed
check span_rounds_in_turn test "$(rounds_in_turn "$ts" 3)" -eq 0
# --round-gap 0: a configuration's next round as soon as the next one's first is done, so rows are
# complete (and written) while the sweep goes on: the first row's last round began before the last
# row's first, and each row's rounds lie between other rows' first rounds.
run_clx "$T/gap0" run vecsum --quick $MT --size 4099,8191 --set variant=naive,float4 --trials 6 --rounds 3 --round-gap 0
tg=$rundir/results.tsv
check gap0_run_ok test "$rc" -eq 0 -a "$(tsv_count "$tg" status ok)" -eq 16
check gap0_first_in_sweep_order test "$(order "$tg" 1)" = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 "
# first_done_early TSV: the first row's last round began before the last row's first round.
first_done_early() {
    awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
        { n = split($c["round_at_s"], at, ";"); if (++row == 1) last = at[n]; first = at[1] }
        END { print (last < first) ? "yes" : "no" }' "$1"
}
check gap0_rows_complete_as_it_goes test "$(first_done_early "$tg")" = yes

# The same seed gives the same order of rounds; another seed another.
run_clx "$T/again" run vecsum --quick --size 4099 --set variant=naive,float4 --trials 6 --rounds 3 $GAP
check rounds_order_repeats test "$(order "$rundir/results.tsv" 2)" = "$(order "$t" 2)"
run_clx "$T/seed" run vecsum --quick --size 4099 --set variant=naive,float4 --trials 6 --rounds 3 --seed 9 $GAP
check rounds_order_seeded test "$(order "$rundir/results.tsv" 2)" != "$(order "$t" 2)"

# --rounds 1: one unbroken series per configuration; no spread to give.
run_clx_loud "$T/r1" run vecsum --quick $MT --size 4099 --set variant=naive --trials 4 --rounds 1
t=$rundir/results.tsv
check rounds_one test "$(tsv_col "$t" rounds | sort -u)" = 1 -a -z "$(tsv_col "$t" spread | grep .)" -a "$(tsv_count "$t" trials 4)" -eq 4
check rounds_one_no_summary sh -c "! grep -q '^Repeatability' $T/r1.log"
# Rows of no rounds beside rows in rounds (a work-group size past any device's: skipped; a search's
# raced rows have one): the summary says which rows its count is of, and the others as skipped.
run_clx_loud "$T/part" run vecsum --quick $MT --size 4099 --set variant=naive --trials 4 --rounds 2 --local 64,1048576
check rounds_part_summary grep -q '^Repeatability: [0-9]* of the 2 rows timed in two or more rounds ([0-9.]*%; the other 2 of 4 rows were skipped) ha\(s\|ve\) round medians' "$T/part.log"

# One trial has no spread: stddev_ms, cv and iqr_ms are empty, not a 0 that reads as the most precise row.
run_clx "$T/one" run vecsum --quick --size 4099 --set variant=naive --build '' --local 64 --trials 1 --rounds 1
check rounds_one_trial_no_spread test "$(tsv_col "$rundir/results.tsv" stddev_ms)$(tsv_col "$rundir/results.tsv" cv)$(tsv_col "$rundir/results.tsv" iqr_ms)" = "" -a \
    "$(tsv_col "$rundir/results.tsv" trials)" = 1 -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 1
# --target-cv stops one unbroken series: one round, and refused beside --rounds 2 and more.
run_clx "$T/cv" run vecsum --quick --size 4099 --set variant=naive --trials 3 --target-cv 0.9
check rounds_cv_one test "$(tsv_col "$rundir/results.tsv" rounds | sort -u)" = 1
"$CLX" run vecsum --quick --target-cv 0.01 --rounds 3 > "$T/both.log" 2>&1; rc=$?
check rounds_cv_refused test "$rc" -eq 2
check rounds_cv_refusal_says grep -q -- '--target-cv and --rounds 3' "$T/both.log"
"$CLX" run vecsum --quick --rounds 0 > "$T/zero.log" 2>&1; rc=$?
check rounds_zero_refused test "$rc" -eq 2

# --target-se: rows less certain than the target take rounds of one trial each, up to --max-rounds,
# where that is within reach; which rows do depends on load, so only what holds for every row is
# checked: a row given more has (trials - rounds) = the rounds before (3, or 6 after an episode),
# any other 2 trials a round; none past --max-rounds; every row has its standard error.
run_clx_loud "$T/se" run vecsum --quick $MT --size 4099 --set variant=naive,float4 --trials 6 --rounds 3 --target-se 0.05 --max-rounds 12
t=$rundir/results.tsv
se_rows_agree() {
    awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
        { r = $c["rounds"]; n = $c["trials"]; more = index($c["timing_note"], "more rounds taken for --target-se 5%") > 0
          ok = r <= 12 && $c["time_se"] != "" && (more ? (n - r == 3 || n - r == 6) && r > 3 : n == 2 * r); good += ok }
        END { print good + 0 }' "$1"
}
check target_se_rows test "$rc" -eq 0 -a "$(se_rows_agree "$t")" -eq 8
check target_se_json grep -qE '"target_se":[[:space:]]*0.05,' "$rundir/run.json"
check target_se_summary grep -q 'took more rounds for --target-se 5%' "$T/se.log"
# A target no row can reach: a row under 50 us takes no more rounds for it, one longer takes
# --max-rounds (which its time, hence load, decides), each says what it would take. No row goes past
# --max-rounds, an episode's rounds included (an episode takes its 3 again only as far as 4).
run_clx "$T/far" run vecsum --quick $MT --size 4099 --set variant=naive --trials 6 --rounds 3 --target-se 1e-9 --max-rounds 4
t=$rundir/results.tsv
check target_se_out_of_reach test "$(grep -cE 'would take [0-9]* rounds, (more than --max-rounds 4|not taken under 50 us)' "$t")" -eq 4 -a \
    -z "$(tsv_col "$t" rounds | grep -vx '3' | grep -vx '4')"
# The same at --size 1 << 20: rows of a millisecond or more on any CPU, each takes --max-rounds,
# whether an episode or the target took it there (without the rule: 3).
run_clx "$T/far2" run vecsum --quick $MT --size 1048576 --set variant=naive --trials 6 --rounds 3 --target-se 1e-9 --max-rounds 4
t=$rundir/results.tsv
check target_se_long_rows_take_max test "$(grep -c 'would take [0-9]* rounds, more than --max-rounds 4' "$t")" -eq 4 -a \
    -z "$(tsv_col "$t" rounds | grep -vx '4')"
check target_se_quick_off grep -qE '"target_se":[[:space:]]*0,' "$T/r1/"*/run.json
"$CLX" run vecsum --quick --max-rounds 65 > "$T/mr.log" 2>&1; rc=$?
check max_rounds_range test "$rc" -eq 2

# Unasked, a kernel is batched to what a trial should last, said in run.json's timer (behind the
# blocking kernel 8 empty launches' worth: about 3 us on PoCL; fed by the host 100 steps of its
# 1 ns timer) and, where it was, in the row's note.
j=$(ls "$T/far/"*/run.json | head -1)
check timer_trial_lengths grep -qE '"trial_held_us":[[:space:]]*[0-9]' "$j"
check timer_step_json grep -qE '"step_ns":[[:space:]]*(null|[0-9])' "$j"
# vecsum of 64 elements is shorter than 8 empty launches on an idle PoCL: a row batched unasked says
# why in its note. Whether any is batched is the probe's time, which load decides (on a 2-core
# machine running other tests none was): the decision itself is test_trials' (test_batch_size,
# test_short_kernel_batched with a timer that makes every trial a batch).
run_clx "$T/tiny" run vecsum --quick --size 64 --set variant=naive --trials 2
t=$rundir/results.tsv
check batch_note_unasked test "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["batch"] > 1 { if (index($c["timing_note"], "is under what a trial") == 0) bad++ }
    END { print (bad == 0) }' "$t")" = 1

# --batch N: every trial a batch of N launches.
run_clx "$T/batch" run vecsum --quick --size 4099 --set variant=naive --trials 2 --batch 8
t=$rundir/results.tsv
check batch_forced test "$(tsv_col "$t" batch | sort -u)" = 8
check batch_note_says grep -q 'timed as batches of 8 back-to-back launches (--batch), each by its own events after one untimed launch' "$t"
check batch_json grep -qE '"batch":[[:space:]]*8,' "$rundir/run.json"
finish
