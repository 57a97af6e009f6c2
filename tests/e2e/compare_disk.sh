#!/bin/sh
# compare_disk.sh — clx compare's and clx history's charts, tables and .md on a disk with no room, a
# full one (ENOSPC) or a spent quota (EDQUOT), said as clx report says its own (report_disk.sh): one
# line naming the files not written, in the errno's words, exit 4, never as gnuplot's failure nor with
# the line that names the files put in place; where gnuplot is missing too (which alone is exit 0),
# the want of room still is. A table or .md not written puts none of the comparison in place. With
# an LD_PRELOAD (fixtures/fullwrite.c: FULLWRITE_PLOTS names a chart, FULLWRITE_DRAFT a table or .md;
# needs cc); model runs (fixtures/report/make_run.sh), no device, no timing.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/compare_disk
rm -rf "$T"; mkdir -p "$T/empty"
fullwrite_or_skip compare_disk
. "$fx/make_run.sh"
A=$T/A
make_run "$A" fixture 1 "1000 2000" "" rounds
copy_run "$A" "$T/B" 24
scale "$T/B" 1 0.5
nogp="$(cd "$T/empty" && pwd)"

# one_line NAME LOG WORDS: the log has one line of files not written, and no line naming the files
# put in place nor gnuplot's failure.
one_line() {
    check "${1}_said_once" test "$(grep -c 'cannot write' "$2")" -eq 1
    check "${1}_no_success" sh -c "! grep -e '^clx: compare: .*/compare.md, compare.tsv' -e '^clx: history: .*/history.md, history.tsv' -e 'gnuplot failed' '$2'"
}

# The speed-up chart's data refused by a full disk (gnuplot here or not): both pictures named (the
# verdicts' is not tried after it), compare.md and compare.tsv written and said so, exit 4; the
# verdicts under --fail-on slower (which would exit 1) do not hide it: 4 wins.
for g in gp nogp; do
    if [ $g = gp ] && ! have_gnuplot; then skip compare_disk_speedup_gp "$NO_PICTURES"; continue; fi
    path=$PATH; [ $g = nogp ] && path=$nogp
    PATH=$path FULLWRITE_PLOTS=speedup pre "$CLX" compare "$A" "$T/B" --out "$T/s-$g" --quiet --fail-on slower \
        > "$T/s-$g.log" 2>&1; rc=$?
    check "compare_disk_speedup_${g}_exit_4" test $rc -eq 4
    check "compare_disk_speedup_${g}_said" grep -q "^clx: compare: cannot write speedup.png, verdicts.png in $T/s-$g: No space left on device (.*written: compare.md, compare.tsv)\$" "$T/s-$g.log"
    one_line "compare_disk_speedup_$g" "$T/s-$g.log"
    check "compare_disk_speedup_${g}_md" grep -qxF "**Plot not drawn:** cannot write $T/s-$g/speedup.tsv: No space left on device" "$T/s-$g/compare.md"
    check "compare_disk_speedup_${g}_tsv" test -s "$T/s-$g/compare.tsv"
done
# Where gnuplot is missing (no want of room), the tables are whole: exit 0, its own line.
PATH=$nogp "$CLX" compare "$A" "$T/B" --out "$T/n" --quiet > "$T/n.log" 2>&1; rc=$?
check compare_disk_nogp_alone_exit_0 sh -c "test $rc -eq 0 && grep -q 'no pictures, the tables are whole' '$T/n.log' && ! grep -q 'cannot write' '$T/n.log'"
# ... and both pictures' data and scripts are there to draw later, as a report's are (before, the
# verdicts' was not written once the speed-up's could not be drawn), said so in compare.md and in the
# line naming the files.
check compare_disk_nogp_both_scripts sh -c "test -s '$T/n/speedup.gp' && test -s '$T/n/speedup.tsv' && test -s '$T/n/verdicts.gp' && test -s '$T/n/verdicts.tsv'"
check compare_disk_nogp_md_says grep -qF '**Plots not drawn:** gnuplot is not installed' "$T/n/compare.md"
check compare_disk_nogp_md_how grep -qF '(`gnuplot speedup.gp` and `gnuplot verdicts.gp` draw them)' "$T/n/compare.md"
# Its message in its place among the console's text, where both go to one file: after the summary
# written before it (stdout is flushed first; before, a file got the message first, or cut into a
# line of the summary where the summary passed stdio's buffer).
PATH=$nogp "$CLX" compare "$A" "$T/B" --out "$T/nq" > "$T/nq.log" 2>&1
check compare_disk_nogp_said_in_order sh -c "test \$(grep -n '^clx: compare: gnuplot is not installed' '$T/nq.log' | cut -d: -f1) -gt \$(grep -n '^B vs A: ' '$T/nq.log' | cut -d: -f1)"
check compare_disk_nogp_written grep -qxF "clx: compare: $T/n/compare.md, compare.tsv, the pictures' data and scripts (speedup.tsv, .gp; verdicts.tsv, .gp)" "$T/n.log"

# A spent quota on the verdicts' chart: the speed-up drawn and said written, in the quota's words.
if have_gnuplot; then
    FULLWRITE_QUOTA=1 FULLWRITE_PLOTS=verdicts pre "$CLX" compare "$A" "$T/B" --out "$T/v" --quiet > "$T/v.log" 2>&1; rc=$?
    check compare_disk_verdicts_quota_exit_4 test $rc -eq 4
    check compare_disk_verdicts_quota_said grep -q "^clx: compare: cannot write verdicts.png in $T/v: Disk quota exceeded (.*written: compare.md, compare.tsv, speedup.png)\$" "$T/v.log"
    one_line compare_disk_verdicts_quota "$T/v.log"
    # compare.md links the speed-up's chart drawn; the same compare into that folder, once there is
    # room, draws the verdicts' (it was refused as whole: it held speedup.svg).
    check compare_disk_verdicts_quota_md sh -c "grep -qxF '![speed-up against A](speedup.png)' '$T/v/compare.md' &&
        grep -q '^\*\*Plot not drawn:\*\* gnuplot could not write verdicts.svg\|^\*\*Plot not drawn:\*\* cannot write .*verdicts' '$T/v/compare.md'"
    "$CLX" compare "$A" "$T/B" --out "$T/v" --quiet > "$T/v2.log" 2>&1; rc=$?
    check compare_disk_verdicts_again_whole sh -c "test $rc -eq 0 && test -s '$T/v/verdicts.png' && ! grep -q 'Plot not drawn' '$T/v/compare.md'"
else skip compare_disk_verdicts_quota "$NO_PICTURES"; fi

# A gnuplot that exits 0 with its pictures cut short, on a quota with no room left (the probe of the
# folder refused): a want of room, in the quota's words, no picture left.
mkdir -p "$T/short-gnuplot"
printf '#!/bin/sh\nsed -n "s/^set output \\"\\(.*\\)\\"$/\\1/p" "$1" | while read -r f; do printf "<svg" > "$f"; done\n' > "$T/short-gnuplot/gnuplot"
chmod +x "$T/short-gnuplot/gnuplot"
short="$(cd "$T/short-gnuplot" && pwd):$PATH"
PATH=$short FULLWRITE_QUOTA=1 FULLWRITE_ROOM=1 pre "$CLX" compare "$A" "$T/B" --out "$T/q" --quiet > "$T/q.log" 2>&1; rc=$?
check compare_disk_short_quota_exit_4 test $rc -eq 4
check compare_disk_short_quota_said grep -q "^clx: compare: cannot write speedup.png, verdicts.png in $T/q: Disk quota exceeded (" "$T/q.log"
one_line compare_disk_short_quota "$T/q.log"
check compare_disk_short_quota_md grep -qxF "**Plot not drawn:** gnuplot could not write speedup.svg and speedup.png whole: Disk quota exceeded" "$T/q/compare.md"
check compare_disk_short_quota_none_left sh -c "test -z \"\$(ls -a '$T/q' | grep -e '\\.svg\$' -e '\\.png\$' -e clx-room)\""

# compare.md, compare.tsv not written whole: none of the comparison in place, one line, exit 4.
FULLWRITE_DRAFT=compare.md pre "$CLX" compare "$A" "$T/B" --out "$T/m" --quiet > "$T/m.log" 2>&1; rc=$?
check compare_disk_md_exit_4 test $rc -eq 4
check compare_disk_md_said grep -qx "clx: compare: cannot write compare.md in $T/m: No space left on device (none of the comparison was put in place: the same clx compare writes it once its disk has room)" "$T/m.log"
one_line compare_disk_md "$T/m.log"
check compare_disk_md_nothing_in_place test -z "$(ls -A "$T/m")"
FULLWRITE_QUOTA=1 FULLWRITE_DRAFT=compare.tsv pre "$CLX" compare "$A" "$T/B" --out "$T/t" --quiet > "$T/t.log" 2>&1; rc=$?
check compare_disk_tsv_quota_exit_4 test $rc -eq 4
check compare_disk_tsv_quota_said grep -q "^clx: compare: cannot write compare.tsv in $T/t: Disk quota exceeded (none of the comparison was put in place: .* once its disk quota has room)\$" "$T/t.log"
one_line compare_disk_tsv_quota "$T/t.log"
check compare_disk_tsv_quota_nothing_in_place test -z "$(ls -A "$T/t")"

# clx history: its chart's data refused (gnuplot here or not), then its history.md.
for g in gp nogp; do
    if [ $g = gp ] && ! have_gnuplot; then skip history_disk_plot_gp "$NO_PICTURES"; continue; fi
    path=$PATH; [ $g = nogp ] && path=$nogp
    PATH=$path FULLWRITE_PLOTS=history_plot pre "$CLX" history "$A" "$T/B" --out "$T/h-$g" > "$T/h-$g.log" 2>&1; rc=$?
    check "history_disk_plot_${g}_exit_4" test $rc -eq 4
    check "history_disk_plot_${g}_said" grep -q "^clx: history: cannot write history_plot.png in $T/h-$g: No space left on device (.*written: history.md, history.tsv)\$" "$T/h-$g.log"
    one_line "history_disk_plot_$g" "$T/h-$g.log"
    check "history_disk_plot_${g}_md" grep -qxF "**Plot not drawn:** cannot write $T/h-$g/history_plot.tsv: No space left on device" "$T/h-$g/history.md"
done
FULLWRITE_QUOTA=1 FULLWRITE_DRAFT=history.md pre "$CLX" history "$A" "$T/B" --out "$T/hm" > "$T/hm.log" 2>&1; rc=$?
check history_disk_md_quota_exit_4 test $rc -eq 4
check history_disk_md_quota_said grep -qx "clx: history: cannot write history.md in $T/hm: Disk quota exceeded (none of the history was put in place: the same clx history writes it once its disk quota has room)" "$T/hm.log"
one_line history_disk_md_quota "$T/hm.log"
check history_disk_md_quota_nothing_in_place test -z "$(ls -A "$T/hm")"
finish
