# findings_size.sh — what report.md says of findings that state a size (issue 45): on a fixture run
# folder (tests/e2e/fixtures/report/sized_run, numbers made by hand), a sized claim its rows miss
# (5% slower against 1-3%) holds in direction, not in size, with both sizes shown; one nowhere near
# its size (5.37x slower against 1-3%) does not hold, and says so; one within its size holds, one
# against it does not, a difference within the rounds' noise cannot be decided (a check's as a
# compare's), and a check's arithmetic is labelled. Then a real quick run on PoCL, whose verdict depends on the
# machine: only its form is checked.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
R=$TMP/findings_size/run
rm -rf "$TMP/findings_size" && mkdir -p "$TMP/findings_size" && cp -r "$fx/sized_run" "$R"
"$CLX" report "$R" --spec "$fx/sized.spec" > "$TMP/findings_size/report.log" 2>&1
check sized_report_exit_0 test $? -eq 0
check sized_nowhere_verdict sh -c "grep '^| 1 |' '$R/report.md' | grep -q '| \*\*does not hold\*\* |'"
check sized_nowhere_said sh -c "grep '^| 1 |' '$R/report.md' | grep -q '; 5.37x lower, nowhere near the claimed 1% to 3% lower (over 10 times the claimed size on a log scale, and over 2x past it) |'"
check sized_missed_verdict sh -c "grep '^| 9 |' '$R/report.md' | grep -q '| \*\*holds in direction, not in size\*\* |.*ratio 0.9524, 4.76% lower; verdict rule: variant=slow5 SLOWER than variant=naive, by 4.76% (noise floor 0.18%); claimed 0.97..0.99, 1% to 3% lower |'"
check sized_missed_measured sh -c "grep '^| 1 |' '$R/report.md' | grep -q 'gbs\[variant=gridstride\] = 5.81 against gbs\[variant=naive\] = 31.2: ratio 0.1862, 5.37x lower; verdict rule: variant=gridstride SLOWER than variant=naive, by 5.37x (noise floor 0.18%); claimed 0.97..0.99, 1% to 3% lower'"
check sized_within_holds sh -c "grep '^| 2 |' '$R/report.md' | grep -q '| \*\*holds\*\* |.*ratio 0.9804, 1.96% lower'"
check sized_against_fails sh -c "grep '^| 3 |' '$R/report.md' | grep -q '| \*\*does not hold\*\* |.*ratio 1.053, 5.26% higher; verdict rule: variant=fast FASTER than variant=naive, by 5.26%'"
check sized_noise_undecided sh -c "grep '^| 4 |' '$R/report.md' | grep -q '| \*\*cannot be decided here\*\* |.*verdict rule: UNSURE which of variant=noisy and variant=naive is faster (noise floor 13%)'"
check sized_noise_not_slower sh -c "! grep '^| 4 |' '$R/report.md' | grep -q SLOWER"
check sized_check_labelled sh -c "grep '^| 5 |' '$R/report.md' | grep -q 'max(gbs\[\]) / min(gbs\[\]) = 5.653, asked <= 1.03; the same verdict anywhere within the noise floors (0.12%) of its 2 timed values |'"
check sized_size_form sh -c "grep '^| 6 |' '$R/report.md' | grep -q '| \*\*does not hold\*\* |.*median_ms\[variant=gridstride\] / median_ms\[variant=naive\] = 5.37; claimed 1.01..1.03, direction > 1;.*; 5.37x higher, nowhere near the claimed 1% to 3% higher'"
check sized_size_form_missed sh -c "grep '^| 10 |' '$R/report.md' | grep -q '| \*\*holds in direction, not in size\*\* |.*median_ms\[variant=slow5\] / median_ms\[variant=naive\] = 1.05; claimed 1.01..1.03, direction > 1'"
# A check of times is judged at every value within their noise floors, as a compare is: noisy's
# 2% (its rounds 5% apart) cannot be decided, for all that the medians say "true"; near's holds.
check sized_check_noise_undecided sh -c "grep '^| 7 |' '$R/report.md' | grep -q '| \*\*cannot be decided here\*\* |.*median_ms\[variant=noisy\] = 1.02, asked > median_ms\[variant=naive\] = 1; another verdict somewhere within the noise floors (0.12-[0-9]*%) of its 2 timed values |'"
check sized_check_beyond_noise_holds sh -c "grep '^| 8 |' '$R/report.md' | grep -q '| \*\*holds\*\* |.*; the same verdict anywhere within the noise floors'"
check sized_counts grep -q '^2 hold, 2 hold in direction but not in size, 4 do not hold, 2 cannot be decided here, 0 cannot be checked on this run.$' "$R/report.md"
# sized.spec names no seed: its findings are the spec's.
check sized_console grep -q 'the spec.s findings: 2 hold, 2 hold in direction but not in size, 4 do not hold, 2 cannot be decided here' "$TMP/findings_size/report.log"

# A spec whose sized finding is malformed is refused with its line.
sed '0,/claimed = "0.97..0.99"; },/s//claimed = "1-3%"; },/' "$fx/sized.spec" > "$TMP/findings_size/bad.spec"
cp "$fx/fixture.cl.m4" "$TMP/findings_size/"
"$CLX" report "$R" --spec "$TMP/findings_size/bad.spec" > "$TMP/findings_size/bad.log" 2>&1
check sized_bad_claimed_exit test $? -ne 0
check sized_bad_claimed_line grep -q "bad.spec:16: finding claimed: '1-3%' is not a range" "$TMP/findings_size/bad.log"

# A check with a lone '=' (muparser's assignment: it would hold whatever the rows say) is refused
# with its line, the check shown as written.
sed 's|check = "max(gbs\[\]) / min(gbs\[\]) <= 1.03"|check = "max(gbs[]) = min(gbs[])"|' "$fx/sized.spec" > "$TMP/findings_size/eq.spec"
"$CLX" report "$R" --spec "$TMP/findings_size/eq.spec" > "$TMP/findings_size/eq.log" 2>&1
check sized_eq_refused_exit test $? -ne 0
check sized_eq_refused_line grep -qF "eq.spec:24: finding check: '=' in 'max(gbs[]) = min(gbs[])' would assign a value, not compare: write '==' to compare" "$TMP/findings_size/eq.log"

# A real quick run on PoCL: the compare reads the run's own rounds; the verdict is the machine's (its
# floor too: above 100% on a loaded host, said as a factor, floor_said.h).
run_clx "$TMP/findings_size/vecsum" run vecsum --quick --set variant=naive,gridstride
check sized_run_exit test "$rc" -eq 0
sed 's/where = "build=default, N=200M, local=256";/where = "build=default, local=256";/' templates/vecsum.spec > "$TMP/findings_size/vecsum.spec"
cp templates/vecsum.cl.m4 "$TMP/findings_size/"
"$CLX" report "$rundir" --spec "$TMP/findings_size/vecsum.spec" --quiet > "$TMP/findings_size/vecsum-report.log" 2>&1
check sized_run_report_exit test $? -eq 0
check sized_run_verdict sh -c "grep 'Grid-stride adds overhead' '$rundir/report.md' | grep -Eq '\*\*(holds|holds in direction, not in size|does not hold|cannot be decided here)\*\*'"
check sized_run_measured sh -c "grep 'Grid-stride adds overhead' '$rundir/report.md' | grep -q 'gbs\[variant=gridstride\] = [0-9.]* against gbs\[variant=naive\] = [0-9.]*: ratio [0-9.]*, .*; verdict rule: [^;]* (noise floor \\([0-9.]*%\\|a factor of [0-9.]*\\)); claimed 0.97..0.99, 1% to 3% lower'"
finish
