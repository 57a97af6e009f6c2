# core_baseline.sh — verify = { baseline = "good"; }: the baseline runs first at each point (though
# listed second), its output is the answer for the others at the same point and sizes.
. tests/e2e/lib.sh
run_clx "$TMP/baseline" run tests/e2e/fixtures/baseline.spec
t=$rundir/results.tsv
check baseline_exit_nonzero test "$rc" -ne 0                      # wrong and hole fail
check baseline_rows test "$(tsv_rows "$t")" -eq 16                # 4 variants x 2 N x 2 local
# The baseline is the answer at its first work-group size of each point (unverified); its other
# sizes are checked against that.
check baseline_good_unverified test "$(awk -F'\t' '$2=="good" && /\tunverified\t/' "$t" | wc -l)" -eq 2
check baseline_good_checked_ok test "$(awk -F'\t' '$2=="good" && /\tok\t/' "$t" | wc -l)" -eq 2
check baseline_good2_ok test "$(awk -F'\t' '$2=="good2" && /\tok\t/' "$t" | wc -l)" -eq 4
check baseline_wrong_fails test "$(awk -F'\t' '$2=="wrong" && /\tFAIL\t/' "$t" | wc -l)" -eq 4
check baseline_hole_fails test "$(awk -F'\t' '$2=="hole" && /\tFAIL\t/' "$t" | wc -l)" -eq 4
check baseline_note grep -q 'baseline for verification' "$t"
# The baseline is timed first at each point: its rows come before the wrong variant's.
check baseline_first test "$(awk -F'\t' '/^#/ || /^experiment/ { next } { print $2; exit }' "$t")" = good
# Picking variants that leave the baseline out still runs it: the picked ones are checked, not errors.
run_clx "$TMP/baseline_pick" run tests/e2e/fixtures/baseline.spec --set variant=wrong,good2
t=$rundir/results.tsv
check baseline_pick_runs_baseline test "$(tsv_count "$t" variant good)" -eq 4
check baseline_pick_wrong_fails test "$(awk -F'\t' '$2=="wrong" && /\tFAIL\t/' "$t" | wc -l)" -eq 4
check baseline_pick_good2_ok test "$(awk -F'\t' '$2=="good2" && /\tok\t/' "$t" | wc -l)" -eq 4
check baseline_pick_no_errors test "$(tsv_count "$t" status error)" -eq 0
check baseline_pick_said grep -q 'the baseline variant good runs too' "$TMP/baseline_pick.log"
finish
