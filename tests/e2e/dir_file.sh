# dir_file.sh — clx run --dir-file FILE, how a script learns its run's folder: FILE names it, a line,
# as soon as it exists: at a run's end; for a run whose stdout was closed before it began (a script
# that read the console with grep -m1 stops the run: the folder it made, header only, is named, not
# the latest link's run, which it never moved); FILE emptied at the start, so that a run that makes
# no folder leaves none of an earlier run there; a resume names the folder it continues (a run that
# had finished too); several devices a line each, in --device's order; a --split its merged folder;
# not in run.json's args; a FILE that cannot be written refused before anything runs; --dry-run
# touches nothing. Only files, exit statuses and lines are checked, never a time.
. tests/e2e/lib.sh
T=$TMP/dir_file
rm -rf "$T"; mkdir -p "$T"
R=$T/runs
SWEEP="vecsum --quick --set variant=naive"
# folders: the run folders in R.
folders() { ls -d "$R"/*-*-* 2>/dev/null; }
# closed NAME CMD...: lib.sh's.

# A run to its end: FILE (which held something else) names its folder, one line.
echo stale > "$T/a.dir"
"$CLX" run $SWEEP --out "$R" --quiet --dir-file "$T/a.dir" > "$T/a.log" 2>&1; rc=$?
A=$(folders)
check dirfile_run_exit test "$rc" -eq 0 -a -n "$A"
check dirfile_run_names_folder test "$(cat "$T/a.dir")" = "$A"
check dirfile_run_one_line test "$(wc -l < "$T/a.dir")" -eq 1
check dirfile_run_rows test "$(tsv_count "$A/results.tsv" status ok)" -eq 4
# Where this command told its script the folder is not the sweep's: run.json's args leave it out
# (a --resume takes its own), its command line keeps it as typed.
check dirfile_not_in_args sh -c "grep -q '\"args\":' '$A/run.json' && ! grep '\"args\":' '$A/run.json' | grep -q -e --dir-file"

# Its stdout closed before it began: stopped before its first row, the folder it made (its header
# only) is named; R/latest stays on A, and would have led the script to the wrong run.
closed b "$CLX" run $SWEEP --out "$R" --dir-file "$T/b.dir"
B=$(cat "$T/b.dir")
check dirfile_closed_exit test "$rc" -eq 141
check dirfile_closed_names_its_folder test -n "$B" -a "$B" != "$A" -a -d "$B" -a "$(folders | wc -l)" -eq 2
check dirfile_closed_header_only test "$(head -n 1 "$B/results.tsv" | cut -f 1)" = experiment
check dirfile_closed_latest_elsewhere test "$(readlink "$R/latest")" = "${A##*/}"

# --resume: the folder it continues.
"$CLX" run --resume "$B" --quiet --dir-file "$T/c.dir" > "$T/c.log" 2>&1; rc=$?
check dirfile_resume_names_it test "$rc" -eq 0 -a "$(cat "$T/c.dir")" = "$B"
check dirfile_resume_rows test "$(tsv_count "$B/results.tsv" status ok)" -eq 4
# --resume of a run that finished (B now): said so before any device is opened, and still named.
echo stale > "$T/c2.dir"
"$CLX" run --resume "$B" --dir-file "$T/c2.dir" > "$T/c2.log" 2>&1; rc=$?
check dirfile_resume_finished_names_it sh -c "test $rc -eq 0 && grep -q 'that run finished' '$T/c2.log' &&
    test \"\$(cat '$T/c2.dir')\" = '$B'"

# No folder made (no such experiment): FILE is empty, not the earlier run's.
echo "$A" > "$T/d.dir"
"$CLX" run no_such_experiment --out "$R" --dir-file "$T/d.dir" > "$T/d.log" 2>&1; rc=$?
check dirfile_no_folder_empty test "$rc" -ne 0 -a -f "$T/d.dir" -a ! -s "$T/d.dir"

# A FILE that cannot be written, or that a rename would not write (a FIFO), is refused before the
# run begins (exit 4, no folder made).
"$CLX" run $SWEEP --out "$R" --dir-file "$T/nowhere/x" > "$T/e.log" 2>&1; rc=$?
check dirfile_unwritable_refused sh -c "test $rc -eq 4 && grep -q '^clx: --dir-file $T/nowhere/x: cannot write it: ' '$T/e.log' &&
    test $(folders | wc -l) -eq 2"
if mkfifo "$T/fifo" 2> /dev/null; then
    "$CLX" run $SWEEP --out "$R" --dir-file "$T/fifo" > "$T/f.log" 2>&1; rc=$?
    check dirfile_fifo_refused sh -c "test $rc -eq 4 && grep -q 'not a regular file' '$T/f.log' && test $(folders | wc -l) -eq 2"
else
    skip dirfile_fifo_refused "no mkfifo"
fi
# --dry-run makes no folder: FILE is emptied, as by a run that made none (an old folder left in it
# was read by the script as this run's), and nothing else is written.
echo stale > "$T/g.dir"
"$CLX" run $SWEEP --out "$R/dry" --dry-run --dir-file "$T/g.dir" > "$T/g.log" 2>&1; rc=$?
check dirfile_dry_run_emptied test "$rc" -eq 0 -a -f "$T/g.dir" -a ! -s "$T/g.dir" -a ! -e "$R/dry"

# Several devices: each device's folder, a line, in --device's order (0:1 first here).
POCL_DEVICES="pthread pthread"; export POCL_DEVICES
"$CLX" run $SWEEP --device 0:1,0:0 --out "$T/multi" --quiet --dir-file "$T/m.dir" > "$T/m.log" 2>&1; rc=$?
m1=$(sed -n 1p "$T/m.dir"); m2=$(sed -n 2p "$T/m.dir")
check dirfile_devices_exit test "$rc" -eq 0
check dirfile_devices_two_lines test "$(wc -l < "$T/m.dir")" -eq 2
check dirfile_devices_in_order sh -c "grep -q '\"device_index\":[[:space:]]*\"0:1\"' '$m1/run.json' &&
    grep -q '\"device_index\":[[:space:]]*\"0:0\"' '$m2/run.json'"
# --split: the merged run's folder, its parts inside it.
"$CLX" run $SWEEP --device 0:0,0:1 --split --out "$T/split" --quiet --dir-file "$T/s.dir" > "$T/s.log" 2>&1; rc=$?
S=$(cat "$T/s.dir")
check dirfile_split_merged sh -c "test $rc -eq 0 && test \$(wc -l < '$T/s.dir') -eq 1 && test -d '$S/parts' &&
    grep -q '\"merged\"' '$S/run.json'"
finish
