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
# "(quick run)" marks a verdict the full sweep may change; a finding no sweep of the run can check
# (an energy without clx run --energy) is not marked: the mark read as "the full sweep checks it".
check quick_marked_sweep_decides sh -c "grep '^| 2 |' '$rundir/report.md' | grep -qF '| **cannot be checked** (quick run) | '"
check quick_unmarked_no_sweep_md sh -c "grep '^| 7 | The fastest configuration is the most energy-efficient' '$rundir/report.md' | grep -qF '| **cannot be checked** | '"
check quick_unmarked_no_sweep_console grep -qE '^  cannot be checked +The fastest configuration is the most energy-efficient' "$T/quick.report.log"
check quick_marks_said grep -qF 'so the verdicts marked *(quick run)* below are a quick run' "$rundir/report.md"

# A copy of the spec outside templates/ (the run's spec_file made that copy), a parameter renamed in
# it since (ILP -> CHAINS): the report reads the spec run.json recorded, and the commands it suggests
# must still run: they name that spec written out in the run's folder, not the file that now refuses
# --set ILP=... (exit 2).
Q=$rundir
R=$T/renamed; rm -rf "$R"; cp -r "$Q" "$R"
sed 's/\<ILP\>/CHAINS/g' templates/volkov_fma.spec > "$T/my.spec"
sed -i "s|\"spec_file\":[[:space:]]*\"templates/volkov_fma.spec\"|\"spec_file\": \"$T/my.spec\"|" "$R/run.json"
"$CLX" report "$R" > "$T/renamed.report.log" 2>&1
written=$(cd "$R/spec" 2>/dev/null && pwd -P)/volkov_fma.spec
check renamed_falls_back grep -qF "so the report uses the spec recorded in $R/run.json (--spec FILE gives another); the commands it suggests run that spec, written out as $written" "$T/renamed.report.log"
check renamed_spec_written cmp -s "$written" templates/volkov_fma.spec
check renamed_full_names_it grep -qF "$CLX run $written (the full sweep) decides " "$T/renamed.report.log"
small=$(sed -n "s|^$small_said||p" "$T/renamed.report.log")
check renamed_small_names_it test "$small" = "$written --quick --set ILP=1,4,8 --local 32,64,128,256"
eval "\"$CLX\" run $small --dry-run" > "$T/renamed.dry.log" 2>&1
check renamed_small_runs test $? -eq 0
check renamed_file_refuses sh -c "! '$CLX' run '$T/my.spec' --quick --set ILP=1,4,8 --dry-run"
# Where the spec as run would not run as the run did (its template edited since: run.json's
# template_sha), the commands name the file, and say plainly whose names they use; no file is left.
sed -i 's/"template_sha":[[:space:]]*"[0-9a-f]*"/"template_sha": "0000000000000000"/' "$R/run.json"
"$CLX" report "$R" > "$T/renamed2.report.log" 2>&1
check renamed_edited_names_said grep -qF "clx: report: the commands above use the names of the spec recorded in run.json, which $T/my.spec may refuse (the spec as run is not written out to run instead: its template " "$T/renamed2.report.log"
check renamed_edited_md grep -qF "Note: the commands above use the names of the spec recorded in run.json, which $T/my.spec may refuse" "$R/report.md"
check renamed_edited_no_file test ! -e "$written"
rundir=$Q
# The small sweep as said (fewer trials, which decide nothing about rows), then its report: every
# finding that lacked rows has them; what is left cannot be checked for a value no sweep gives, or
# for a share of a peak that is only an upper-bound estimate (a CPU's) where the true peak would turn
# the verdict (ILP 8's 95% of the FP32 peak), which no sweep changes either, or because its premise
# does not hold on this device (ILP 1 no faster at 256 work-items than at 64: on a CPU, as the timing
# of 2 trials falls, either way: a loaded 2-core host failed this case where only the first two were
# allowed).
small=$(sed -n "s|^$small_said||p" "$T/quick.report.log")
run_clx "$T/small" run $small --trials 2
check small_sweep_ran test "$rc" -eq 0 -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 24
"$CLX" report "$rundir" > "$T/small.report.log" 2>&1
check small_sweep_rows_there test "$(grep -c '^| [0-9]* | .*\*\*cannot be checked\*\*.*no measured row matches' "$rundir/report.md")" -eq 0
check small_sweep_checked test "$(grep -c '^| [0-9]* | .*\*\*cannot be checked\*\*' "$rundir/report.md")" -eq \
    "$(grep -c '^| [0-9]* | .*\*\*cannot be checked\*\*.*\(no measured row of this run has a value of\|an upper-bound estimate (run.json\|its premise does not hold on this device\)' "$rundir/report.md")"
check small_sweep_no_hint sh -c "! grep -q 'small sweep\|(the full sweep) decides' '$T/small.report.log'"
finish
