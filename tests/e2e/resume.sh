#!/bin/sh
# resume.sh — an interrupted sweep goes on where it stopped: SIGINT keeps every row and says how to
# continue, SIGKILL loses at most the configuration in flight (and a cut-off last line is dropped),
# clx run --resume runs only what is missing (and draws again a report.md made of the stopped run),
# and refuses a folder that is not this run.
. tests/e2e/lib.sh
T=$TMP/resume
rm -rf "$T"; mkdir -p "$T"
cp tests/e2e/fixtures/checks.spec "$T/sweep.spec"; cp tests/e2e/fixtures/broken.cl.m4 "$T/"
# 100 trials: a sweep long enough (about 2 s on PoCL) for start_run to stop it part-way; --round-gap
# 0: each configuration's rounds done within the next few, so rows are written as the sweep goes.
ARGS="$T/sweep.spec --set variant=good --local 1:128:1 --trials 100 --round-gap 0"
nconf=128

# start_run OUT: a sweep in the background; waits until it has written at least 10 rows.
start_run() {
    rm -rf "$1"; mkdir -p "$1"
    $CLX run $ARGS --out "$1" --quiet > "$1.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 300); do
        d=$(ls -d "$1"/sweep-* 2>/dev/null | head -n 1)
        [ -n "$d" ] && [ -f "$d/results.tsv" ] && [ "$(tsv_rows "$d/results.tsv")" -ge 10 ] && break
        sleep 0.1
    done
    rundir=$d
}
# configs DIR: the configurations with a row, one per line, sorted.
configs() { awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "variant") v = i; if ($i == "local") l = i }; next }
                         { print $v, $l }' "$1/results.tsv" | sort; }

# SIGINT: no new row, run.json says interrupted, the way to continue is printed, exit 130.
start_run "$T/int"
kill -INT $pid; wait $pid; rc=$?
check resume_sigint_exit_130 test "$rc" -eq 130
check resume_sigint_says_how grep -q "to continue: .* run --resume $rundir" "$T/int.log"
check resume_sigint_run_json grep -q '"interrupted"' "$rundir/run.json"
check resume_sigint_not_finished sh -c "! grep -q '\"finished\"' $rundir/run.json"
kept=$(tsv_rows "$rundir/results.tsv")
check resume_sigint_rows_kept test "$kept" -ge 10 -a "$kept" -lt "$nconf"
# The rows not flagged rounds-cut (kept with some of their rounds) are whole, wherever they stand:
# --resume keeps those and measures the others again in their places.
whole=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "flag") f = i; next }
                     $f !~ /(^|,)rounds-cut(,|$)/ { n++ } END { print n + 0 }' "$rundir/results.tsv")
check resume_sigint_rows_whole test "$(awk -F'\t' '{ print NF }' "$rundir/results.tsv" | sort -u | wc -l)" -eq 1

# Refusals, before anything is written: another seed, an edited spec.
$CLX run $ARGS --seed 9 --resume "$rundir" --quiet > "$T/seed.log" 2>&1; rc=$?
check resume_refuses_other_seed test "$rc" -ne 0
check resume_refusal_says_why grep -q "cannot resume $rundir: this run differs from the interrupted one in the seed (run.json \"seed\": [0-9]* there, 9 here); $CLX run --resume $rundir alone goes on with the run's own arguments" "$T/seed.log"
# An option of a plural name, and another experiment: both values named, the sentence agreeing.
$CLX run $ARGS --trials 3 --resume "$rundir" --quiet > "$T/trials.log" 2>&1; rc=$?
check resume_refusal_trials sh -c "test $rc -eq 4 && grep -q 'in the trials (run.json \"trials\": 100 there, 3 here)' '$T/trials.log'"
$CLX run vecsum --quick --resume "$rundir" --quiet > "$T/experiment.log" 2>&1; rc=$?
check resume_refusal_experiment sh -c "test $rc -eq 4 && grep -q \"in the experiment (run.json \\\"experiment\\\": 'sweep' there, 'vecsum' here)\" '$T/experiment.log'"
# A line that says something edited (a comment alone is not refused: resume_comments.sh; nor what
# no row reads: resume_unread.sh), and a comment line before it, which the refusal passes over.
cp "$T/sweep.spec" "$T/sweep.spec.orig"
sed -i -e '1s/$/ (edited)/' -e 's/^warmups = 1;$/warmups = 2;/' "$T/sweep.spec"
$CLX run --resume "$rundir" --quiet > "$T/spec.log" 2>&1; rc=$?
# The edit is named where it is: the setting (one of how it is timed, outside the work) at the spec
# file's line, both values, there and here; the run.json's name of the file.
at=$(grep -n '^warmups = 2;' "$T/sweep.spec" | cut -d: -f1)
sf=$(sed -n 's/^[[:space:]]*"spec_file":[[:space:]]*"\([^"]*\)".*/\1/p' "$rundir/run.json" | head -n 1)
check resume_refuses_edited_spec test "$rc" -eq 4 -a -n "$(grep -F "cannot resume $rundir: this run differs from the interrupted one in the spec's warmups ($sf:$at: '1' there, '2' here); to go on with this run, restore the spec as it was when the run began" "$T/spec.log")"
cp "$T/sweep.spec.orig" "$T/sweep.spec"
# An edited template: the rows would be of two kernels.
cp "$T/broken.cl.m4" "$T/broken.cl.m4.orig"; echo "// edited" >> "$T/broken.cl.m4"
$CLX run --resume "$rundir" --quiet > "$T/template.log" 2>&1; rc=$?
check resume_refuses_edited_template test "$rc" -ne 0 -a -n "$(grep 'differs from the interrupted one in the template (it was edited since)' "$T/template.log")"
# It says the two ways on: the template restored, or a new run of the edited one (the run's arguments).
check resume_edited_template_way_on grep -qF "; to go on with this run, restore the template as it was when the run began (where it is kept in git, git diff shows the edit and git checkout undoes it), then resume; to time it as it is now, start a new run: $CLX run $T/sweep.spec --set variant=good --local 1:128:1 --trials 100 --round-gap 0 --out $T/int --quiet" "$T/template.log"
cp "$T/broken.cl.m4.orig" "$T/broken.cl.m4"
check resume_refusal_keeps_rows test "$(tsv_rows "$rundir/results.tsv")" -eq "$kept"

# A row 'stopped' at the end (in flight when a stop killed the worker: supervise.c writes it) is not
# kept: --resume cuts it off and measures that configuration again (else the checks below fail:
# a duplicate, or a row not this sweep's).
awk -F'\t' 'BEGIN { OFS = "\t" } NR == 1 { for (i = 1; i <= NF; i++) if ($i == "status") s = i }
             { last = $0 } END { $0 = last; $s = "stopped"; print }' "$rundir/results.tsv" >> "$rundir/results.tsv"
check resume_stopped_row_there test "$(tsv_count "$rundir/results.tsv" status stopped)" -eq 1

# clx run --resume DIR alone: the first run's arguments from run.json; only the missing rows run.
$CLX run --resume "$rundir" > "$T/int-resume.log" 2>&1; rc=$?
check resume_exit_zero test "$rc" -eq 0
check resume_says_kept grep -q "resuming: $whole rows kept" "$T/int-resume.log"
check resume_all_rows test "$(tsv_rows "$rundir/results.tsv")" -eq "$nconf"
check resume_no_duplicates test "$(configs "$rundir" | uniq | wc -l)" -eq "$nconf"
check resume_all_ok test "$(tsv_count "$rundir/results.tsv" status ok)" -eq "$nconf"
check resume_stopped_row_gone test "$(tsv_count "$rundir/results.tsv" status stopped)" -eq 0
check resume_dev_row_avg test "$(tsv_col "$rundir/results.tsv" dev_row_avg | grep -c .)" -eq "$nconf"
check resume_run_json_finished grep -q '"finished"' "$rundir/run.json"
check resume_run_json_resumed grep -q '"resumed"' "$rundir/run.json"
# A run that finished has nothing to resume: said, with its counts, and the status it ended with
# (here 0), so that a --resume retried until it succeeds ends as the run did.
$CLX run --resume "$rundir" > "$T/again.log" 2>&1; rc=$?
check resume_finished_own_status test "$rc" -eq 0
check resume_finished_said grep -q "^clx: --resume $rundir: that run finished: every configuration has its row (there is nothing to resume); $nconf ok, 0 FAIL, 0 error, 0 skipped, 0 build-failed: exit 0, as when it finished\$" "$T/again.log"
check resume_finished_nothing_else test "$(wc -l < "$T/again.log")" -eq 1
# Another experiment's finished run: the experiment is said first, the likelier mistake.
$CLX run vecsum --quick --resume "$rundir" > "$T/again-other.log" 2>&1; rc=$?
check resume_finished_other_experiment sh -c "test $rc -eq 4 && grep -q \"in the experiment (run.json \\\"experiment\\\": 'sweep' there\" '$T/again-other.log'"
# --resume DIR alone goes on with the first run's options: another option is refused, named, not
# dropped unsaid (a resumed search never took a new --budget); the console's own are taken.
$CLX run --resume "$rundir" --trials 3 > "$T/extra.log" 2>&1; rc=$?
check resume_extra_refused test "$rc" -eq 2
check resume_extra_named grep -q "'--trials' is not taken" "$T/extra.log"
$CLX run --resume "$rundir" --quiet > "$T/quiet.log" 2>&1
check resume_quiet_taken grep -q 'that run finished' "$T/quiet.log"
# --timeout changes nothing measured (how long a launch may run before it is stopped): taken, so
# that the rows a kernel that never finishes left stopped are resumed with a limit of their own (worker.sh).
$CLX run --resume "$rundir" --timeout 30 > "$T/timeout.log" 2>&1; rc=$?
check resume_timeout_taken test "$rc" -eq 0 -a -n "$(grep 'that run finished' "$T/timeout.log")"
check resume_extra_says_taken grep -q "(a resume takes only --quiet, --report, --no-cache, --dir-file, --device and --timeout, which change nothing measured)" "$T/extra.log"

# SIGKILL at any moment: whole rows only, plus (here, on purpose) a cut-off last line.
start_run "$T/kill"
kill -KILL $pid; wait $pid 2>/dev/null
# Its worker, whose parent died, stops as asked and says why: not a SIGTERM someone sent.
for _ in $(seq 1 100); do grep -q '"interrupted_by"' "$rundir/run.json" && break; sleep 0.1; done
check kill_parent_death_said grep -q '"interrupted_by":[[:space:]]*"the death of its supervising clx process (killed outright' "$rundir/run.json"
kept=$(tsv_rows "$rundir/results.tsv")
printf 'checks\tgood\tgood\tdefa' >> "$rundir/results.tsv"
$CLX run $ARGS --resume "$rundir" --quiet > "$T/kill-resume.log" 2>&1; rc=$?
check resume_after_kill_exit_zero test "$rc" -eq 0
check resume_after_kill_all_rows test "$(tsv_rows "$rundir/results.tsv")" -eq "$nconf"
check resume_after_kill_whole_rows test "$(awk -F'\t' '{ print NF }' "$rundir/results.tsv" | sort -u | wc -l)" -eq 1
check resume_after_kill_no_duplicates test "$(configs "$rundir" | uniq | wc -l)" -eq "$nconf"

# The same configurations as a sweep that was never stopped.
run_clx "$T/whole" run $ARGS
configs "$rundir" > "$T/whole.configs"
configs "$(ls -d "$T"/kill/sweep-*)" > "$T/kill.configs"
check resume_same_configs_as_whole cmp -s "$T/whole.configs" "$T/kill.configs"

# Resumed where a kept row is a failed build's: it stands for no configuration timed, and the
# configurations to time are the sweep's that build (3 variants x 2 work-group sizes), none kept.
rm -rf "$T/broken"
CLX_STOP_AFTER_ROUNDS=3 $CLX run tests/e2e/fixtures/broken.spec --out "$T/broken" > "$T/broken.log" 2>&1
b=$(ls -d "$T"/broken/broken-*)
# The folder given to --out (runs' folders and latest) names the run to resume; a missing one is said.
$CLX run --resume "$T/broken" > "$T/broken-outdir.log" 2>&1
check resume_out_folder_names_run sh -c "test $? -eq 4 && grep -qF 'cannot resume $T/broken: it is a folder of 1 run (the folder given to clx run --out), not a run'\''s: $CLX run --resume $b finishes what it began' '$T/broken-outdir.log'"
$CLX run --resume "$T/no-such-folder" > "$T/broken-missing.log" 2>&1
check resume_missing_folder sh -c "test $? -eq 4 && grep -qF 'cannot resume $T/no-such-folder: No such file or directory' '$T/broken-missing.log'"
$CLX run --resume "$b" > "$T/broken-resume.log" 2>&1; brc=$?
# The build-failed row is kept; a finished row after those the stop cut short too (the time between
# rounds decides whether wrong's first round came before the stop): those timed are the rest.
bkept=$(sed -n 's/^clx: resuming: \([0-9]*\) rows* kept from the interrupted run.*/\1/p' "$T/broken-resume.log")
check resume_build_failed_kept sh -c "test $(tsv_count "$b/results.tsv" status build-failed) -ge 1 && test '${bkept:-0}' -ge 1 &&
    grep -q \"^clx: $((7 - ${bkept:-0})) configurations to time\" '$T/broken-resume.log'"
# Finished with rows that did not pass (its FAIL and build-failed rows): resumed again, it exits 1,
# as it did when it finished, with the experiment given too.
$CLX run --resume "$b" > "$T/broken-again.log" 2>&1; rc=$?
check resume_finished_failed_status test "$brc" -eq 1 -a "$rc" -eq 1
check resume_finished_failed_said grep -q "^clx: --resume $b: that run finished: .*[1-9][0-9]* FAIL, .*: exit 1, as when it finished\$" "$T/broken-again.log"
$CLX run tests/e2e/fixtures/broken.spec --resume "$b" > "$T/broken-again2.log" 2>&1; rc=$?
check resume_finished_with_experiment test "$rc" -eq 1 -a -n "$(grep 'that run finished' "$T/broken-again2.log")"

# Stopped after its first round: the one row written was cut short, none is kept; the resume says
# so (it read as a fresh run).
rm -rf "$T/cut"
CLX_STOP_AFTER_ROUNDS=1 $CLX run $T/sweep.spec --set variant=good --local 1:4:1 --out "$T/cut" > "$T/cut.log" 2>&1
c=$(ls -d "$T"/cut/sweep-*)
# Its report: the row cut short counted on the rows line, and exit 4 (a stopped run is not finished).
$CLX report "$c" --quiet > "$T/cut-report.log" 2>&1; rc=$?
check report_cut_exit_4 test "$rc" -eq 4
check report_cut_counted grep -q '^| rows | 0 ok, 1 cut, .*; \*\*1 cut short\*\* by the stop (flag rounds-cut' "$c/report.md"
$CLX run --resume "$c" > "$T/cut-resume.log" 2>&1
check resume_all_cut_said sh -c "test $(tsv_rows "$c/results.tsv") -ge 1 &&
    grep -q '^clx: resuming: no row kept whole from the interrupted run; the 1 row the stop cut short (measured again in its place) and the configurations without one run now' '$T/cut-resume.log'"
# The resume (without --report) draws that report.md again: it no longer says stopped or cut short.
check resume_redraws_report sh -c "grep -q '^clx: $c/report.md was made before this resume: drawn again' '$T/cut-resume.log' &&
    ! grep -q -e 'Part of a sweep' -e 'cut short' '$c/report.md'"
# A finished row after rows a stop cut short is kept: the resume measures again only those cut short
# (in their places) and the configurations without a row. Stopped after its 5th round (1 round a
# visit, --round-gap 0, --max-rounds 5: no more rounds for an episode), the sweep (good, wrong) x 4
# sizes leaves good/4099 cut short (3 rounds), wrong/4099 FAIL (finished at its first round, whose
# time it keeps: rounds 1) and good/4100 cut short (1 round): before, the resume dropped every row
# from the first cut short on. (lib.sh's cut_sweep)
cut_sweep "$T/keep" "$T/sweep.spec" wrong 4099,4100,4101,4102
check keep_stopped_exit_130 test "$rc" -eq 130
# The rows cut short are not ok: their status is cut (a filter on status == ok takes none of them).
check keep_stopped_rows test "$(row_cols_line "$k/results.tsv")" = "$(cut_rows wrong)"
check keep_stopped_said grep -q '^clx: 2 of them have only some of their rounds (flag rounds-cut): --resume measures them again' "$T/keep.log"
# run.json counts the rows cut short, beside the statuses.
check keep_counts_rounds_cut test "$(jnum "$k" counts rounds_cut)" = 2 -a "$(jnum "$k" counts ok)" = 0 -a "$(jnum "$k" counts cut)" = 2
# The same folder as a clx before the status cut wrote it (such rows ok, flag rounds-cut; run.json
# counts no cut): its report says them cut short as before, and its resume measures them again.
rm -rf "$T/keep-old" "$T/keep-new"; cp -r "$k" "$T/keep-old"; cp -r "$k" "$T/keep-new"; o=$T/keep-old
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "status") s = i } NR > 1 && $s == "cut" { $s = "ok" } { print }' \
    "$k/results.tsv" > "$o/results.tsv"
python3 -c 'import json, sys
p = sys.argv[1] + "/run.json"; d = json.load(open(p))
c = d["counts"]; c["ok"] += c.pop("cut")
json.dump(d, open(p, "w"), indent=2)' "$o"
check keep_old_fixture test "$(row_cols_line "$o/results.tsv")" = "good 4099 ok 3 wrong 4099 FAIL 1 good 4100 ok 1 " -a "$(jnum "$o" counts cut)" = none
$CLX report "$o" --quiet > "$T/keep-old-report.log" 2>&1
check keep_old_report grep -q '^| rows | 2 ok, 1 FAIL, .*; \*\*2 cut short\*\* by the stop (flag rounds-cut' "$o/report.md"
$CLX report "$T/keep-new" --quiet > "$T/keep-new-report.log" 2>&1
check keep_new_report grep -q '^| rows | 0 ok, 2 cut, 1 FAIL, .*; \*\*2 cut short\*\* by the stop (flag rounds-cut' "$T/keep-new/report.md"
$CLX run --resume "$o" > "$T/keep-old-r.log" 2>&1; rc=$?
check keep_old_resume_exit_1 test "$rc" -eq 1
check keep_old_resume_said grep -q '^clx: resuming: 1 row kept from the interrupted run; the 2 rows the stop cut short' "$T/keep-old-r.log"
check keep_old_resume_rows test "$(row_cols "$o/results.tsv" | awk '$1 == "good" && ($3 != "ok" || $4 != 5)' | wc -l)" -eq 0 -a \
    "$(tsv_rows "$o/results.tsv")" -eq 8 -a "$(grep -c rounds-cut "$o/results.tsv")" -eq 0
check keep_old_resume_counts test "$(jnum "$o" counts ok)" = 4 -a "$(jnum "$o" counts cut)" = 0 -a "$(jnum "$o" counts rounds_cut)" = 0
fail_line=$(grep -P '\twrong\t' "$k/results.tsv")
# row_of FILE VARIANT N: that configuration's row, whole.
row_of() { awk -F'\t' -v v="$2" -v n="$3" 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "variant") a = i; if ($i == "N") b = i }; next }
                                            $a == v && $b == n' "$1"; }
cut3_line=$(row_of "$k/results.tsv" good 4099)
# A resume stopped after its first round: the rows kept stay, the FAIL row among them, in the sweep's
# order; the one measured again (good/4099: 1 round now, 3 before) is cut shorter than its kept row,
# which stays as it was and is said so (before, the row of 1 round took the place of the row of 3);
# good/4100 was not begun again; the stop counts them all.
CLX_STOP_AFTER_ROUNDS=1 $CLX run --resume "$k" > "$T/keep-r1.log" 2>&1; rc=$?
check keep_resume_says_kept grep -q '^clx: resuming: 1 row kept from the interrupted run; the 2 rows the stop cut short (measured again in their places) and the configurations without one run now' "$T/keep-r1.log"
check keep_resume_stopped_exit_130 test "$rc" -eq 130
check keep_resume_stopped_rows test "$(row_cols_line "$k/results.tsv")" = "$(cut_rows wrong)"
check keep_resume_cut_row_kept test -n "$cut3_line" -a "$(row_of "$k/results.tsv" good 4099)" = "$cut3_line"
check keep_resume_kept_said sh -c "grep -q '^  good .*N=4099 .*kept the earlier row of 3 rounds (measured again, this stop cut it at 1)\$' '$T/keep-r1.log' &&
    grep -q '^clx: 1 of them measured again was cut by this stop after fewer rounds than its row from before: results.tsv keeps the earlier row' '$T/keep-r1.log'"
check keep_resume_fail_row_kept test "$(grep -P '\twrong\t' "$k/results.tsv")" = "$fail_line"
check keep_resume_stop_said grep -q "^clx: stopped by SIGINT: 3 rows in $k/results.tsv" "$T/keep-r1.log"
check keep_resume_stop_cut_said grep -q '^clx: 2 of them have only some of their rounds' "$T/keep-r1.log"
check keep_resume_stop_counts test "$(jnum "$k" counts rounds_cut)" = 2 -a "$(jnum "$k" counts fail)" = 1 -a "$(jnum "$k" counts cut)" = 2
# So does one stopped twice at once (the worker's rows in flight then written by it or, were it
# killed in a launch, by its supervisor): neither puts a row of fewer rounds in a kept row's place.
CLX_STOP_TWICE=1 CLX_STOP_AFTER_ROUNDS=1 $CLX run --resume "$k" > "$T/keep-r1t.log" 2>&1; rc=$?
check keep_resume_twice_stopped test "$rc" -eq 130 -o "$rc" -eq 143
check keep_resume_twice_row_kept test "$(row_of "$k/results.tsv" good 4099)" = "$cut3_line"
# The end: every configuration once, in the sweep's order (a whole run's), the FAIL row as first written.
$CLX run --resume "$k" > "$T/keep-r2.log" 2>&1; rc=$?
check keep_resume_end_exit_1 test "$rc" -eq 1
check keep_resume_end_said grep -q '^clx: resuming: 1 row kept from the interrupted run; the 2 rows the stop cut short' "$T/keep-r2.log"
# (its line as written, and the dev_row_avg column the end adds)
check keep_resume_end_fail_row_kept test "$(grep -cF "$fail_line" "$k/results.tsv")" -eq 1
check keep_resume_end_order test "$(row_cols "$k/results.tsv" | awk '{ print $1, $2 }' | tr '\n' ' ')" = \
    "good 4099 wrong 4099 good 4100 wrong 4100 good 4101 wrong 4101 good 4102 wrong 4102 "
check keep_resume_end_rounds test "$(row_cols "$k/results.tsv" | awk '$1 == "good" && $4 != 5' | wc -l)" -eq 0
check keep_resume_end_unflagged test "$(grep -c rounds-cut "$k/results.tsv")" -eq 0
# run.json: each earlier stop stays said (interruptions: the run's and its two resumes'), and its
# counts are the whole run's: every row, and the outputs its sessions checked (each configuration's
# at least once).
check keep_interruptions test "$(jnum "$k" interruptions)" = 3 -a "$(jnum "$k" interruptions 0 interrupted_by)" = SIGINT
check keep_not_interrupted test "$(jnum "$k" interrupted)" = none
check keep_counts_whole test "$(jnum "$k" counts ok)" = 4 -a "$(jnum "$k" counts fail)" = 4 -a "$(jnum "$k" counts rounds_cut)" = 0 -a \
    "$(jnum "$k" counts cut)" = 0
checked=$(( $(jnum "$k" counts outputs_checked_on_device) + $(jnum "$k" counts outputs_checked_on_host) ))
check keep_counts_outputs_whole test "$checked" -ge 8
check_runjson_documented keep_run_json_documented "$k"

# A second stop right behind the first ("stop at once"): the rows measured are written first (the
# worker is on the host, not stuck in a launch); before, the supervisor killed the worker as it
# wrote them and results.tsv kept none of them. CLX_STOP_TWICE sends the second stop (SIGTERM) with
# the first, whatever the machine's speed.
rm -rf "$T/twice"
CLX_STOP_TWICE=1 CLX_STOP_AFTER_ROUNDS=5 $CLX run $(cut_sweep_args "$T/sweep.spec" wrong 4099,4100,4101,4102) --out "$T/twice" > "$T/twice.log" 2>&1; rc=$?
w=$(ls -d "$T"/twice/sweep-*)
check twice_stopped test "$rc" -eq 130 -o "$rc" -eq 143
check twice_said_at_once grep -q '^clx: stopping at once: the rows written so far are kept' "$T/twice.log"
check twice_rows_written test "$(row_cols_line "$w/results.tsv")" = "$(cut_rows wrong)"
$CLX run --resume "$w" > "$T/twice-r.log" 2>&1; rc=$?
check twice_resume_keeps test "$rc" -eq 1 -a -n "$(grep '^clx: resuming: 1 row kept' "$T/twice-r.log")"
finish
