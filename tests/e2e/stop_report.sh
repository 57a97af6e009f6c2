# stop_report.sh — clx run --report stopped by ^C (CLX_STOP_AFTER_ROUNDS: 2 of its 4 rows) draws the
# report of the rows that finished, which says the run was stopped with 2 rows of 4 planned, and exits
# 130 as a stop does: before, the stop drew none and said nothing of it. A second stop right behind the
# first ("stop at once") draws it too; a stop once every row is written (CLX_STOP_AFTER_SWEEP) draws
# the whole run's. The stop's way on (clx run --resume DIR) is said again as the last line, below the
# report's: said only above them, it had scrolled away.
. tests/e2e/lib.sh
T=$TMP/stop_report
rm -rf "$T" && mkdir -p "$T"
spec=tests/e2e/fixtures/stopfind.spec
CLX_STOP_AFTER_ROUNDS=2 "$CLX" run "$spec" --report --out "$T/run" > "$T/run.log" 2>&1; rc=$?
d=$(ls -d "$T"/run/stopfind-* | head -n 1)
check stopped_exit_130 test "$rc" -eq 130 -a "$(tsv_rows "$d/results.tsv")" -eq 2
check stopped_report_drawn grep -qF '**Stopped:** this run was stopped with 2 rows of 4 planned' "$d/report.md"
check stopped_report_said grep -q "^clx: report: $d/report.md" "$T/run.log"
check stopped_resume_said grep -q "^clx: to continue: .*clx\(-asan\)\? run --resume $d\$" "$T/run.log"
# The way on is the last line, below the report's (said at the stop above them, it scrolled away).
check stopped_wayon_last sh -c "tail -n 1 '$T/run.log' | grep -q '^clx: to continue: .*clx\(-asan\)\? run --resume $d\$'"

CLX_STOP_TWICE=1 CLX_STOP_AFTER_ROUNDS=2 "$CLX" run "$spec" --report --out "$T/twice" > "$T/twice.log" 2>&1; rc=$?
e=$(ls -d "$T"/twice/stopfind-* | head -n 1)
check twice_exit_stop test "$rc" -ge 128
check twice_report_drawn grep -qF '**Stopped:** this run was stopped with' "$e/report.md"
check twice_wayon_last sh -c "tail -n 1 '$T/twice.log' | grep -q '^clx: to continue: .*clx\(-asan\)\? run --resume $e\$'"

CLX_STOP_AFTER_SWEEP=1 "$CLX" run "$spec" --report --out "$T/whole" > "$T/whole.log" 2>&1; rc=$?
w=$(ls -d "$T"/whole/stopfind-* | head -n 1)
check whole_exit_130 test "$rc" -eq 130
check whole_report_drawn sh -c "test -s '$w/report.md' && ! grep -q 'Stopped:' '$w/report.md' && ! grep -q 'not drawn' '$T/whole.log'"
# Nothing to resume: no way on, before the report or after it.
check whole_no_wayon sh -c "! grep -q 'to continue' '$T/whole.log'"
finish
