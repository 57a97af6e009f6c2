# findings_limits.sh — what report.md says of findings a run cannot decide, on a run folder made by
# hand (tests/e2e/fixtures/report/limits_run): a share of a peak that run.json calls an upper-bound
# estimate (a CPU's) is a lower bound of the share of the true peak, which lies from the best rate a
# row reached up to the estimate, so a claim that range leaves open cannot be checked (not "does not
# hold") and one it decides is decided; the same rows against a theoretical peak are judged as ever,
# and a run of an older clx, which said "estimate" only in the peak's words, as an estimate. taylor's
# deviation from the row average is a function of times: judged within its rows' noise floor, so
# 0.0197 against "<= -0.05" on rows 20% apart a round cannot be decided, and -0.2 on quiet rows holds.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/findings_limits
R=$T/run
rm -rf "$T" && mkdir -p "$T" && cp -r "$fx/limits_run" "$R"
row() { grep "^| $1 |" "$R/report.md"; }
"$CLX" report "$R" --spec "$fx/limits.spec" > "$T/report.log" 2>&1
check limits_report_exit_0 test $? -eq 0
check limits_fp32_not_checked sh -c "grep '^| 1 |' '$R/report.md' | grep -qF '| **cannot be checked** | pct_fp32_peak[variant=fp32_fma] = 46.73; claimed >= 90; cannot be checked: pct_fp32_peak[variant=fp32_fma] = 46.73 is a share of the fp32 peak, an upper-bound estimate (run.json peak.fp32_kind): the device'\"'\"'s true peak may lie anywhere from the best rate a row of this run reached against it (47% of it) up to it, and the verdict differs within that'"
check limits_fp64_range_not_checked sh -c "grep '^| 2 |' '$R/report.md' | grep -qF '| **cannot be checked** | pct_fp64_peak[variant=fp64_fma] = 6.796; claimed 90..100; cannot be checked: pct_fp64_peak[variant=fp64_fma] = 6.796 is a share of the fp64 peak, an upper-bound estimate'"
check limits_ilp1_holds sh -c "grep '^| 3 |' '$R/report.md' | grep -qF '| **holds** | pct_fp32_peak[variant=ilp1] = 10; claimed < 95; pct_fp32_peak[variant=ilp1] = 10 is a share of the fp32 peak, an upper-bound estimate (run.json peak.fp32_kind): the same verdict with the device'\"'\"'s true peak anywhere from the best rate a row of this run reached against it (47% of it) up to it;'"
check limits_no_fails test -z "$(grep -F '**does not hold**' "$R/report.md")"
check limits_dev_noisy_undecided sh -c "grep '^| 4 |' '$R/report.md' | grep -qF '| **cannot be decided here** | mean(dev_row_avg[local=64]) = 0.0197, asked <= -0.05; another verdict somewhere within the noise floor ('"
check limits_dev_quiet_holds sh -c "grep '^| 5 |' '$R/report.md' | grep -qF '| **holds** | mean(dev_row_avg[local=64]) = -0.2, asked <= -0.05; the same verdict anywhere within the noise floor (0.12%) of its 1 timed value |'"
check limits_counts grep -q '^2 hold, 0 do not hold, 1 cannot be decided here, 2 cannot be checked on this run.$' "$R/report.md"
check limits_tsv_tokens test "$(cut -f4 "$R/findings.tsv" | tr '\n' ' ')" = "verdict cannot-be-checked cannot-be-checked holds cannot-be-decided holds "

# The same rows against theoretical peaks (run.json's data, not the words): judged as ever.
sed 's/"fp32_kind": "estimate"/"fp32_kind": "theoretical"/; s/"fp64_kind": "estimate"/"fp64_kind": "theoretical"/' "$fx/limits_run/run.json" > "$R/run.json"
"$CLX" report "$R" --spec "$fx/limits.spec" --quiet > "$T/theoretical.log" 2>&1
check limits_theoretical_fp32_fails sh -c "grep '^| 1 |' '$R/report.md' | grep -qF '| **does not hold** | pct_fp32_peak[variant=fp32_fma] = 46.73; claimed >= 90;'"
check limits_theoretical_fp64_fails sh -c "grep '^| 2 |' '$R/report.md' | grep -qF '| **does not hold** |'"
check limits_theoretical_ilp1_holds sh -c "grep '^| 3 |' '$R/report.md' | grep -qF '| **holds** |'"
check limits_theoretical_no_estimate test -z "$(grep -F 'upper-bound estimate (run.json' "$R/report.md")"
# A run of an older clx said it in the words alone.
sed 's/, "fp32_kind": "estimate"//; s/, "fp64_kind": "estimate"//' "$fx/limits_run/run.json" > "$R/run.json"
check limits_older_run_has_no_kind test -z "$(grep -F '_kind' "$R/run.json")"
"$CLX" report "$R" --spec "$fx/limits.spec" --quiet > "$T/older.log" 2>&1
check limits_older_run_words sh -c "grep '^| 1 |' '$R/report.md' | grep -qF '| **cannot be checked** |'"
finish
