# wayon_report.sh — clx run --report says the run's way on again as its last line, whatever way on the
# run ended with, not only a stop's (stop_report.sh): a run whose results.tsv could not be written
# (fixtures/fullwrite.c fails it after 5 rows: "to continue once its disk has room: ...", exit 4) and
# a worker that died in the heater (CLX_CRASH_IN_HEATER: "N rows in DIR/results.tsv; to continue:
# ...", exit 4). Before, only a stop's was said again: these stayed above the report's lines, which
# scrolled them away.
. tests/e2e/lib.sh
T=$TMP/wayon_report
rm -rf "$T" && mkdir -p "$T"

CLX_CRASH_IN_HEATER=1 "$CLX" run vecsum --quick --set variant=naive,gridstride --preheat 0.3 --report --quiet \
    --out "$T/heater" > "$T/heater.log" 2>&1; rc=$?
h=$(ls -d "$T"/heater/vecsum-* | head -n 1)
check heater_exit_4 test "$rc" -eq 4
check heater_report_said grep -q "^clx: report: $h has no rows" "$T/heater.log"
check heater_wayon_last sh -c "tail -n 1 '$T/heater.log' | grep -q '^clx: 0 rows in $h/results.tsv; to continue: .*clx\(-asan\)\? run --resume $h\$'"

fullwrite_or_skip wayon_report_full
FULLWRITE_ROWS=5 pre "$CLX" run vecsum --quick $FEW --report --out "$T/full" > "$T/full.log" 2>&1; rc=$?
d=$(ls -d "$T"/full/vecsum-* | head -n 1)
check full_exit_4 test "$rc" -eq 4 -a "$(tsv_rows "$d/results.tsv")" -eq 5
check full_report_drawn grep -q "^clx: report: $d/report.md" "$T/full.log"
check full_wayon_last sh -c "tail -n 1 '$T/full.log' | grep -q '^clx: to continue once its disk has room: .*clx\(-asan\)\? run --resume $d\$'"
finish
