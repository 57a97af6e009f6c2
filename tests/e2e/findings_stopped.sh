# findings_stopped.sh — the findings of a run stopped before its sweep's end (CLX_STOP_AFTER_ROUNDS: 2
# of its 4 work-group sizes measured, a round each): the configurations it did not reach are taken as
# rows that did not pass, named "not reached". A max they could raise past the claim cannot be
# checked; one they cannot change holds and names them; a mean says the points it stands on; report.md
# and the console say the run was stopped with 2 of its 4 planned rows. Before, all three said
# "holds" as if every work-group size had been measured. Resumed to its end, none of it is said. A
# configuration the spec's restrictions over a launch axis leave out is none not reached.
. tests/e2e/lib.sh
T=$TMP/findings_stopped
rm -rf "$T" && mkdir -p "$T"
spec=tests/e2e/fixtures/stopfind.spec
CLX_STOP_AFTER_ROUNDS=2 "$CLX" run "$spec" --out "$T/run" > "$T/run.log" 2>&1; rc=$?
d=$(ls -d "$T"/run/stopfind-* | head -n 1)
check stopped_run_130 test "$rc" -eq 130 -a "$(tsv_rows "$d/results.tsv")" -eq 2
"$CLX" report "$d" > "$T/report.log" 2>&1
md=$d/report.md
check stopped_md_said grep -qF '**Stopped:** this run was stopped with 2 rows of 4 planned: its findings are checked on the rows it measured, the 2 configurations it did not reach taken as rows that did not pass (*not reached*)' "$md"
check stopped_console_said grep -qF '  (this run was stopped with 2 rows of 4 planned: its findings are checked on the rows it measured, the 2 configurations it did not reach' "$T/report.log"
# max(gbs[]) > 0: a row not reached could only raise the max; it holds, naming them.
check stopped_best_holds_named sh -c "grep '^| 1 |' '$md' | grep -qF '| **holds** | max(gbs[]) = ' &&
    grep '^| 1 |' '$md' | grep -qF 'the greatest of the rows that passed: local=64 not reached, local=128 not reached)'"
# max(gbs[]) < 1e6: a row not reached could be past it.
check stopped_best_unchecked sh -c "grep '^| 2 |' '$md' | grep -qF '| **cannot be checked** |' &&
    grep '^| 2 |' '$md' | grep -qF 'a configuration the stopped run did not reach could change the verdict (its --resume measures it)'"
check stopped_best_unchecked_console grep -qE '^  cannot be checked +no work-group size is faster than 1e6 GB/s' "$T/report.log"
check stopped_mean_points sh -c "grep '^| 3 |' '$md' | grep -qF '(over 2 of 4 points: local=64, local=128 not reached)'"
check stopped_tsv_unchecked sh -c "awk -F'\t' '\$1 == 2' '$d/findings.tsv' | grep -q cannot-be-checked"
# Resumed to its end: every configuration measured, no word of a stop.
"$CLX" run --resume "$d" > "$T/resume.log" 2>&1
"$CLX" report "$d" > "$T/report2.log" 2>&1
check resumed_not_said sh -c "! grep -q -e 'not reached' -e '\*\*Stopped:\*\*' '$md' && ! grep -q 'not reached' '$T/report2.log'"
check resumed_best_checked sh -c "grep '^| 2 |' '$md' | grep -qF '| **holds** |'"

# One row measured: "1 row", not "1 rows".
O=$T/one
CLX_STOP_AFTER_ROUNDS=1 "$CLX" run "$spec" --out "$O" > "$T/one.log" 2>&1
o=$(ls -d "$O"/stopfind-* | head -n 1)
"$CLX" report "$o" > "$T/one-report.log" 2>&1
check stopped_one_row_said sh -c "grep -qF 'this run was stopped with 1 row of 4 planned: ' '$o/report.md' && ! grep -q ' 1 rows' '$o/report.md' '$T/one-report.log'"

# The spec's restrictions over a launch axis, re-applied: local=128, which the run would have written
# skipped, is not "not reached"; local=64 is.
R=$T/restricted
mkdir -p "$R"
cp tests/e2e/fixtures/broken.cl.m4 "$R/"
sed 's|^rounds = 1;|rounds = 1;\nrestrictions = [ "local != 128" ];|' "$spec" > "$R/stopfind.spec"
CLX_STOP_AFTER_ROUNDS=2 "$CLX" run "$R/stopfind.spec" --out "$R/run" > "$R/run.log" 2>&1
e=$(ls -d "$R"/run/stopfind-* | head -n 1)
"$CLX" report "$e" > "$R/report.log" 2>&1
check restricted_not_unreached sh -c "grep -qF 'this run was stopped with 2 rows of 4 planned: its findings are checked on the rows it measured, the 1 configuration it did not reach' '$e/report.md' &&
    grep '^| 3 |' '$e/report.md' | grep -qF '(over 2 of 3 points: local=64 not reached)' && ! grep -q 'local=128 not reached' '$e/report.md'"
finish
