# report_stop.sh — a report stopped while it is drawn (^C, SIGTERM: CLX_STOP_AFTER_PLOTS stops it as ^C
# does at the plot it names, whatever gnuplot's pace) leaves the run folder as it was: the earlier
# report.md, findings.tsv and plots/ untouched, none of the new report's files, no temporary; one line
# names the clx report that draws it, and clx exits 130. So for clx report and for clx run --report.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
spec=$fx/fixture.spec
T=$TMP/report_stop
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# snapshot DIR: report.md, findings.tsv and plots/ of a run folder, each file's name and sum, and
# every other name in it: what a stopped report must leave as it found it.
snapshot() { (cd "$1" && find . -type f \( -name report.md -o -name findings.tsv -o -path './plots/*' \) -exec md5sum {} + | sort
              find . | sort); }

A=$T/A
make_run "$A" fixture 1 "1000 2000"
"$CLX" report "$A" --spec "$spec" --quiet > "$T/A.log" 2>&1
check report_stop_first_whole test $? -eq 0 -a -s "$A/report.md"
snapshot "$A" > "$T/A.before"
# Another spec whose plots have other names: a report drawn midway would show as its files.
Un=$T/untitled
mkdir -p "$Un"; cp "$fx/fixture.cl.m4" "$Un/"
awk '/^plots = \(/ { skip = 1; print "plots = (\n" \
    "  { kind = \"bars\"; name = \"bw_variant\"; metric = \"gbs\"; x = \"variant\"; where = \"build=default\"; },\n" \
    "  { kind = \"bars\"; name = \"bw_n\"; metric = \"gbs\"; x = \"N\"; where = \"build=default\"; }\n);"; next }
    skip && /^\);/ { skip = 0; next } !skip' "$spec" > "$Un/fixture.spec"
CLX_STOP_AFTER_PLOTS=1 "$CLX" report "$A" --spec "$Un/fixture.spec" --quiet > "$T/A-stop.out" 2> "$T/A-stop.err"; rc=$?
check report_stop_exit_130 test "$rc" -eq 130
snapshot "$A" > "$T/A.after"
check report_stop_folder_as_it_was cmp -s "$T/A.before" "$T/A.after"
check report_stop_no_new_plot sh -c "! ls '$A/plots' | grep -q '^bw_'"
check report_stop_no_tmp test -z "$(find "$A" -name '*tmp*')"
check report_stop_said grep -qx "clx: stopped by SIGINT while drawing the report: report.md and plots/ are as they were; .*clx\(-asan\)\? report $A draws it" "$T/A-stop.err"
check report_stop_one_line test "$(wc -l < "$T/A-stop.err")" -eq 1
check report_stop_no_report_said sh -c "! grep -q 'report.md (' '$T/A-stop.out'"
# A second stop behind the first (CLX_STOP_TWICE: SIGTERM after the SIGINT) leaves it so too, said once.
CLX_STOP_TWICE=1 CLX_STOP_AFTER_PLOTS=1 "$CLX" report "$A" --spec "$Un/fixture.spec" --quiet > "$T/A-twice.out" 2> "$T/A-twice.err"; rc=$?
snapshot "$A" > "$T/A.twice"
check report_stop_twice_as_it_was test "$rc" -eq 130 -a -z "$(find "$A" -name '*tmp*')" -a "$(wc -l < "$T/A-twice.err")" -eq 1
check report_stop_twice_folder cmp -s "$T/A.before" "$T/A.twice"
check report_stop_twice_said grep -qx "clx: stopped by SIGINT while drawing the report: report.md and plots/ are as they were; .*clx\(-asan\)\? report $A draws it" "$T/A-twice.err"
# Drawn again, whole: the new plots in place of the earlier ones, and nothing of the draft left.
"$CLX" report "$A" --spec "$Un/fixture.spec" --quiet > "$T/A-again.log" 2>&1
check report_stop_again_whole test $? -eq 0 -a -z "$(find "$A" -name '*tmp*')"
check_drawn report_stop_again_new_plots sh -c "test -s '$A/plots/bw_n.svg' && test ! -e '$A/plots/lines.svg'"
# A run folder with no report yet: none is left, nor a plots/ folder's files.
B=$T/B
make_run "$B" fixture 1 "1000 2000"
CLX_STOP_AFTER_PLOTS=2 "$CLX" report "$B" --spec "$spec" --quiet > "$T/B.log" 2>&1; rc=$?
check report_stop_none_before sh -c "test $rc -eq 130 && test ! -e '$B/report.md' && test ! -e '$B/findings.tsv' && test -z \"\$(ls '$B/plots' 2>/dev/null)\" && test -z \"\$(find '$B' -name '*tmp*')\""

# clx run --report stopped in its report phase: the run is whole (run.json finished), no report is
# left half-drawn, and the line names the clx report that draws it.
CLX_STOP_AFTER_PLOTS=1 "$CLX" run vecsum --quick --set variant=naive --device pocl --report --out "$T/run" \
    > "$T/run.log" 2>&1; rc=$?
d=$(ls -d "$T/run"/vecsum-* | head -n 1)
check report_stop_run_exit_130 test "$rc" -eq 130
check report_stop_run_finished grep -q '"finished"' "$d/run.json"
check report_stop_run_no_report sh -c "test ! -e '$d/report.md' && test -z \"\$(find '$d' -name '*tmp*')\""
check report_stop_run_said grep -qx "clx: stopped by SIGINT while drawing the report: report.md and plots/ are as they were; .*clx\(-asan\)\? report $d draws it" "$T/run.log"
finish
