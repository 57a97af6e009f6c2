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
# What was checked, in words: an ok row agrees with the baseline, which a kernel broken as the
# baseline is does too (good2 is good itself): said on each row's note, and the baseline's own
# rows say why they are unverified; a FAIL names what it differs from. The status column keeps its
# values (ok, unverified, FAIL).
note() { awk -F'\t' -v v="$1" -v s="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["variant"] == v && $c["status"] == s { print $c["note"] }' "$t"; }
check baseline_note test "$(note good unverified | grep -cx 'the baseline: the other variants are checked against it')" -eq 2
check baseline_good2_note test "$(note good2 ok | grep -cx 'agrees with baseline good')" -eq 4
check baseline_good_sizes_note test "$(note good ok | grep -cx 'agrees with baseline good (its first row at this point)')" -eq 2
check baseline_fail_note test "$(note wrong FAIL | grep -c '^1000 of 1000 elements of c differ from baseline good.s: c\[0\]: got')" -eq 2
check baseline_summary grep -q "^clx: 6 ok (agree with baseline good: no host reference checked them), 2 unverified (baseline good's own: the other variants are checked against it), 8 FAIL, 0 error" "$TMP/baseline.log"
"$CLX" report "$rundir" --quiet > /dev/null 2>&1
check baseline_report_rows grep -q "^| rows | 6 ok (agree with the baseline variant: no host reference checked them), 2 unverified (the baseline variant's own: " "$rundir/report.md"
# And on each row's line of the console.
run_clx_loud "$TMP/baseline_loud" run tests/e2e/fixtures/baseline.spec --set variant=good2
check baseline_line_ok grep -qE '^  good2 .* ok \(agrees with baseline good\)' "$TMP/baseline_loud.log"
check baseline_line_unverified grep -qE '^  good .* unverified \(the baseline: the other variants are checked against it\)' "$TMP/baseline_loud.log"
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
