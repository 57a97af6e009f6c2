# compare_words.sh — what clx compare and history say of their own options and sides, on model runs
# (no device): a bare --min-effect of 1 or more refused with both spellings (5 was taken as 500%, a 2x
# slowdown SAME and a --fail-on slower gate passed), 100% said as such (not "1e+02%"); work_ratio_B
# exactly 1 where both sides did the same work read back from rounded rates and times (it was
# 0.999995-0.999999); the charts naming a before and an after of one day apart (start and folder)
# with what B ran otherwise; --by variant's groups named by their build, not "(each) (default)";
# bars' labels a count a line, the line at 1 behind them. Words, counts and exit codes, no times.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/compare_words
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# A: the fixture's 32 rows. B: the same rows started later that day from another template, fast's
# rows 2x slower (SLOWER by any --min-effect under 100%).
A=$T/before B=$T/after
make_run "$A" fixture 1 "1000 2000" "" rounds
copy_run "$A" "$B" 23
sed -i 's/"started": "[^"]*"/"started": "2026-11-23T10:00:00+0000", "template_sha": "0123456701234567"/' "$A/run.json"
sed -i 's/"started": "[^"]*"/"started": "2026-11-23T14:30:00+0000", "template_sha": "89abcdef89abcdef"/' "$B/run.json"
scale "$B" '$c["variant"] == "fast" && $c["TERMS"] == 2' 2

# --min-effect: a bare 5 is refused (exit 2, not a gate passed), both spellings said; 5% and 0.05 taken.
"$CLX" compare "$A" "$B" --min-effect 5 --fail-on slower --out "$T/m5" > "$T/m5.log" 2>&1; rc=$?
check words_min_effect_bare_refused test "$rc" -eq 2 -a ! -e "$T/m5"
check words_min_effect_bare_said grep -qxF 'clx compare: --min-effect 5: a share (0.05) or a percentage (5%); 5 would be 500% (clx compare --help)' "$T/m5.log"
"$CLX" history "$A" "$B" --min-effect 1 --out "$T/h1" > "$T/h1.log" 2>&1; rc=$?
check words_min_effect_one_refused sh -c "test $rc -eq 2 && grep -qF -- '--min-effect 1: a share (0.01) or a percentage (1%); 1 would be 100%' '$T/h1.log'"
"$CLX" compare "$A" "$B" --min-effect 500% --out "$T/m500" > "$T/m500.log" 2>&1; rc=$?
check words_min_effect_over_refused sh -c "test $rc -eq 2 && grep -qF -- '--min-effect needs a share of the time from 0% to 100% (a 2x difference), not '\''500%'\''' '$T/m500.log'"
"$CLX" compare "$A" "$B" --min-effect 5% --fail-on slower --out "$T/m5p" > "$T/m5p.log" 2>&1; rc=$?
check words_min_effect_pct_gate test "$rc" -eq 1 -a "$(tsv_count "$T/m5p/compare.tsv" verdict_B SLOWER)" -eq 8
"$CLX" compare "$A" "$B" --min-effect 0.05 --quiet --out "$T/m5f" > /dev/null 2>&1
check words_min_effect_fraction test "$(tsv_count "$T/m5f/compare.tsv" verdict_B SLOWER)" -eq 8
# 100% is said as 100%, not as %.2g's "1e+02%", in the console, compare.md and history's drift line.
"$CLX" compare "$A" "$B" --min-effect 100% --out "$T/m100" > "$T/m100.log" 2>&1
check words_pct_console sh -c "grep -qF -- 'below --min-effect 100%, are not called' '$T/m100.log' && ! grep -q 'e+0' '$T/m100.log'"
check words_pct_md sh -c "grep -qF 'at least 100% (--min-effect)' '$T/m100/compare.md' && ! grep -q 'e+0' '$T/m100/compare.md'"
"$CLX" history "$A" "$B" --min-effect 100% --out "$T/h100" > "$T/h100.log" 2>&1
check words_pct_history grep -qF '(alpha 0.01, min-effect 100%)' "$T/h100.log"

# work_ratio_B: C did A's work, its rates and times rounded otherwise (each 1.0013x): exactly 1.
C=$T/rounded
copy_run "$A" "$C" 23
scale "$C" 1 1.0013
"$CLX" compare "$A" "$C" --quiet --out "$T/w" > "$T/w.log" 2>&1
check words_work_ratio_one test "$(tsv_rows "$T/w/compare.tsv")" -eq 32 -a "$(tsv_count "$T/w/compare.tsv" work_ratio_B 1)" -eq 32

# The charts: each side its start and folder (one day's before and after read alike), what B ran
# otherwise (the console's line, in short), in both pictures' titles.
if have_gnuplot; then
    for f in speedup verdicts; do
        check "words_${f}_sides" grep -qF '\nA: fixture on Test Device 1 (Test Platform, driver 1.0), started 2026-11-23 10:00:00, folder before\nB: started 2026-11-23 14:30:00, folder after, on A'"'"'s device, platform and driver; ran otherwise than A: the template' "$T/m5p/$f.gp"
    done
    check words_speedup_counts_line grep -qF 'folder after, on A'"'"'s device, platform and driver; ran otherwise than A: the template\nB: 8 of 32 configurations decided' "$T/m5p/speedup.gp"
else
    skip words_speedup_sides "$NO_PICTURES"; skip words_verdicts_sides "$NO_PICTURES"; skip words_speedup_counts_line "$NO_PICTURES"
fi

# A folder of a cluster job's length: each title line within GP_TITLE_COLS (120) characters, broken
# after a ", " (B's line ran past both edges of the picture, cut off), the folder's name whole.
L=$T/vecsum-pthread-skylake-avx512-AMD_EPYC-20261202-115026-slurm-array-4711-task-3-of-8
copy_run "$A" "$L" 23
"$CLX" compare "$A" "$L" --quiet --out "$T/long" > "$T/long.log" 2>&1
titles=$(sed -n 's/^set multiplot layout [0-9,]* title "\(.*\)" font .*/\1/p' "$T/long/speedup.gp" | head -n 1 | sed 's/\\n/\n/g')
check_drawn words_long_title_fits test -n "$titles" -a "$(printf '%s\n' "$titles" | awk 'length > 120' | wc -l)" -eq 0
check_drawn words_long_title_folder_whole sh -c "printf '%s\n' \"\$1\" | grep -qxF 'B: started 2026-11-23 10:00:00,' &&
    printf '%s\n' \"\$1\" | grep -qF 'folder ${L##*/},'" - "$titles"

# --by variant: the groups are the builds, not "(each) (default)".
"$CLX" compare "$A" --by variant --quiet --out "$T/bv" > "$T/bv.log" 2>&1
check_drawn words_by_variant_groups grep -qF 'set xtics ("build default" 0, "build -cl-opt-disable" 1)' "$T/bv/speedup.gp"
check_drawn words_by_variant_no_each test "$(grep -c '(each)' "$T/bv/speedup.gp")" -eq 0
# --by build: the variants alone ("naive", not "naive (each)").
"$CLX" compare "$A" --by build --quiet --out "$T/bb" > "$T/bb.log" 2>&1
check_drawn words_by_build_groups grep -qF 'set xtics ("naive" 0, "fast" 1)' "$T/bb/speedup.gp"

# Bars' labels: each count on a line of its own (clx_said), padded to the chart's most lines, boxed
# over the line at 1, which is drawn first (labels of "1 SLOWER, 1 UNSURE" ran into their
# neighbours' and sat on the line). fast's groups here: 4 SAME and 4 SLOWER, three lines.
check_drawn words_labels_a_line grep -qF 'using 1:2:(clx_pad(2 - clx_lines(strcol(5))) . strcol(3) . "\n" . clx_said(strcol(5))) with labels boxed' "$T/m5p/speedup.gp"
check_drawn words_labels_line_behind grep -q '^plot 1 with lines dt 2' "$T/m5p/speedup.gp"
check words_labels_counts_kept test "$(awk -F'\t' '$5 == "4 SAME, 4 SLOWER"' "$T/m5p/speedup.tsv" | wc -l)" -eq 2
finish
