#!/bin/sh
# resume_flush.sh — a resume's rows measured again in the places of rows a stop cut short are never
# lost to the worker's end: each goes to the supervisor as it is made, and those the worker had not
# written yet (they wait for the pace's next rewrite of results.tsv, a second or more) the supervisor
# writes once the worker has ended, here by a crash; the new worker after the crash, and a further
# --resume, do not measure them again (docs/running.md).
. tests/e2e/lib.sh
T=$TMP/resume_flush
rm -rf "$T"; mkdir -p "$T"
cp tests/e2e/fixtures/broken.cl.m4 "$T/"
# wrongcrash: wrong (FAIL after 1 round) up to N = 4105, a crash of the worker above.
sed 's/{ name = "tiny";   KIND = "tiny"; }/&,\n  { name = "wrongcrash"; KIND = "wrongcrash"; }/' \
    tests/e2e/fixtures/checks.spec > "$T/sweep.spec"
# Stopped after its 5th round (lib.sh's cut_sweep, as resume_killed.sh's): good/4099 cut short (3
# rounds), wrongcrash/4099 FAIL and good/4100 cut short (1 round).
# measured LOG N: how many rows of good at N the console said measured (a row's line, not the table's).
measured() { grep -cE "^  good +default +N=$2 local=32 .* ms " "$1"; }
cut_sweep "$T/cut" "$T/sweep.spec" wrongcrash 4099,4100,4101,4102,4103,4104,4105,4106
check flush_fixture test "$rc" -eq 130 -a "$(row_cols_line "$k/results.tsv")" = "$(cut_rows wrongcrash)"

# The resume: good/4099's new row written at once (the pace's first rewrite), good/4100's held for the
# next (CLX_REDONE_GAP: not before 1000 s, so whatever the machine's speed the worker has not written it)
# when wrongcrash/4106 crashes the worker. The supervisor writes it, says so, and the new worker goes
# on after it: good/4100 measured once.
CLX_REDONE_GAP=1000 $CLX run --resume "$k" > "$T/res.log" 2>&1; rc=$?
check flush_resume_exit test "$rc" -eq 1
check flush_crashed grep -q "^clx: variant wrongcrash, build default: the worker process died of signal" "$T/res.log"
check flush_said grep -q "^clx: 1 row measured again that the worker had not written yet is in $k/results.tsv$" "$T/res.log"
check flush_measured_once test "$(measured "$T/res.log" 4099)" -eq 1 -a "$(measured "$T/res.log" 4100)" -eq 1
check flush_rows_whole test "$(grep -c rounds-cut "$k/results.tsv")" -eq 0 -a \
    "$(row_cols_line "$k/results.tsv" | cut -d' ' -f1-12)" = "good 4099 ok 5 wrongcrash 4099 FAIL 1 good 4100 ok 5"
check flush_one_row_each test "$(tail -n +2 "$k/results.tsv" | wc -l)" -eq 16
check flush_fields test "$(awk -F'\t' '{ print NF }' "$k/results.tsv" | sort -u | wc -l)" -eq 1

# A further resume has no row cut short left: it retries the crashed configuration and the one its
# crash stopped, and measures none of good's again.
$CLX run --resume "$k" > "$T/end.log" 2>&1; rc=$?
check flush_end_said grep -q "^clx: resuming: 14 rows kept from the interrupted run; the 2 rows a crash or a timeout left" "$T/end.log"
check flush_end_none_cut test -z "$(grep 'cut short' "$T/end.log")"
check flush_end_no_good test "$(grep -cE '^  good .* ms ' "$T/end.log")" -eq 0
check flush_end_rows test "$(tail -n +2 "$k/results.tsv" | wc -l)" -eq 16 -a "$(tsv_count "$k/results.tsv" status ok)" -eq 8
finish
