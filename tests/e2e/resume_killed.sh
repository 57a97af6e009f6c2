#!/bin/sh
# resume_killed.sh — a resume killed outright (kill -9 of its process group: the OOM killer, a job's
# hard limit) keeps the rows it had measured again in the place of ones a stop cut short: each is
# written in its place as it is done (the first at once; later ones paced by what a rewrite of the
# file costs, a second or so late: docs/running.md, tests/unit/test_redonepace.c), not held until the last;
# the old row stays until the new one takes its place, and a further --resume measures the rest.
. tests/e2e/lib.sh
T=$TMP/resume_killed
rm -rf "$T"; mkdir -p "$T"
cp tests/e2e/fixtures/checks.spec "$T/sweep.spec"; cp tests/e2e/fixtures/broken.cl.m4 "$T/"
# The sweep (good, wrong) x 4 sizes stopped after its 5th round (lib.sh's cut_sweep).
cut_sweep "$T/cut" "$T/sweep.spec" wrong 4099,4100,4101,4102
check killed_fixture test "$rc" -eq 130 -a "$(row_cols_line "$k/results.tsv")" = "$(cut_rows wrong)"

# The resume killed outright once its first row measured again is in its place (CLX_KILL_AFTER_REDONE:
# SIGKILL to clx and its worker at once, after the console said that row): good/4099's new row of 5
# rounds is in results.tsv, where before the file kept its old cut row, every row measured again held
# in memory until the last; good/4100's old cut row stays, in its place, until a resume replaces it.
CLX_KILL_AFTER_REDONE=1 $CLX run --resume "$k" > "$T/killed.log" 2>&1; rc=$?
check killed_by_sigkill test "$rc" -eq 137
check killed_console_said grep -q '^  good .*N=4099 ' "$T/killed.log"
check killed_replacement_kept test "$(row_cols_line "$k/results.tsv")" = "good 4099 ok 5 wrong 4099 FAIL 1 good 4100 cut 1 "
check killed_old_row_kept test "$(grep -c rounds-cut "$k/results.tsv")" -eq 1
check killed_rows_whole test "$(awk -F'\t' '{ print NF }' "$k/results.tsv" | sort -u | wc -l)" -eq 1
# (run.json as the resume's start wrote it: neither finished nor interrupted)
check killed_run_json_going python3 -c 'import json, sys
d = json.load(open(sys.argv[1] + "/run.json")); sys.exit("finished" in d or "interrupted" in d)' "$k"

# A further resume measures the rest: good/4100 again, the configurations without a row, and keeps
# the row the killed resume wrote; every configuration once, in the sweep's order.
$CLX run --resume "$k" > "$T/end.log" 2>&1; rc=$?
check killed_resume_end_exit_1 test "$rc" -eq 1
check killed_resume_end_said grep -q '^clx: resuming: 2 rows kept from the interrupted run; the 1 row the stop cut short' "$T/end.log"
check killed_resume_end_rows test "$(row_cols_line "$k/results.tsv" | awk '{ for (i = 1; i <= NF; i += 4) printf "%s %s ", $i, $(i + 1) }')" = \
    "good 4099 wrong 4099 good 4100 wrong 4100 good 4101 wrong 4101 good 4102 wrong 4102 "
check killed_resume_end_whole test "$(grep -c rounds-cut "$k/results.tsv")" -eq 0 -a \
    "$(tsv_count "$k/results.tsv" status ok)" -eq 4 -a "$(tsv_count "$k/results.tsv" status FAIL)" -eq 4
# The killed session is one of the run's interruptions, said as one that ended without a word.
check killed_interruption grep -q 'ended without a word' "$k/run.json"
check_runjson_documented killed_run_json_documented "$k"

# A run killed outright before its first row (its results.tsv the header alone, run.json as its start
# wrote it): its resume says it has no row and runs every configuration, not as a fresh run's words.
z=$T/zero; cp -r "$k" "$z"
head -n 1 "$k/results.tsv" > "$z/results.tsv"
python3 -c 'import json, sys
p = sys.argv[1] + "/run.json"; d = json.load(open(p))
for k in ("finished", "interrupted", "interrupted_by", "interruptions"): d.pop(k, None)
json.dump(d, open(p, "w"))' "$z"
$CLX run --resume "$z" > "$T/zero.log" 2>&1; rc=$?
check killed_zero_said grep -q '^clx: resuming: the interrupted run has no row (it ended before its first); every configuration runs now$' "$T/zero.log"
check killed_zero_rows test "$rc" -eq 1 -a "$(tsv_count "$z/results.tsv" status ok)" -eq 4 -a "$(tsv_count "$z/results.tsv" status FAIL)" -eq 4
finish
