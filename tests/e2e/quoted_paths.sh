# quoted_paths.sh — the commands clx prints for the user to paste quote a path that a shell would
# split or expand (an --out folder with a space and a quote in it): the stopped run's "to continue"
# line, the report's and a folder of runs' --resume hints; the line pasted into a shell resumes the
# run. Only exit statuses and lines are checked, never a time.
. tests/e2e/lib.sh
T=$TMP/quoted_paths
rm -rf "$T"; mkdir -p "$T"
O="$T/my runs/it's"

# Stopped as ^C stops it after its first round, whatever the machine's speed.
CLX_STOP_AFTER_ROUNDS=1 "$CLX" run vecsum --quick --set variant=naive --out "$O" > "$T/stop.log" 2>&1; rc=$?
dir=$(ls -d "$O"/vecsum-* 2>/dev/null | head -n 1)
# The folder as a POSIX shell reads it back: in single quotes, a quote closed, escaped and opened again.
q="'$(printf %s "$dir" | sed "s/'/'\\\\''/g")'"
check stop_exit_130 test "$rc" -eq 130
check stop_resume_quoted grep -qxF "clx: to continue: $CLX run --resume $q" "$T/stop.log"
"$CLX" report "$dir" --quiet > "$T/report.log" 2>&1
check report_resume_quoted grep -qF "$CLX run --resume $q measures" "$T/report.log"
"$CLX" run --resume "$O" > "$T/outdir.log" 2>&1
check outdir_resume_quoted grep -qF "$CLX run --resume $q finishes what it began" "$T/outdir.log"
# Pasted into a shell, the line goes on with the run to its end.
cmd=$(sed -n 's/^clx: to continue: //p' "$T/stop.log")
sh -c "$cmd" > "$T/resume.log" 2>&1; rc=$?
check pasted_resume_finishes sh -c "test $rc -eq 0 && grep -q '\"finished\"' \"\$1/run.json\"" _ "$dir"
finish
