#!/bin/sh
# report_disk.sh — a report's pictures on a disk with no room, a full one (ENOSPC) or a spent quota
# (EDQUOT), said alike: in the one line of the report's files that could not be written, with the
# errno's own words, exit 4, never as gnuplot's failure. Where gnuplot is missing (every figure of a
# plot is tried, each failing for want of it), a full disk on a plot's first figure stays the plot's
# cause, not reset by the next figure. Where gnuplot leaves its pictures cut short and says nothing
# (as on a quota, which statvfs cannot see), a probe of the folder tells the want of room. And a run
# whose results.tsv a quota stops says when to go on in those words. With an LD_PRELOAD
# (fixtures/fullwrite.c: needs cc); the report's runs are a model's (fixtures/report/make_run.sh).
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
spec=$fx/fixture.spec
T=$TMP/report_disk
rm -rf "$T"; mkdir -p "$T/empty"
fullwrite_or_skip report_disk
. "$fx/make_run.sh"

# No gnuplot (PATH of an empty folder), the first figure of the plot heat (heat-naive) refused by a
# full disk, its second (heat-fast) written: the plot failed for want of room (exit 4, said once
# with the report's files, its own line in report.md), where the second figure's want of gnuplot
# had reset errno and the report said nothing and exited 0.
A=$T/A
make_run "$A" fixture 1 "1000 2000"
PATH="$(cd "$T/empty" && pwd)" FULLWRITE_PLOTS="heat-naive" pre "$CLX" report "$A" --spec "$spec" --quiet > "$T/A.out" 2> "$T/A.err"
check nogp_first_figure_exit_4 test $? -eq 4
check nogp_first_figure_said grep -q "^clx: report: cannot write 1 of its 9 plots in $A: No space left on device (" "$T/A.err"
check nogp_first_figure_md grep -qxF "**Not drawn:** plot heat: cannot write $A/plots/heat-naive.tsv: No space left on device" "$A/report.md"
check nogp_first_figure_second_kept test -s "$A/plots/heat-fast.tsv" -a -s "$A/plots/heat-fast.gp"
# (Two lines on the console: no pictures, then the one line; no count of plots drawn.)
check nogp_first_figure_two_lines test "$(cat "$T/A.out" "$T/A.err" | wc -l)" -eq 2

# A spent quota on a plot's data, and on the speed-of-light chart's: said as a full disk is, in the
# quota's words (exit 4, the one line naming the chart), not as gnuplot's failure.
Q=$T/Q
make_run "$Q" fixture 1 "1000 2000"; add_sol "$Q"
FULLWRITE_QUOTA=1 FULLWRITE_PLOTS="bars sol" pre "$CLX" report "$Q" --spec "$spec" --quiet > "$T/Q.out" 2> "$T/Q.err"
check quota_data_exit_4 test $? -eq 4
check quota_data_said sh -c "test \$(cat '$T/Q.out' '$T/Q.err' | grep -c 'Disk quota exceeded') -eq 1 &&
    grep -q '^clx: report: cannot write 1 of its 9 plots, the speed-of-light chart (plots/sol.png) in $Q: Disk quota exceeded (' '$T/Q.err'"
# (Where gnuplot is missing, as on the H200 machine, its one line saying so is no blame of gnuplot.)
check quota_data_not_gnuplots sh -c "! cat '$T/Q.out' '$T/Q.err' | grep -v 'gnuplot is not installed' | grep -e 'gnuplot' -e 'some could not be' -e 'No space'"
check quota_data_md grep -qxF "**Not drawn:** plot bars: cannot write $Q/plots/bars.tsv: Disk quota exceeded" "$Q/report.md"

# A gnuplot that exits 0 with its pictures cut short (report.sh's), on a quota with no room left (the
# probe of the folder refused, EDQUOT): a want of room, not gnuplot's failure (exit 4, not 1), no
# picture left, no probe either; the same gnuplot with room is gnuplot's failure (report.sh).
mkdir -p "$T/short-gnuplot"
printf '#!/bin/sh\nsed -n "s/^set output \\"\\(.*\\)\\"$/\\1/p" "$1" | while read -r f; do printf "<svg" > "$f"; done\n' > "$T/short-gnuplot/gnuplot"
chmod +x "$T/short-gnuplot/gnuplot"
S=$T/S
make_run "$S" fixture 1 "1000 2000"; add_sol "$S"
PATH="$(cd "$T/short-gnuplot" && pwd):$PATH" FULLWRITE_QUOTA=1 FULLWRITE_ROOM=1 pre "$CLX" report "$S" --spec "$spec" --quiet \
    > "$T/S.out" 2> "$T/S.err"
check quota_picture_exit_4 test $? -eq 4
check quota_picture_said grep -q "^clx: report: cannot write 9 of its 9 plots, the speed-of-light chart (plots/sol.png) in $S: Disk quota exceeded (" "$T/S.err"
check quota_picture_not_gnuplots sh -c "! grep -e '^clx: plot ' -e 'some could not be' '$T/S.out' '$T/S.err'"
check quota_picture_md grep -qxF "**Not drawn:** plot bars: gnuplot could not write bars.svg and bars.png whole: Disk quota exceeded" "$S/report.md"
check quota_picture_none_left sh -c "test -s '$S/plots/bars.gp' && test -z \"\$(ls -a '$S/plots' | grep -e '\\.svg\$' -e '\\.png\$' -e clx-room)\""

# A run whose results.tsv a quota stops (after its header and 2 rows): stopped, in the quota's
# words, exit 4, and the --resume that goes on once the quota has room.
FULLWRITE_ROWS=2 FULLWRITE_QUOTA=1 pre "$CLX" run vecsum --quick --set variant=naive --out "$T/runs" > "$T/run.out" 2> "$T/run.err"; rc=$?
w=$(ls -d "$T"/runs/vecsum-* | head -n 1)
check quota_run_exit_4 test "$rc" -eq 4
check quota_run_stopped grep -q "^clx: stopped by a failed write to results.tsv (Disk quota exceeded): 2 rows in $w/results.tsv\$" "$T/run.err"
check quota_run_resume grep -q "^clx: to continue once its disk quota has room: $CLX run --resume $w\$" "$T/run.err"
finish
