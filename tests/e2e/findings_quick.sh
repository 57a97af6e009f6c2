# findings_quick.sh — a --quick run's findings it cannot check for want of rows: the report names the
# full sweep and the small one that decides them (the quick run's command with the values the
# findings' where and selectors name added, built from their filters), and that small sweep, run,
# decides them: none of them is "cannot be checked" there. Their verdicts there depend on the
# machine's load, so only that they are checked is. (core_flags.sh: the options of a quick run kept.)
. tests/e2e/lib.sh
T=$TMP/findings_quick
rm -rf "$T" && mkdir -p "$T"
small_said="clx: report: a small sweep decides them too, the quick one with the values they name added: $CLX run "
# volkov_fma's quick set (ILP 1, 4; local 32, 128) has none of ILP 8, local 64 and 256, which four
# findings name; the full sweep is 1536 configurations (19 minutes on a CPU), the small one 24.
run_clx "$T/quick" run volkov_fma --quick --trials 2
"$CLX" report "$rundir" > "$T/quick.report.log" 2>&1
check quick_full_sweep_said grep -q "^clx: report: this was a --quick run, .*$CLX run volkov_fma (the full sweep) decides " "$T/quick.report.log"
check quick_small_sweep_said grep -qxF "${small_said}volkov_fma --quick --set ILP=1,4,8 --local 32,64,128,256" "$T/quick.report.log"
check quick_small_sweep_md grep -qF 'A small sweep decides them too, the quick one with the values they name added: `clx run volkov_fma --quick --set ILP=1,4,8 --local 32,64,128,256`.' "$rundir/report.md"
nrows=$(grep -c '^| [0-9]* | .*\*\*cannot be checked\*\*.*no measured row matches' "$rundir/report.md")
check quick_rows_missing test "$nrows" -ge 4
# The small sweep as said (fewer trials, which decide nothing about rows), then its report: every
# finding that lacked rows has them; what is left cannot be checked for a value no sweep gives, or
# for a share of a peak that is only an upper-bound estimate (a CPU's) where the true peak would turn
# the verdict (ILP 8's 95% of the FP32 peak), which no sweep changes either.
small=$(sed -n "s|^$small_said||p" "$T/quick.report.log")
run_clx "$T/small" run $small --trials 2
check small_sweep_ran test "$rc" -eq 0 -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 24
"$CLX" report "$rundir" > "$T/small.report.log" 2>&1
check small_sweep_rows_there test "$(grep -c '^| [0-9]* | .*\*\*cannot be checked\*\*.*no measured row matches' "$rundir/report.md")" -eq 0
check small_sweep_checked test "$(grep -c '^| [0-9]* | .*\*\*cannot be checked\*\*' "$rundir/report.md")" -eq \
    "$(grep -c '^| [0-9]* | .*\*\*cannot be checked\*\*.*\(no measured row of this run has a value of\|an upper-bound estimate (run.json\)' "$rundir/report.md")"
check small_sweep_no_hint sh -c "! grep -q 'small sweep\|(the full sweep) decides' '$T/small.report.log'"
finish
