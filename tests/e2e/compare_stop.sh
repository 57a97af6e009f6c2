# compare_stop.sh — clx compare and clx history stopped while they write (CLX_STOP_AFTER_PLOTS stops
# them as ^C does once N pictures are drawn or tried, whatever gnuplot's pace) leave none of their
# files in --out, nor the folder clx made for them, say one line "stopped by SIGINT while writing
# ...", exit 130, and the same command then writes them whole. A picture not drawn (a gnuplot that
# failed: a stand-in that exits 1) is said in compare.md and history.md with its script's path in
# the folder, and such a folder takes the same command again, as clx report draws a report again;
# one that fails saying nothing is said with its exit and how to see why (clx report's too);
# a whole one is still refused. A stop clx ignores (a background job's SIGINT) while its m4 runs
# (a stand-in m4 sends it) stays ignored: m4 is not killed, the expansion ends whole. Model runs: no
# device.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/compare_stop
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"
A=$T/A
make_run "$A" fixture 1 "1000 2000" "" rounds
copy_run "$A" "$T/B" 24
scale "$T/B" 1 0.5

# stopped NAME LOG DIR: nothing of the comparison in DIR (no file), one line, exit 130 (RC).
stopped() {
    check "${1}_exit_130" test "$rc" -eq 130
    check "${1}_nothing_left" test -z "$(find "$3" -type f 2>/dev/null)"
    check "${1}_said" grep -qx "clx: stopped by SIGINT while writing the $4: none of its files were put in $3; the same clx $5 writes them" "$2"
    check "${1}_one_line" test "$(grep -c '^clx: ' "$2")" -eq 1
}
# After every picture (two for two sides), before compare.md: no compare.tsv left that a script
# would take for a finished comparison.
CLX_STOP_AFTER_PLOTS=2 "$CLX" compare "$A" "$T/B" --out "$T/c" > "$T/c.log" 2>&1; rc=$?
stopped compare_stop "$T/c.log" "$T/c" comparison compare
check compare_stop_no_verdicts sh -c "! grep -q 'configurations in common' '$T/c.log'"
# At the first picture, where gnuplot draws it.
if have_gnuplot; then
    CLX_STOP_AFTER_PLOTS=1 "$CLX" compare "$A" "$T/B" --out "$T/c1" > "$T/c1.log" 2>&1; rc=$?
    stopped compare_stop_first "$T/c1.log" "$T/c1" comparison compare
else skip compare_stop_first "$NO_PICTURES"; fi
# No --out: the stamped folder clx made goes too.
mkdir -p "$T/root" && cp -r "$A" "$T/B" "$T/root/"
(cd "$T/root" && CLX_STOP_AFTER_PLOTS=2 "$OLDPWD/$CLX" compare A B > ../stamped.log 2>&1); rc=$?
check compare_stop_stamped_removed sh -c "test $rc -eq 130 && test -z \"\$(ls -d '$T'/root/compare-* 2>/dev/null)\""
check compare_stop_stamped_said grep -q "^clx: stopped by SIGINT while writing the comparison: none of it was left (.*compare-fixture-.* removed)" "$T/stamped.log"
# The same compare into that folder writes it whole.
"$CLX" compare "$A" "$T/B" --out "$T/c" > "$T/c-again.log" 2>&1; rc=$?
check compare_stop_again_whole sh -c "test $rc -eq 0 && test -s '$T/c/compare.md' && test -s '$T/c/compare.tsv' && test -z \"\$(find '$T/c' -name '*tmp*')\""

CLX_STOP_AFTER_PLOTS=1 "$CLX" history "$A" "$T/B" --out "$T/h" > "$T/h.log" 2>&1; rc=$?
stopped history_stop "$T/h.log" "$T/h" history history
"$CLX" history "$A" "$T/B" --out "$T/h" > "$T/h-again.log" 2>&1; rc=$?
check history_stop_again_whole sh -c "test $rc -eq 0 && test -s '$T/h/history.md' && test -z \"\$(find '$T/h' -name '*tmp*')\""

# A gnuplot that fails: said in compare.md and history.md (the script named where it is, not in the
# draft), exit 4; the same command into that folder then draws it again, not refused.
mkdir -p "$T/fake"
printf '#!/bin/sh\necho "stand-in gnuplot fails" >&2\nexit 1\n' > "$T/fake/gnuplot"
chmod +x "$T/fake/gnuplot"
abs=$(cd "$T" && pwd)
PATH="$abs/fake:$PATH" "$CLX" compare "$A" "$T/B" --out "$T/cf" > "$T/cf.log" 2>&1; rc=$?
check compare_plot_failed_said sh -c "test $rc -eq 4 && grep -q '^\*\*Plot not drawn:\*\* gnuplot failed on $T/cf/speedup.gp (exit 1)' '$T/cf/compare.md'"
PATH="$abs/fake:$PATH" "$CLX" history "$A" "$T/B" --out "$T/hf" > "$T/hf.log" 2>&1; rc=$?
check history_plot_failed_said sh -c "test $rc -eq 4 && grep -q '^\*\*Plot not drawn:\*\* gnuplot failed on $T/hf/history_plot.gp (exit 1)' '$T/hf/history.md'"
# A gnuplot that fails saying nothing (exit 1, no stderr): the reason is never empty, it names the way
# to see gnuplot's own words; clx report's names the script where it is put (RUN/plots/), not in
# its draft (RUN/report.tmp/, gone by then).
mkdir -p "$T/fake-silent"
printf '#!/bin/sh\nexit 1\n' > "$T/fake-silent/gnuplot"
chmod +x "$T/fake-silent/gnuplot"
silent="(exit 1) without a message: run 'gnuplot"
PATH="$abs/fake-silent:$PATH" "$CLX" compare "$A" "$T/B" --out "$T/cs" > "$T/cs.log" 2>&1; rc=$?
check compare_plot_silent_md sh -c "test $rc -eq 4 && grep -qF \"**Plot not drawn:** gnuplot failed on $T/cs/speedup.gp $silent speedup.gp' in that file's folder\" '$T/cs/compare.md'"
check compare_plot_silent_said grep -qF "clx: compare: gnuplot failed on $T/cs/speedup.gp $silent speedup.gp'" "$T/cs.log"
R=$T/R && cp -r "$A" "$R"
PATH="$abs/fake-silent:$PATH" "$CLX" report "$R" --spec "$fx/fixture.spec" --quiet > "$T/rs.log" 2>&1; rc=$?
check report_plot_silent_said sh -c "test $rc -eq 1 && grep -qF \"clx: plot bars: gnuplot failed on $R/plots/bars.gp $silent bars.gp'\" '$T/rs.log' && ! grep -q 'report.tmp' '$T/rs.log'"
check report_plot_silent_md sh -c "grep -qF \"**Not drawn:** plot bars: gnuplot failed on $R/plots/bars.gp $silent bars.gp'\" '$R/report.md' && ! grep -q 'report.tmp' '$R/report.md'"
if have_gnuplot; then
    "$CLX" compare "$A" "$T/B" --out "$T/cf" > "$T/cf2.log" 2>&1; rc=$?
    check compare_undrawn_again sh -c "test $rc -eq 0 && test -s '$T/cf/speedup.svg' && grep -q 'holds a compare whose picture (speedup.svg) was not drawn: drawn again in its place' '$T/cf2.log' && ! grep -q 'Plot not drawn' '$T/cf/compare.md'"
    "$CLX" history "$A" "$T/B" --out "$T/hf" > "$T/hf2.log" 2>&1; rc=$?
    check history_undrawn_again sh -c "test $rc -eq 0 && test -s '$T/hf/history_plot.svg' && ! grep -q 'Plot not drawn' '$T/hf/history.md'"
    "$CLX" compare "$A" "$T/B" --out "$T/cf" > "$T/cf3.log" 2>&1; rc=$?
    check compare_whole_refused sh -c "test $rc -eq 2 && grep -q 'already holds a compare' '$T/cf3.log'"
else skip compare_undrawn_again "$NO_PICTURES"; fi

# SIGINT ignored at the start (a background job's), sent while m4 runs: m4 is not killed for it.
printf '#!/bin/sh\nkill -INT $PPID\nPATH=%s exec m4 "$@"\n' "$PATH" > "$T/fake/m4"
chmod +x "$T/fake/m4"
sh -c 'trap "" INT; PATH="$1:$PATH" exec "$2" expand vecsum --out "$3"' sh "$abs/fake" "$CLX" "$T/ex" > "$T/ex.log" 2>&1; rc=$?
check ignored_stop_stays_ignored sh -c "test $rc -eq 0 && test -s '$T/ex/vecsum/naive.cl' && ! grep -q 'exit 137' '$T/ex.log'"
finish
