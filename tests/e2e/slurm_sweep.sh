#!/bin/sh
# slurm_sweep.sh — tools/slurm-sweep.sh without Slurm: a fake sbatch on the PATH records what is
# submitted, and the batch scripts run here with the variables a real array task has. The tasks'
# sbatch options are shard.sbatch's #SBATCH lines, the merge job's only those a file-only job needs
# (no GPU); a task submitted again alone (sbatch --array=2: an array of one task, ID=MIN=MAX=2,
# COUNT=1) runs its own part, 2 of 3, not the whole sweep, and the merge then joins all three; a
# refused merge says the sbatch line that runs the missing part as a job, and of a part still being
# written (its results.tsv locked) to wait for it; --shard slurm refuses an array of one task rather
# than run the whole sweep as part 1 of 1. Nothing is submitted where the clx options fail clx run
# --dry-run (clx's one refusal and exit 2), set an option the sweep owns (--out, --shard, --resume,
# --split, several devices, --dry-run: slurm-sweep's refusal, exit 2) or sbatch --test-only refuses
# a job's options. A sweep whose rows FAIL merges with clx merge's exit 1 (as clx run's), and the
# merge job that wrote it exits 0. clx run's --dir-file names the merged run, written by the merge
# job, never by a task. A merge job that finds merged/ busy (another merge holds its lock) waits and
# merges again, a bounded number of times, then says it is busy (exit 4), never a failure of the
# sweep. make check-slurm runs it on a real one-node Slurm.
. tests/e2e/lib.sh
T=$PWD/$TMP/slurm_sweep
rm -rf "$T"; mkdir -p "$T/bin"
case $CLX in /*) clx=$CLX ;; *) clx=$PWD/${CLX#./} ;; esac      # the scripts run it from anywhere

# sbatch as Slurm's answers it: with --parsable a job id (100 + the jobs submitted so far); with
# --test-only where the job would start, on stderr, or, where the script's #SBATCH lines hold
# $FAKE_SBATCH_REFUSE, Slurm's refusal of it (exit 1). Each call's arguments are a line of calls.
cat > "$T/bin/sbatch" <<'EOF'
#!/bin/sh
printf '%s\n' "$*" >> "$FAKE_SBATCH_CALLS"
if [ "$1" = --test-only ]; then
    for script; do :; done
    if [ -n "${FAKE_SBATCH_REFUSE:-}" ] && grep -q -e "^#SBATCH.*$FAKE_SBATCH_REFUSE" "$script"; then
        echo "sbatch: error: Batch job submission failed: Invalid partition name specified" >&2
        exit 1
    fi
    echo "sbatch: Job 1 to start at 2026-01-01T00:00:00 using 1 processors on nodes n1 in partition gpu" >&2
    exit 0
fi
echo $((100 + $(grep -vc -e '^--test-only' "$FAKE_SBATCH_CALLS")))
EOF
chmod +x "$T/bin/sbatch"
FAKE_SBATCH_CALLS=$T/calls; export FAKE_SBATCH_CALLS
: > "$T/calls"
D=$T/sweep
# task ID MIN MAX COUNT: shard.sbatch as the array task with those variables runs it (STEP 1).
task() {
    SLURM_ARRAY_TASK_ID=$1 SLURM_ARRAY_TASK_MIN=$2 SLURM_ARRAY_TASK_MAX=$3 SLURM_ARRAY_TASK_STEP=1 \
        SLURM_ARRAY_TASK_COUNT=$4 sh "$D/shard.sbatch" > "$T/task$1.log" 2>&1
}

PATH=$T/bin:$PATH CLX=$clx CLX_SLURM_DIR=$D tools/slurm-sweep.sh taylor 3 --partition=gpu --gres=gpu:1 --time 10:00 \
    '--comment=a b' -- --quick --set TERMS=1 > "$T/submit.log" 2>&1
check slurm_sweep_submits test $? -eq 0
# Both jobs' options tested by Slurm (--test-only) before either is submitted.
check slurm_sweep_array_tested test "$(sed -n 1p "$T/calls")" = "--test-only --array=1-3 $D/shard.sbatch"
check slurm_sweep_merge_tested test "$(sed -n 2p "$T/calls")" = "--test-only $D/merge.sbatch"
check slurm_sweep_array_call test "$(sed -n 3p "$T/calls")" = "--parsable --array=1-3 $D/shard.sbatch"
check slurm_sweep_merge_call test "$(sed -n 4p "$T/calls")" = \
    "--parsable --dependency=afterany:101 --kill-on-invalid-dep=yes $D/merge.sbatch"
check slurm_sweep_submit_quiet test -z "$(grep -e 'to start at' "$T/submit.log")"
# The tasks ask for what was given, each option as it came (a value of its own word kept beside it,
# a blank quoted); the merge job for the partition and time alone, not the GPU.
check slurm_sweep_shard_options test "$(grep '^#SBATCH' "$D/shard.sbatch" | tail -n 4 | tr '\n' '|')" = \
    '#SBATCH --partition=gpu|#SBATCH --gres=gpu:1|#SBATCH --time 10:00|#SBATCH "--comment=a b"|'
check slurm_sweep_merge_options test "$(grep '^#SBATCH' "$D/merge.sbatch" | tail -n 3 | tr '\n' '|')" = \
    '#SBATCH --partition=gpu|#SBATCH --time 10:00|#SBATCH "--comment=a b"|'
check slurm_sweep_merge_no_gpu test -z "$(grep -e gres -e gpus "$D/merge.sbatch")"
check slurm_sweep_logs_by_part grep -q "^#SBATCH --output=$D/logs/shard-%a.out\$" "$D/shard.sbatch"

# clx's options that a task's clx run would refuse (a value, an axis, an unknown option, --shard with
# --search): refused here, once, in clx run's own words and exit status, before anything is
# submitted or written (each of N tasks queued and then failed on it).
i=0
# shellcheck disable=SC2089,SC2090  # the part of each before '|' is the options, words without quotes
for bad in "--trials 0|--trials needs a whole number from 1 to 1000000, not '0'" \
           "--local abc|--local abc: 'abc' is not a work-group size" \
           "--set TERM=1|--set TERM=1: 'TERM' is not an axis of taylor" \
           "--bogus|unknown option '--bogus'" \
           "--search|--search races configurations on one device: not with .*--shard"; do
    i=$((i + 1))
    : > "$T/calls-bad"
    # shellcheck disable=SC2086  # the options are words
    PATH=$T/bin:$PATH CLX=$clx CLX_SLURM_DIR=$T/bad$i FAKE_SBATCH_CALLS=$T/calls-bad tools/slurm-sweep.sh taylor 3 \
        --partition=gpu -- --quick ${bad%%|*} > "$T/bad$i.log" 2>&1
    check slurm_sweep_clx_refused_$i test $? -eq 2 -a "$(wc -l < "$T/bad$i.log")" -eq 1 \
        -a -n "$(grep -e "^clx[ :].*${bad#*|}" "$T/bad$i.log")"
    check slurm_sweep_clx_refused_nothing_$i test ! -s "$T/calls-bad" -a ! -e "$T/bad$i"
done
# clx options the sweep sets itself (--out, --shard: the user's came after the task's and won, so
# every task wrote elsewhere or ran one part) or that break a shard (--resume, --split, several
# devices, CLX_DEVICE's too, which the tasks inherit; --dry-run): refused before anything is
# submitted or made, naming the option (as abbreviated, and whole) and why, exit 2.
i=0
# shellcheck disable=SC2089,SC2090  # the part of each before '|' is the options, words without quotes
for own in "--out $T/elsewhere|clx option --out: the sweep sets it: each task writes its part into $T/own1/shards" \
           "--shard 1/2|clx option --shard: the sweep sets it: task K runs --shard K/3 .*every task would run the same part" \
           "--ou=$T/x|clx option --ou (--out): the sweep sets it" \
           "--resume $T|clx option --resume: it continues one run's folder, not a sweep" \
           "--split|clx option --split: it cuts a sweep over the devices of one node" \
           "--device all|clx option --device: 'all' names several devices: a task runs its part on one device" \
           "--dev=0:0,1:0|clx option --device: '0:0,1:0' names several devices" \
           "--dry-run|clx option --dry-run: the tasks would run nothing"; do
    i=$((i + 1))
    : > "$T/calls-bad"
    # shellcheck disable=SC2086  # the options are words
    PATH=$T/bin:$PATH CLX=$clx CLX_SLURM_DIR=$T/own$i FAKE_SBATCH_CALLS=$T/calls-bad tools/slurm-sweep.sh taylor 3 \
        --partition=gpu -- --quick ${own%%|*} > "$T/own$i.log" 2>&1
    check slurm_sweep_owned_refused_$i test $? -eq 2 -a "$(wc -l < "$T/own$i.log")" -eq 1 \
        -a -n "$(grep -e "^slurm-sweep: ${own#*|}.*; nothing submitted\$" "$T/own$i.log")"
    check slurm_sweep_owned_nothing_$i test ! -s "$T/calls-bad" -a ! -e "$T/own$i"
done
: > "$T/calls-bad"
CLX_DEVICE=all PATH=$T/bin:$PATH CLX=$clx CLX_SLURM_DIR=$T/ownenv FAKE_SBATCH_CALLS=$T/calls-bad tools/slurm-sweep.sh taylor 3 \
    -- --quick > "$T/ownenv.log" 2>&1
check slurm_sweep_owned_env_device test $? -eq 2 -a ! -s "$T/calls-bad" -a ! -e "$T/ownenv" \
    -a -n "$(grep -e "^slurm-sweep: clx option CLX_DEVICE (--device): 'all' names several devices" "$T/ownenv.log")"

# An sbatch option Slurm refuses (a partition it has not): sbatch's refusal, nothing submitted, the
# folder it would have used not left behind.
: > "$T/calls-bad"
PATH=$T/bin:$PATH CLX=$clx CLX_SLURM_DIR=$T/badpart FAKE_SBATCH_CALLS=$T/calls-bad FAKE_SBATCH_REFUSE=--partition=nosuch \
    tools/slurm-sweep.sh taylor 3 --partition=nosuch --gres=gpu:1 -- --quick > "$T/badpart.log" 2>&1
check slurm_sweep_sbatch_refused test $? -eq 1 -a -n "$(grep -e '^sbatch: error: .*Invalid partition' "$T/badpart.log")"
check slurm_sweep_sbatch_refused_said grep -q "^slurm-sweep: sbatch --test-only $T/badpart/shard.sbatch failed (above.*): nothing submitted\$" "$T/badpart.log"
check slurm_sweep_sbatch_refused_nothing test "$(grep -vc -e '^--test-only' "$T/calls-bad")" -eq 0 -a ! -e "$T/badpart"

# Tasks 1 and 3 of the array ran; task 2 did not: the merge refuses, and says the sbatch line.
task 1 1 3 3; check slurm_sweep_task1 test $? -eq 0
task 3 1 3 3; check slurm_sweep_task3 test $? -eq 0
sh "$D/merge.sbatch" > "$T/merge1.log" 2>&1
check slurm_sweep_merge_refuses test $? -eq 4 -a ! -e "$D/merged"
check slurm_sweep_merge_names_part grep -q "^  shard 2/3: not given" "$T/merge1.log"
check slurm_sweep_merge_says_job grep -q "those parts run again as jobs on a node with the device" "$T/merge1.log"
check slurm_sweep_merge_says_sbatch grep -q "^  sbatch --array=2 $D/shard.sbatch\$" "$T/merge1.log"

# Task 2 submitted again alone: an array of one task. It runs part 2 of 3, and the merge is whole.
task 2 2 2 1; check slurm_sweep_again_exit test $? -eq 0
check slurm_sweep_again_part_2 test -n "$(ls -d "$D"/shards/taylor-shard2of3-* 2> /dev/null)" \
    -a -z "$(ls -d "$D"/shards/taylor-shard1of1-* 2> /dev/null)"
check slurm_sweep_again_said grep -q "shard 2/3 (whole variant x build groups): 8 of the sweep's 20 configurations" "$T/task2.log"
# The same part while its clx still writes it (unfinished, its results.tsv locked: held here by
# flock(1)), as a merge run by hand meets it: merge says it is still running, and the job says to
# wait for it, not the sbatch line that would run the part a second time beside it.
s2=$(ls -d "$D"/shards/taylor-shard2of3-*)
mv "$s2" "$T/done2"; cp -r "$T/done2" "$s2"; sed -i '/"finished":/d' "$s2/run.json"
mkdir -p "$T/locks"; TMPDIR=$T/locks; export TMPDIR
hold_lock -x "$s2/results.tsv"
sh "$D/merge.sbatch" > "$T/merge-live.log" 2>&1
check slurm_sweep_merge_running test $? -eq 4 -a ! -e "$D/merged" -a -n "$(grep "^  shard 2/3 in $s2: still running" "$T/merge-live.log")"
check slurm_sweep_merge_running_wait grep -q "^slurm-sweep: part 2 is still running .*: wait for it to end, then sbatch $D/merge.sbatch merges again" "$T/merge-live.log"
check slurm_sweep_merge_running_not_again test -z "$(grep -e 'sbatch --array' -e 'did not finish' "$T/merge-live.log")"
kill "$holder" 2> /dev/null; wait "$holder" 2> /dev/null
rm -rf "$s2"; mv "$T/done2" "$s2"
# Another merge writing merged/ (its lock held here by flock(1), as a clx merge holds it): the job
# is no failure but busy. With one try, it says so plainly and exits 4 (clx merge's), writing nothing.
mkdir -p "$D/merged"
rm -f "$T/merged-held"
sh -c 'exec 9< "$1"; flock -x 9; : > "$2"; exec sleep 120' _ "$D/merged" "$T/merged-held" & holder=$!
i=0; while [ ! -e "$T/merged-held" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
CLX_SLURM_BUSY_TRIES=1 sh "$D/merge.sbatch" > "$T/merge-busy.log" 2>&1
check slurm_sweep_merge_busy_refused test $? -eq 4 -a ! -e "$D/merged/results.tsv"
check slurm_sweep_merge_busy_said grep -q "^slurm-sweep: $D/merged is busy: another merge was writing it at each of 1 tries .*sbatch $D/merge.sbatch merges again" "$T/merge-busy.log"
check slurm_sweep_merge_busy_not_parts test -z "$(grep -e 'sbatch --array' -e 'still running' "$T/merge-busy.log")"
# With tries left, it waits: the other merge let go once the job said it waits, the job merges whole.
CLX_SLURM_BUSY_TRIES=600 CLX_SLURM_BUSY_WAIT=0.1 sh "$D/merge.sbatch" > "$T/merge2.log" 2>&1 & job=$!
i=0; while ! grep -q 'is busy, another merge writes it' "$T/merge2.log" 2> /dev/null && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
kill "$holder" 2> /dev/null; wait "$holder" 2> /dev/null
wait "$job"
check slurm_sweep_merge_whole test $? -eq 0
check slurm_sweep_merge_waited grep -q "^slurm-sweep: $D/merged is busy, another merge writes it (clx merge: another clx merge is writing $D/merged now.*): merging again in 0.1 s (try 1 of 600)" "$T/merge2.log"
check slurm_sweep_merge_all_rows grep -q "3 shards of 3 .* 20 of 20 configurations" "$T/merge2.log"
check slurm_sweep_merged_rows test "$(tsv_rows "$D/merged/results.tsv")" -eq 20

# A sweep whose rows FAIL (vecsum with naive's kernel broken): each shard exits 1, clx merge of
# them exits 1 as clx run of the whole sweep would, and the merge job, which wrote the merged run,
# exits 0 saying merge's status: Slurm must not report the merge job failed.
mkdir -p "$T/w"
cp templates/vecsum.spec templates/vecsum.cl.m4 "$T/w/"
sed -i 's/cv\[gid\] = av\[gid\] + bv\[gid\];/cv[gid] = av[gid] - bv[gid];/' "$T/w/vecsum.cl.m4"
DF=$T/failing-sweep
PATH=$T/bin:$PATH CLX=$clx CLX_SLURM_DIR=$DF tools/slurm-sweep.sh "$T/w/vecsum.spec" 2 -- --quick \
    --set variant=naive,gridstride --build '' > "$T/fsubmit.log" 2>&1
check slurm_sweep_fail_submits test $? -eq 0
for k in 1 2; do
    SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=2 SLURM_ARRAY_TASK_STEP=1 SLURM_ARRAY_TASK_COUNT=2 \
        sh "$DF/shard.sbatch" > "$T/ftask$k.log" 2>&1
    eval "frc$k=\$?"
done
check slurm_sweep_fail_shards test "$frc1" -eq 1 -o "$frc2" -eq 1
"$CLX" merge $(for d in "$DF"/shards/*/; do [ -L "${d%/}" ] || echo "${d%/}"; done) --out "$T/fmerged" > "$T/fmerge.log" 2>&1
check slurm_sweep_merge_rows_fail test $? -eq 1 -a "$(tsv_count "$T/fmerged/results.tsv" status FAIL)" -eq 2 -a \
    -n "$(grep '^clx merge: exit 1, as clx run of the whole sweep would: 2 rows did not pass (2 FAIL)$' "$T/fmerge.log")"
sh "$DF/merge.sbatch" > "$T/fmergejob.log" 2>&1
check slurm_sweep_merge_job_ok test $? -eq 0 -a -s "$DF/merged/results.tsv" -a \
    -n "$(grep "slurm-sweep: clx merge wrote $DF/merged and exited 1: the merged rows' status" "$T/fmergejob.log")"

# clx run's --dir-file FILE (a relative one, as --dir-file=FILE too): the sweep's, not each task's,
# which would write it over one another. FILE is emptied at the submission and given to no task;
# the merge job names merged/ in it once it has written that folder. A FILE that is not a regular
# file is refused before anything is submitted, and --dir-file without one in clx's words.
DD=$T/dirfile-sweep
echo stale > "$T/sweep.dir"
(cd "$T" && PATH=$T/bin:$PATH CLX=$clx CLX_SLURM_DIR=$DD "$OLDPWD/tools/slurm-sweep.sh" taylor 2 -- --quick \
    --set TERMS=1 --dir-file sweep.dir) > "$T/dsubmit.log" 2>&1
check slurm_sweep_dirfile_submits test $? -eq 0 -a -f "$T/sweep.dir" -a ! -s "$T/sweep.dir"
check slurm_sweep_dirfile_not_to_tasks test -z "$(grep -e --dir-file "$DD/shard.sbatch")"
for k in 1 2; do
    SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=2 SLURM_ARRAY_TASK_STEP=1 SLURM_ARRAY_TASK_COUNT=2 \
        sh "$DD/shard.sbatch" > "$T/dtask$k.log" 2>&1
done
check slurm_sweep_dirfile_tasks_wrote_none test ! -s "$T/sweep.dir"
sh "$DD/merge.sbatch" > "$T/dmerge.log" 2>&1
check slurm_sweep_dirfile_merged sh -c "test $? -eq 0 && test \"\$(cat '$T/sweep.dir')\" = '$DD/merged' && test -s '$DD/merged/results.tsv'"
: > "$T/calls-bad"
mkdir -p "$T/a-folder"
PATH=$T/bin:$PATH CLX=$clx CLX_SLURM_DIR=$T/baddf FAKE_SBATCH_CALLS=$T/calls-bad tools/slurm-sweep.sh taylor 2 -- --quick \
    --dir-file="$T/a-folder" > "$T/baddf.log" 2>&1
check slurm_sweep_dirfile_folder_refused test $? -eq 4 -a ! -s "$T/calls-bad" -a ! -e "$T/baddf" \
    -a -n "$(grep "^slurm-sweep: --dir-file $T/a-folder: not a regular file" "$T/baddf.log")"
PATH=$T/bin:$PATH CLX=$clx CLX_SLURM_DIR=$T/baddf FAKE_SBATCH_CALLS=$T/calls-bad tools/slurm-sweep.sh taylor 2 -- --quick \
    --dir-file > "$T/baddf2.log" 2>&1
check slurm_sweep_dirfile_no_value test $? -eq 2 -a ! -s "$T/calls-bad" -a -n "$(grep -e '--dir-file needs a value' "$T/baddf2.log")"

# No array task, or an id past the sweep's parts: one line saying how to submit it, exit 2.
env -u SLURM_ARRAY_TASK_ID sh "$D/shard.sbatch" > "$T/none.log" 2>&1
check slurm_sweep_no_task test $? -eq 2 -a -n "$(grep "SLURM_ARRAY_TASK_ID is '', not a part of 1 to 3: submit this script as an array job, sbatch --array=K $D/shard.sbatch" "$T/none.log")"
task 4 4 4 1; check slurm_sweep_task_past_n test $? -eq 2 -a -n "$(grep 'array task 4 is not a part of this sweep, which has 3' "$T/task4.log")"

# clx run --shard slurm itself, as the task submitted again alone: refused (it ran the whole sweep
# as part 1 of 1 without a word, which merge then refused beside the others), nothing run.
SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_MIN=2 SLURM_ARRAY_TASK_MAX=2 SLURM_ARRAY_TASK_STEP=1 SLURM_ARRAY_TASK_COUNT=1 \
    "$CLX" run taylor --quick --shard slurm --out "$T/alone" > "$T/alone.log" 2>&1
check slurm_sweep_shard_slurm_single_task test $? -eq 2 -a ! -e "$T/alone" \
    -a -n "$(grep 'shard slurm: this array job has a single task (SLURM_ARRAY_TASK_ID=2, SLURM_ARRAY_TASK_COUNT=1).* give --shard K/N' "$T/alone.log")"
finish
