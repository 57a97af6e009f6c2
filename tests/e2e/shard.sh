#!/bin/sh
# shard.sh — clx run --shard K/N and clx merge: three shards of vecsum --quick (one through
# --shard slurm's variables) merged equal an unsharded run in rows, order and verification, each
# shard building only what it runs, with rel_time and speedup against the merged file's own
# reference rows (empty where a partial merge lacks them; a params axis matched too); a
# baseline-verified sweep cut finer than its lines still verifies; merge refuses shards of another
# sweep (naming an axis that differs and both its values) or driver, and an --out folder that
# holds a merge of another sweep (naming what differs and both values); it names missing and
# duplicated parts; a merge of rows that FAIL exits 1, as the unsharded run does; a shard's report
# says it is one (exit 0), a partial merge's too (exit 4), and clx compare against it (--fail-on fails); a merged run is not resumed; bad --shard
# values are a usage error, and so is --shard with several devices.
. tests/e2e/lib.sh
T=$TMP/shard
rm -rf "$T"; mkdir -p "$T"

# ids FILE: each row's columns up to status (what identifies it, and its verification), in order.
ids() { awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "status") s = i } { o = $1
                    for (i = 2; i <= s; i++) o = o "\t" $i; print o }' "$1"; }
# shards_of DIR: the shard folders in DIR (not the latest link).
shards_of() { for d in "$1"/*-shard*; do [ -L "$d" ] || echo "$d"; done; }
# rel_mismatches FILE REF COLS: the rows whose rel_time or speedup is not what their median_ms over
# that of the REF variant's row with the same COLS (comma-separated: the build, the launch axes and
# the parameters the reference shares) gives, as clx writes them ("%.4g"; empty where either row
# has no time or there is no such row). A merge computes them from the rows it keeps, so none.
rel_mismatches() {
    awk -F'\t' -v ref="$2" -v keys="$3" '/^#/ { next }
        !h { for (i = 1; i <= NF; i++) c[$i] = i; nk = split(keys, k, ","); h = 1; next }
        { key = ""; for (j = 1; j <= nk; j++) key = key "\t" $c[k[j]]
          n++; at[n] = key; med[n] = $c["median_ms"] + 0; rel[n] = $c["rel_time"]; sp[n] = $c["speedup"]
          if ($c["variant"] ~ "^" ref "(:|$)" && med[n] > 0) base[key] = med[n] }
        END { for (r = 1; r <= n; r++) {
                  want = wsp = ""
                  if (med[r] > 0 && base[at[r]] > 0) { x = med[r] / base[at[r]]; want = sprintf("%.4g", x); wsp = sprintf("%.4g", 1 / x) }
                  bad += rel[r] != want || sp[r] != wsp }
              print bad + 0 }' "$1"
}

# The unsharded sweep, then its three parts; part 3 takes K and N from a sparse Slurm array
# (ids 1, 3, 5: id 5 is the 3rd).
run_clx "$T/full" run vecsum --quick
full=$rundir
check shard_full_runs test "$rc" -eq 0
for k in 1 2; do
    "$CLX" run vecsum --quick --shard $k/3 --out "$T/shards" --quiet > "$T/shard$k.log" 2>&1
    check shard_${k}_exit test $? -eq 0
done
SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_STEP=2 SLURM_ARRAY_TASK_COUNT=3 \
    "$CLX" run vecsum --quick --shard slurm --out "$T/shards" --quiet > "$T/shard3.log" 2>&1
check shard_slurm_exit test $? -eq 0
s1=$(ls -d "$T"/shards/vecsum-shard1of3-*); s2=$(ls -d "$T"/shards/vecsum-shard2of3-*); s3=$(ls -d "$T"/shards/vecsum-shard3of3-*)
check shard_folders_named test -d "$s1" -a -d "$s2" -a -d "$s3"
check shard_slurm_records_k grep -q '"3/3"' "$s3/run.json"
check shard_run_json_shard grep -qE '"unit":[[:space:]]*"groups"' "$s2/run.json"
check shard_sweep_index test "$(tsv_col "$s2/results.tsv" sweep_index | grep -c .)" -eq "$(tsv_rows "$s2/results.tsv")"
# 12 variant x build groups in 3 parts: each builds its 4, and the parts without the relative
# variant (naive) build and run its 2 as well, for rel_time.
check shard_builds_only_its_own test "$(tsv_rows "$s1/kernels.tsv") $(tsv_rows "$s2/kernels.tsv") $(tsv_rows "$s3/kernels.tsv")" = "4 6 6"
check shard_rel_time_in_every_shard test "$(tsv_col "$s3/results.tsv" rel_time | grep -c .)" -eq "$(tsv_rows "$s3/results.tsv")"

# The merge equals the unsharded run: rows in the same order, the same configurations and statuses.
"$CLX" merge $(shards_of "$T/shards") --out "$T/merged" > "$T/merge.log" 2>&1
check shard_merge_exit test $? -eq 0
ids "$full/results.tsv" > "$T/a"; ids "$T/merged/results.tsv" > "$T/b"
check shard_merge_rows_equal cmp -s "$T/a" "$T/b"
cmp -s "$T/a" "$T/b" || diff "$T/a" "$T/b" | head -n 5 >&2
check shard_merge_header_equal test "$(head -n 1 "$full/results.tsv")" = "$(head -n 1 "$T/merged/results.tsv")"
check shard_merge_all_ok test "$(tsv_count "$T/merged/results.tsv" status ok)" -eq 24
# Every key of a shard's and of the merge's run.json is in docs/results.md's table.
check_runjson_documented shard_run_json_documented "$s1"
check_runjson_documented shard_merged_run_json_documented "$T/merged"
check shard_merge_kernels test "$(cut -f1-3 "$full/kernels.tsv")" = "$(cut -f1-3 "$T/merged/kernels.tsv")"
check shard_merge_files test "$(find "$T/merged/cl" "$T/merged/bin" "$T/merged/logs" -type f | wc -l)" -eq 30
check shard_merge_run_json sh -c "grep -q '\"merged\"' '$T/merged/run.json' && ! grep -q '\"shard\"' '$T/merged/run.json'"
check shard_merge_dev_row_avg test "$(tsv_col "$T/merged/results.tsv" dev_row_avg | grep -c .)" -eq 24
# rel_time and speedup against the merged file's own naive rows (shards 2 and 3 timed theirs against
# the naive rows they ran themselves, which the merge drops for shard 1's: they were kept as they were).
check shard_merge_rel_time_all test "$(tsv_col "$T/merged/results.tsv" rel_time | grep -c .)" -eq 24
check shard_merge_rel_time_consistent test "$(rel_mismatches "$T/merged/results.tsv" naive build,N,local)" -eq 0
# run.json's per-row tallies are the merged rows' (not the shards' sums: two shards also ran the
# relative variant's rows for rel_time): every one of the 24 in rounds; the energy object kept (not
# asked for here), each shard's own in merged.from.
check shard_merge_repeatability python3 -c "
import json, sys; j = json.load(open(sys.argv[1]))
assert j['repeatability']['rows_in_rounds'] == 24, j['repeatability']
assert j['energy']['asked'] is False and all('energy' in f and 'repeatability' in f for f in j['merged']['from'])" "$T/merged/run.json"
rundir=$T/merged
check_report shard_merged
check shard_merged_report_whole test -z "$(grep 'Part of a sweep' "$T/merged/report.md")"
# Near its top, report.md says it is a merge: of which shards' folders (a host load there is the busiest's).
check shard_merged_report_says_merged sh -c "grep -q '^\*\*Merged from 3 shards\*\* (clx merge' '$T/merged/report.md' &&
    grep -q 'shard 3 in \`$s3\` on host ' '$T/merged/report.md' && ! grep -q 'Host load.*during the sweep' '$T/merged/report.md'"
check shard_merge_files_unwritten_0 python3 -c "
import json, sys; assert json.load(open(sys.argv[1]))['counts']['files_unwritten'] == 0" "$T/merged/run.json"
# Files a shard could not write (its run.json counts.files_unwritten; here written in by hand: 2 and
# 1) are missing from the merged folder too: the merge records their sum (it recorded 0) and says
# whose; its exit status stays its rows' (4 is a merge that refused: tools/slurm-sweep.sh), and the
# merged run's report exits 4 on them, as a shard's does.
mkdir -p "$T/unwritten"
for s in "$s1" "$s2" "$s3"; do cp -r "$s" "$T/unwritten/"; done
u2=$T/unwritten/${s2##*/} u3=$T/unwritten/${s3##*/}
sed -i -E 's/("files_unwritten":[[:space:]]*)0/\12/' "$u2/run.json"
sed -i -E 's/("files_unwritten":[[:space:]]*)0/\11/' "$u3/run.json"
"$CLX" merge "$T/unwritten/${s1##*/}" "$u2" "$u3" --out "$T/m-unwritten" > "$T/unwritten.log" 2>&1
check shard_unwritten_exit_0 test $? -eq 0
check shard_unwritten_summed python3 -c "
import json, sys; assert json.load(open(sys.argv[1]))['counts']['files_unwritten'] == 3" "$T/m-unwritten/run.json"
check shard_unwritten_said grep -qx "clx merge: 3 of the shards' files could not be written when they ran (shard 2/3: 2, shard 3/3: 1; their run.json counts.files_unwritten): $T/m-unwritten lacks them too, and its run.json counts them; its rows are whole" "$T/unwritten.log"
"$CLX" report "$T/m-unwritten" --quiet > "$T/unwritten-report.log" 2>&1; rc=$?
check shard_unwritten_report_exit_4 sh -c "test $rc -eq 4 &&
    grep -q '^clx: report: $T/m-unwritten is incomplete: 3 of its parts. files could not be written when they ran' '$T/unwritten-report.log'"
# A shard's report says it is one: its findings and plots are of part of the sweep.
# A finished shard holds every configuration of its part: 0, as a whole run (docs/clx.1, EXIT STATUS).
"$CLX" report "$s2" --quiet > "$T/s2-report.log" 2>&1
check shard_report_exit_0 test $? -eq 0
check shard_report_says_part grep -q "^clx: report: $s2 is shard 2 of 3 (clx run --shard 2/3): 8 of the sweep's 24 configurations" "$T/s2-report.log"
check shard_report_md_says_part grep -q "^\*\*Part of a sweep:\*\* $s2 is shard 2 of 3" "$s2/report.md"

# Missing: refused, naming the part and how to run it; --partial writes what there is, exit 1.
"$CLX" merge "$s1" "$s2" --out "$T/m-missing" > "$T/missing.log" 2>&1
check shard_missing_refused test $? -eq 4 -a ! -e "$T/m-missing"
# The command runs the shard into the folder of the others (it said none: results/, where the next
# clx merge SHARDS/ * did not look), on the device they ran on as named (said none: the default one).
check shard_missing_named grep -qF "shard 3/3: not given (8 configurations, such as variant gs_f4_ilp2, build default, local=64); $CLX run vecsum --quick --shard 3/3 --out $T/shards runs it" "$T/missing.log"
"$CLX" run vecsum --quick --shard 1/3 --device 0:0 --out "$T/dev" --quiet > "$T/dev.log" 2>&1
"$CLX" merge "$T"/dev/vecsum-shard1of3-*/ --out "$T/m-dev" > "$T/missing-dev.log" 2>&1
check shard_missing_device grep -qF "$CLX run vecsum --quick --shard 2/3 --device 0:0 --out $T/dev runs it" "$T/missing-dev.log"
"$CLX" merge "$s1" "$s2" --out "$T/m-partial" --partial > "$T/partial.log" 2>&1
check shard_partial_exit_1 test $? -eq 1
check shard_partial_rows test "$(tsv_rows "$T/m-partial/results.tsv")" -eq 16
check shard_partial_says grep -qE '"partial":[[:space:]]*true' "$T/m-partial/run.json"
check shard_partial_rel_time_consistent test "$(rel_mismatches "$T/m-partial/results.tsv" naive build,N,local)" -eq 0
# Without shard 1, no naive row: rel_time and speedup are empty (not shards 2 and 3's against their
# own naive rows), and the merge says why.
"$CLX" merge "$s2" "$s3" --out "$T/m-noref" --partial > "$T/noref.log" 2>&1
check shard_noref_exit_1 test $? -eq 1
check shard_noref_rel_time_empty test "$(tsv_col "$T/m-noref/results.tsv" rel_time | grep -c .) $(tsv_col "$T/m-noref/results.tsv" speedup | grep -c .)" = "0 0"
check shard_noref_dev_row_avg test "$(tsv_col "$T/m-noref/results.tsv" dev_row_avg | grep -c .)" -eq 16
check shard_noref_said grep -q "^clx merge: 16 timed rows have no rel_time or speedup: the naive rows they are timed against are among the missing configurations" "$T/noref.log"
# Its report says it holds part of the sweep, and which shard is missing; and exits 4, as a stopped
# run's does: configurations of its sweep have no row (it exited 0, as a whole run's).
"$CLX" report "$T/m-partial" > "$T/partial-report.log" 2>&1
check shard_partial_report_exit_4 test $? -eq 4
check shard_partial_report_says grep -q '^\*\*Part of a sweep:\*\* .* is a partial merge (clx merge --partial): [0-9]* of the sweep.s [0-9]* configurations have no row (shard' "$T/m-partial/report.md"
# Compared with the whole merge, the partial one is said to be one, and a gate fails on what it lacks
# (it passed, exit 0, saying only "8 measured on some sides only").
"$CLX" compare "$T/merged" "$T/m-partial" --fail-on fail --out "$T/cmp-partial" > "$T/cmp-partial.log" 2>&1; rc=$?
check shard_partial_compare_gate test "$rc" -eq 1 -a -n "$(grep -F 'clx: compare: B is a partial merge: 8 configurations A measured have no row in it (--fail-on fail)' "$T/cmp-partial.log")"
check shard_partial_compare_said grep -qF "clx: compare: B ($T/m-partial) is a partial merge (clx merge --partial): 8 of the sweep's 24 configurations have no row (shard 3 of 3 missing)" "$T/cmp-partial.log"
check shard_partial_compare_md grep -qF "**Part of a sweep:** B ($T/m-partial) is a partial merge" "$T/cmp-partial/compare.md"
# A merge is not resumed: clx run --resume of a partial one said "that run finished: every
# configuration has its row" (run.json's "finished" is the last shard's end), of a whole one the same.
"$CLX" run --resume "$T/m-partial" > "$T/resume-partial.log" 2>&1
check shard_resume_partial_merge sh -c "test $? -eq 4 && grep -q '^clx: cannot resume $T/m-partial: it is a partial clx merge of 3 shards (run.json \"merged\"), not a stopped run: 8 of the sweep.s 24 configurations have no row (shard 3 of 3); run or resume those shards, then clx merge all 3 again' '$T/resume-partial.log' && ! grep -q 'every configuration has its row' '$T/resume-partial.log'"
"$CLX" run vecsum --quick --resume "$T/merged" > "$T/resume-merged.log" 2>&1
check shard_resume_whole_merge sh -c "test $? -eq 4 && grep -q '^clx: cannot resume $T/merged: it is clx merge.s join of 3 shards (run.json \"merged\"), every configuration with its row: there is nothing to resume' '$T/resume-merged.log'"

# The folder the shards were run into (--out), given for them: refused, naming the shards it holds
# (it said "run.json: No such file or directory" of a file no one meant to give).
"$CLX" merge "$T/shards" --out "$T/m-outdir" > "$T/outdir.log" 2>&1
check shard_outdir_refused test $? -eq 4 -a ! -e "$T/m-outdir"
check shard_outdir_names_shards grep -q "^clx merge: $T/shards is not a shard: it holds 3 shards' folders ($s1, $s2, $s3); give each" "$T/outdir.log"

# Duplicated: a part given twice is refused; an unfinished copy beside a finished one is left out.
cp -r "$s2" "$T/again"
"$CLX" merge "$s1" "$s2" "$T/again" "$s3" --out "$T/m-dup" > "$T/dup.log" 2>&1
check shard_duplicate_refused test $? -eq 4 -a ! -e "$T/m-dup"
check shard_duplicate_named grep -q 'shard 2/3 is given twice' "$T/dup.log"
sed -i '/"finished":/d' "$T/again/run.json"
"$CLX" merge "$s1" "$s2" "$T/again" "$s3" --out "$T/m-again" > "$T/again.log" 2>&1
check shard_unfinished_left_out test $? -eq 0 -a -n "$(grep 'again did not finish .* left out' "$T/again.log")"
# A merge run again on the very shards it merged (a pipeline's merge step retried) finds the whole
# merge there: nothing written, exit 0, as the merge it repeats (it refused, exit 4); another run of
# a shard than the one merged is refused there (it would keep the old rows unsaid).
before=$(md5sum < "$T/merged/results.tsv")
"$CLX" merge "$s3" "$s1" "$s2" --out "$T/merged" > "$T/remerge.log" 2>&1
check shard_merge_again_exit_0 test $? -eq 0
check shard_merge_again_said grep -qx "clx merge: $T/merged holds this merge already, of these 3 shards, every configuration with its row: nothing to merge again, nothing written (exit 0, as when it was merged)" "$T/remerge.log"
check shard_merge_again_untouched test "$before" = "$(md5sum < "$T/merged/results.tsv")" -a ! -e "$T/merged/.partial-merge"
cp -r "$s2" "$T/rerun2"
sed -i 's/"finished":[[:space:]]*"[^"]*"/"finished": "2001-01-01T00:00:00+00:00"/' "$T/rerun2/run.json"
"$CLX" merge "$s1" "$T/rerun2" "$s3" --out "$T/merged" > "$T/remerge2.log" 2>&1
check shard_merge_again_other_run sh -c "test $? -eq 4 && grep -qF '$T/merged holds this sweep'\''s merge already, every configuration with its row, of another run of shard 2 than the one given: left as it is' '$T/remerge2.log'"
check shard_merge_again_other_untouched test "$before" = "$(md5sum < "$T/merged/results.tsv")"
# A shard stopped by ^C holds rows, its last ones cut short (status cut, flag rounds-cut): --partial
# leaves them out until it finishes (--resume measures the cut ones again), and says so: "have no
# row" alone read as if it had none. The same of a shard an older clx stopped (its cut rows ok, with
# the flag).
for how in cut ok; do
    rm -rf "$T/stopped3"; cp -r "$s3" "$T/stopped3"
    sed -i '/"finished":/d' "$T/stopped3/run.json"
    awk -F'\t' -v st=$how 'BEGIN { OFS = "\t" } NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "flag") f = i; if ($i == "status") s = i }; print; next }
        { $f = "rounds-cut"; if ($s == "ok") $s = st; print }' "$s3/results.tsv" > "$T/stopped3/results.tsv"
    rm -rf "$T/m-stopped"
    "$CLX" merge "$s1" "$s2" "$T/stopped3" --partial --out "$T/m-stopped" > "$T/stopped.log" 2>&1
    check shard_stopped_partial_exit_1_$how test $? -eq 1
    check shard_stopped_from_finished_$how grep -q "^clx merge: 8 of the sweep's 24 configurations have no row from a finished shard:$" "$T/stopped.log"
    check shard_stopped_rows_said_$how grep -q "shard 3/3 in $T/stopped3: did not finish (8 configurations left out, such as .*; it holds 8 rows of them, 8 cut short by the stop (flag rounds-cut), which --resume measures again)" "$T/stopped.log"
done

# Another sweep (another seed), another driver, not a shard: refused, naming the folder and why.
"$CLX" run vecsum --quick --seed 2 --shard 3/3 --out "$T/seed" --quiet > /dev/null 2>&1
"$CLX" merge "$s1" "$s2" "$T"/seed/vecsum-shard3of3-* --out "$T/m-seed" > "$T/seed.log" 2>&1
check shard_other_seed_refused test $? -eq 4 -a -n "$(grep 'seed/vecsum-shard3of3.* is not a shard of the same sweep .* differs in the seed' "$T/seed.log")"
# Other axes (--local 64 for one shard): the axis and both its values named, as for the seed (it
# said "differs in the axes as run" alone).
"$CLX" run vecsum --quick --local 64 --shard 3/3 --out "$T/local" --quiet > /dev/null 2>&1
"$CLX" merge "$s1" "$s2" "$T"/local/vecsum-shard3of3-* --out "$T/m-local" > "$T/local.log" 2>&1
check shard_other_axis_refused test $? -eq 4 -a ! -e "$T/m-local"
check shard_other_axis_named grep -q "local/vecsum-shard3of3-.* is not a shard of the same sweep as $s1: it differs in the axes as run (variants, builds, launch values) (run.json \"as_run.launch.local\": \[\"64\"\] there, \[\"64\",\"256\"\] in $s1)\$" "$T/local.log"
# A folder holding a merge of another sweep (a partial one of the seed-2 part; one said to be of 4
# shards) is refused as the merge's folder, naming what differs and both values (it said "another
# sweep" and the item alone).
"$CLX" merge "$T"/seed/vecsum-shard3of3-* --partial --out "$T/m-other" > /dev/null 2>&1
"$CLX" merge "$s1" "$s2" "$s3" --out "$T/m-other" > "$T/other.log" 2>&1
check shard_merge_over_other_refused test $? -eq 4 -a -n "$(grep -E '"seed":[[:space:]]*2' "$T/m-other/run.json")"
check shard_merge_over_other_named grep -qF "clx merge: $T/m-other holds a merge of another sweep of vecsum: it differs in the seed (2 there, 1 in $s1); the merged run goes to a new or empty folder" "$T/other.log"
cp -r "$T/m-partial" "$T/m-n4"
sed -i 's/"shards":\([[:space:]]*\)3/"shards":\14/' "$T/m-n4/run.json"
"$CLX" merge "$s1" "$s2" "$s3" --out "$T/m-n4" > "$T/n4.log" 2>&1
check shard_merge_over_other_n test $? -eq 4 -a -n "$(grep -F "holds a merge of another sweep of vecsum: it differs in the number of shards (4 there, 3 in $s1)" "$T/n4.log")"
cp -r "$s3" "$T/driver"
sed -i 's/"driver_version":[[:space:]]*"[^"]*"/"driver_version": "0.0-elsewhere"/' "$T/driver/run.json"
"$CLX" merge "$s1" "$s2" "$T/driver" --out "$T/m-driver" > "$T/driver.log" 2>&1
check shard_other_driver_refused test $? -eq 4 -a -n "$(grep 'driver is not a shard .* differs in the driver version' "$T/driver.log")"
"$CLX" merge "$full" "$s1" --out "$T/m-full" > "$T/notshard.log" 2>&1
check shard_not_a_shard_refused test $? -eq 4 -a -n "$(grep 'is not a shard: its run.json has no "shard"' "$T/notshard.log")"

# Verification against a baseline variant, cut into single configurations (8 configurations, 5
# parts): each part runs the baseline wherever it owns something, so the statuses stay. Its 4 FAIL
# rows make the merge exit 1, as the unsharded run does (clx run's rule on the merged rows).
B="tests/e2e/fixtures/baseline.spec --size 1000"
run_clx "$T/bfull" run $B
bfull=$rundir bfull_rc=$rc
for k in 1 2 3 4 5; do "$CLX" run $B --shard $k/5 --out "$T/bshards" --quiet > /dev/null 2>&1; done
"$CLX" merge $(shards_of "$T/bshards") --out "$T/bmerged" > "$T/bmerge.log" 2>&1
check shard_configs_merge_exit test $? -eq 1 -a "$bfull_rc" -eq 1 -a \
    -n "$(grep '^clx merge: exit 1, as clx run of the whole sweep would: 4 rows did not pass (4 FAIL)$' "$T/bmerge.log")"
check shard_configs_unit grep -qE '"unit":[[:space:]]*"configurations"' "$T/bmerged/run.json"
ids "$bfull/results.tsv" > "$T/c"; ids "$T/bmerged/results.tsv" > "$T/d"
check shard_baseline_statuses_equal cmp -s "$T/c" "$T/d"
check shard_baseline_fails_kept test "$(tsv_count "$T/bmerged/results.tsv" status FAIL)" -eq 4
# Merged again there: the status it ended with, 1, read from the merged rows (not 0 or 3 of none).
"$CLX" merge $(shards_of "$T/bshards") --out "$T/bmerged" > "$T/bmerge2.log" 2>&1
check shard_merge_again_status_kept test $? -eq 1 -a \
    -n "$(grep "^clx merge: $T/bmerged holds this merge already, of these 5 shards, .*nothing written (exit 1, as when it was merged)$" "$T/bmerge2.log")"

# rel_time against a reference matched on a params axis too (EXTRA; core_relative.sh): 2 shards,
# the second holding float4's rows and its own naive ones, which the merge drops.
R="tests/e2e/fixtures/relparams.spec"
for k in 1 2; do "$CLX" run $R --shard $k/2 --out "$T/rshards" --quiet > /dev/null 2>&1; done
"$CLX" merge $(shards_of "$T/rshards") --out "$T/rmerged" > "$T/rmerge.log" 2>&1
check shard_relparams_merge_exit test $? -eq 0
check shard_relparams_rel_time_all test "$(tsv_col "$T/rmerged/results.tsv" rel_time | grep -c .)" -eq 8
check shard_relparams_rel_time_consistent test "$(rel_mismatches "$T/rmerged/results.tsv" naive build,EXTRA,N,local)" -eq 0

# Bad --shard values: one line naming the option, exit 2, nothing run.
for bad in 0/3 4/3 3 a/b 1/0 '' 1/3x; do
    "$CLX" run vecsum --quick --shard "$bad" --out "$T/bad" > "$T/bad.log" 2>&1
    check "shard_bad_value_$(printf '%s' "${bad:-empty}" | tr -c 'A-Za-z0-9' _)" test $? -eq 2 -a -n "$(grep -e '--shard needs K/N' "$T/bad.log")"
done
env -u SLURM_ARRAY_TASK_ID "$CLX" run vecsum --quick --shard slurm --out "$T/bad" > "$T/bad.log" 2>&1
check shard_slurm_unset test $? -eq 2 -a -n "$(grep 'SLURM_ARRAY_TASK_ID is not set' "$T/bad.log")"
SLURM_ARRAY_TASK_ID=4 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_STEP=2 SLURM_ARRAY_TASK_COUNT=3 \
    "$CLX" run vecsum --quick --shard slurm --out "$T/bad" > "$T/bad.log" 2>&1
check shard_slurm_inconsistent test $? -eq 2 -a -n "$(grep 'shard slurm: the array task.s variables disagree' "$T/bad.log")"
# A shard is one part of one sweep on one device: with a list of devices (--device, or CLX_DEVICE's)
# it is refused before anything runs, naming both options and the ways on.
for dev in all 0:0,0:0; do
    "$CLX" run vecsum --quick --shard 1/2 --device "$dev" --out "$T/bad" > "$T/bad.log" 2>&1
    check "shard_device_list_refused_$(printf '%s' "$dev" | tr -c 'A-Za-z0-9' _)" test $? -eq 2 -a "$(grep -c . "$T/bad.log")" -eq 1 \
        -a -n "$(grep -e "--shard 1/2 is one part of one sweep on one device: not with --device $dev .*run each device's shards apart .*--split-any" "$T/bad.log")"
done
CLX_DEVICE=all "$CLX" run vecsum --quick --shard 2/2 --out "$T/bad" > "$T/bad.log" 2>&1
check shard_device_env_list_refused test $? -eq 2 -a -n "$(grep -e '--shard 2/2 .*not with CLX_DEVICE=all' "$T/bad.log")"
check shard_bad_ran_nothing test ! -e "$T/bad"
finish
