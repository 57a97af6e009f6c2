#!/bin/sh
# compare_theirs.sh — clx compare and clx history never write over a file of the user's in their
# --out: one named as a file they write (notes saved as compare.tsv, a speedup.tsv of the user's)
# refuses the whole output, naming each such file (exit 4), where it was replaced unsaid; a
# compare.md with no compare.tsv beside it is the user's, not an earlier compare to draw again
# (exit 2); an --out that is a file is said to be one (exit 2). Fixture: wg2d.spec, run twice.
. tests/e2e/lib.sh
T=$TMP/compare_theirs
rm -rf "$T"; mkdir -p "$T"
spec=tests/e2e/fixtures/wg2d.spec
run_clx "$T/x" run "$spec" $FEW; a=$rundir
run_clx "$T/y" run "$spec" $FEW; b=$rundir

# Files named as compare's: none of the comparison put in place, both named, both as they were.
O=$T/notes; mkdir -p "$O"; echo "my notes" > "$O/compare.tsv"; echo "my data" > "$O/speedup.tsv"
"$CLX" compare "$a" "$b" --out "$O" > "$T/notes.log" 2>&1; rc=$?
check notes_refused test "$rc" -eq 4
check notes_kept sh -c "test \"\$(cat '$O/compare.tsv')\" = 'my notes' && test \"\$(cat '$O/speedup.tsv')\" = 'my data'"
check notes_nothing_put sh -c "test ! -e '$O/compare.md' && test \"\$(ls -A '$O' | wc -l)\" -eq 2"
check notes_named grep -qF "clx: compare: --out $O holds compare.tsv, speedup.tsv, which no clx compare wrote there: none of the comparison was put in place" "$T/notes.log"

# A compare.md of the user's, no compare.tsv beside it: not an earlier compare to draw again.
M=$T/md; mkdir -p "$M"; echo "my compare.md" > "$M/compare.md"
"$CLX" compare "$a" "$b" --out "$M" > "$T/md.log" 2>&1; rc=$?
check md_refused test "$rc" -eq 2
check md_kept sh -c "test \"\$(cat '$M/compare.md')\" = 'my compare.md' && test ! -e '$M/compare.tsv'"
check md_named grep -qF "clx: compare: --out $M holds a compare.md that no clx compare wrote there (no compare.tsv beside it)" "$T/md.log"

# history alike (the same flow).
H=$T/hist; mkdir -p "$H"; echo "my history" > "$H/history.tsv"
"$CLX" history "$a" "$b" --out "$H" > "$T/hist.log" 2>&1; rc=$?
check history_refused sh -c "test $rc -eq 4 && test \"\$(cat '$H/history.tsv')\" = 'my history' && test ! -e '$H/history.md'"
check history_named grep -qF "clx: history: --out $H holds history.tsv, which no clx history wrote there" "$T/hist.log"

# An --out that is a file.
echo "a file" > "$T/afile"
"$CLX" compare "$a" "$b" --out "$T/afile" > "$T/afile.log" 2>&1; rc=$?
check file_refused sh -c "test $rc -eq 2 && grep -qF 'clx: compare: --out $T/afile is a file, not a folder' '$T/afile.log'"

# A run's folder, or another command's output, as --out: refused (exit 2), nothing written there;
# a comparison went into the run's own folder beside its results.tsv and report.md, and a history
# into a compare's folder, two outputs mixed in one.
cp -r "$a" "$T/runcopy"; before=$(ls -A "$T/runcopy" | sort | tr '\n' ' ')
"$CLX" compare "$a" "$b" --out "$T/runcopy" > "$T/inrun.log" 2>&1; rc=$?
check run_folder_refused sh -c "test $rc -eq 2 && test \"\$(ls -A '$T/runcopy' | sort | tr '\n' ' ')\" = '$before' &&
    grep -qF 'clx: compare: --out $T/runcopy is a run'\''s folder (it holds run.json)' '$T/inrun.log'"
"$CLX" history "$a" "$b" --out "$T/runcopy" > "$T/hinrun.log" 2>&1; rc=$?
check history_run_folder_refused sh -c "test $rc -eq 2 && test ! -e '$T/runcopy/history.md' &&
    grep -qF 'clx: history: --out $T/runcopy is a run'\''s folder (it holds run.json)' '$T/hinrun.log'"
"$CLX" compare "$a" "$b" --out "$T/mixed" > /dev/null 2>&1
"$CLX" history "$a" "$b" --out "$T/mixed" > "$T/mixed.log" 2>&1; rc=$?
check history_in_compare_refused sh -c "test $rc -eq 2 && test ! -e '$T/mixed/history.md' &&
    grep -qF 'clx: history: --out $T/mixed holds a compare (compare.md)' '$T/mixed.log'"

# Its own earlier output, as before: refused whole, written again where its picture is missing.
"$CLX" compare "$a" "$b" --out "$T/own" > "$T/own1.log" 2>&1
"$CLX" compare "$a" "$b" --out "$T/own" > "$T/own2.log" 2>&1; rc=$?
check own_refused sh -c "test $rc -eq 2 && grep -qF 'already holds a compare (compare.md)' '$T/own2.log'"
if have_gnuplot; then
    rm "$T/own/speedup.svg"
    "$CLX" compare "$a" "$b" --out "$T/own" > "$T/own3.log" 2>&1; rc=$?
    check own_drawn_again sh -c "test $rc -eq 0 && test -f '$T/own/speedup.svg' && grep -qF 'was not drawn: drawn again in its place' '$T/own3.log'"
else skip own_drawn_again "$NO_PICTURES"; fi

# Drawn again by a comparison of three sides, which has no verdicts chart: the earlier one's
# verdicts.* go with it (they read as this one's), a file of the user's beside them stays; in a
# folder of no earlier comparison a verdicts.png of the user's stays too.
if have_gnuplot; then
    run_clx "$T/z" run "$spec" $FEW; c=$rundir
    "$CLX" compare "$a" "$b" --out "$T/three" > "$T/three1.log" 2>&1
    echo "mine" > "$T/three/notes.txt"; echo "mine" > "$T/three/verdicts-mine.png"
    check three_premise sh -c "test -f '$T/three/verdicts.png' && test -f '$T/three/verdicts.tsv'"
    rm "$T/three/speedup.svg"
    "$CLX" compare "$a" "$b" "$c" --out "$T/three" > "$T/three2.log" 2>&1; rc=$?
    check three_drawn sh -c "test $rc -ne 2 && test $rc -ne 4 && test -f '$T/three/speedup.svg' && grep -qF 'was not drawn: drawn again in its place' '$T/three2.log'"
    check three_no_stale test -z "$(ls -A "$T/three" | grep -x 'verdicts\.\(tsv\|gp\|svg\|png\)')"
    check three_theirs_kept sh -c "test -f '$T/three/notes.txt' && test -f '$T/three/verdicts-mine.png'"
    mkdir -p "$T/fresh"; echo "mine" > "$T/fresh/verdicts.png"
    "$CLX" compare "$a" "$b" "$c" --out "$T/fresh" > "$T/fresh.log" 2>&1; rc=$?
    check fresh_theirs_kept sh -c "test $rc -ne 2 && test $rc -ne 4 && test -f '$T/fresh/compare.md' && test \"\$(cat '$T/fresh/verdicts.png')\" = mine"
else skip three_no_stale "$NO_PICTURES"; fi
finish
