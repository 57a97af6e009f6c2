#!/bin/sh
# slurm.sh — `make check-slurm`: a sweep through Slurm for real. Starts a one-node Slurm on
# localhost (munged, slurmctld and slurmd from Debian's munge and slurm-wlm, with a configuration,
# key, state and ports of its own under tests/tmp/slurm, so a real cluster's daemons on the machine
# are not touched), submits a 3-shard vecsum --quick with tools/slurm-sweep.sh, waits for the array
# job and the merge job, and checks the merged run equals an unsharded run of the same sweep in its
# rows (columns up to status, in order) and verification, and that clx report accepts it; then runs
# part 2 again alone (sbatch --array=2 DIR/shard.sbatch) and merges again; a clx option and an
# sbatch option that would fail, and a clx option the sweep sets itself, are refused with nothing
# queued. Where Slurm cannot start here (not installed: tools/install-deps.sh slurm; not root:
# slurmd starts jobs as their users; a daemon that does not come up), it prints "skipped
# slurm_sweep: why" and passes. Ends with "N passed, N failed".
cd "$(dirname "$0")/.." || exit 2
CLX=${CLX:-./clx}
case $CLX in /*) ;; *) CLX=$PWD/${CLX#./} ;; esac     # the jobs run it too
T=$PWD/tests/tmp/slurm
passed=0 failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; shift; [ $# -gt 0 ] && echo "  $*"; failed=$((failed + 1)); }
check() { n=$1; shift; if "$@" > /dev/null 2>&1; then pass "$n"; else fail "$n" "failed: $*"; fi; }
skip() { echo "skipped slurm_sweep: $*"; echo "0 passed, 0 failed, 1 skipped"; exit 0; }
tsv_rows() { awk '/^#/ { next } { n++ } END { print n - 1 }' "$1"; }
# ids FILE: each row's columns up to status (what identifies it, and its verification), in order.
ids() { awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "status") s = i } { o = $1
                    for (i = 2; i <= s; i++) o = o "\t" $i; print o }' "$1"; }

for b in munged munge slurmctld slurmd sbatch squeue sinfo; do
    command -v "$b" > /dev/null 2>&1 || skip "no $b here (tools/install-deps.sh slurm installs slurm-wlm and munge)"
done
[ "$(id -u)" -eq 0 ] || skip "slurmd must run as root to start jobs (run make check-slurm as root)"
[ -x "$CLX" ] || { echo "FAIL slurm_sweep (no $CLX: make builds it)"; echo "0 passed, 1 failed"; exit 1; }

rm -rf "$T"; mkdir -p "$T/munge" "$T/state" "$T/spool" "$T/log"
chmod 700 "$T/munge"
dd if=/dev/urandom of="$T/munge/munge.key" bs=1024 count=1 2> /dev/null
chmod 400 "$T/munge/munge.key"
# Ports of its own, away from Slurm's 6817/6818 (a real cluster's daemons may run here).
port=$((20000 + $$ % 20000))
cpus=$(nproc)
cat > "$T/slurm.conf" <<EOF
ClusterName=clxcheck
SlurmctldHost=localhost
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$T/munge/socket
SlurmctldPort=$port
SlurmdPort=$((port + 1))
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=1000 State=UNKNOWN
PartitionName=check Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
SLURM_CONF=$T/slurm.conf; export SLURM_CONF
# Built programs are cached here, never in the user's cache; the jobs inherit it (sbatch passes
# the environment on).
XDG_CACHE_HOME=$T/cache; export XDG_CACHE_HOME

# The daemons in the foreground of background jobs, so that this script knows their ids and ends
# them (and only them) when it ends.
pids=""
stop() {
    for p in $pids; do kill "$p" 2> /dev/null; done
    for p in $pids; do wait "$p" 2> /dev/null; done
}
trap stop EXIT
trap 'exit 130' INT TERM
munged -F -f --socket="$T/munge/socket" --key-file="$T/munge/munge.key" --log-file="$T/log/munged.log" \
    --pid-file="$T/munge/munged.pid" --seed-file="$T/munge/seed" > "$T/log/munged.out" 2>&1 &
pids="$pids $!"
for _ in $(seq 1 50); do [ -S "$T/munge/socket" ] && break; sleep 0.1; done
[ -S "$T/munge/socket" ] || skip "munged did not start: $(tail -n 3 "$T/log/munged.log" "$T/log/munged.out" 2> /dev/null | tr '\n' ' ')"
slurmctld -D -i -f "$T/slurm.conf" > "$T/log/slurmctld.out" 2>&1 &
pids="$pids $!"
slurmd -D -N localhost -f "$T/slurm.conf" > "$T/log/slurmd.out" 2>&1 &
pids="$pids $!"
up=""
for _ in $(seq 1 60); do
    up=$(sinfo -h -o %t 2> /dev/null)
    [ "$up" = idle ] && break
    sleep 0.5
done
[ "$up" = idle ] || skip "the one-node Slurm did not come up in 30 s (node state '$up'): $(tail -n 2 "$T/log/slurmctld.log" "$T/log/slurmd.log" 2> /dev/null | tr '\n' ' ')"
pass slurm_started

# The same sweep unsharded, here; then through Slurm in 3 shards. Each task asks for every CPU,
# so the shards run one at a time: on a CPU device two at once would time each other. The options
# are the scripts' #SBATCH lines, a blank in one of them (--comment) quoted for sbatch to read.
# clx run's --dir-file names the merged run once the merge job has written it.
"$CLX" run vecsum --quick --out "$T/full" --quiet > "$T/full.log" 2>&1
check slurm_unsharded_exit test $? -eq 0
full=$(ls -d "$T"/full/vecsum-* | head -n 1)
CLX_SLURM_DIR=$T/sweep CLX=$CLX tools/slurm-sweep.sh vecsum 3 --cpus-per-task="$cpus" "--comment=clx check" -- --quick \
    --dir-file "$T/sweep.dir" > "$T/submit.log" 2>&1
check slurm_submit_exit test $? -eq 0
start=$(date +%s)
while [ -n "$(squeue -h -o %i 2> /dev/null)" ] && [ $(( $(date +%s) - start )) -lt 300 ]; do sleep 1; done
check slurm_jobs_ended test -z "$(squeue -h -o %i 2> /dev/null)"
echo "  the sweep took $(( $(date +%s) - start )) s in Slurm"

S=$T/sweep
check slurm_three_shards test "$(ls -d "$S"/shards/vecsum-shard?of3-* 2> /dev/null | wc -l)" -eq 3
check slurm_shard_k_from_array test -n "$(grep -l '"2/3"' "$S"/shards/vecsum-shard2of3-*/run.json 2> /dev/null)"
check slurm_merge_ran grep -q '24 of 24 configurations' "$S/logs/merge.out"
check slurm_dir_file_merged test "$(cat "$T/sweep.dir" 2> /dev/null)" = "$S/merged"
ids "$full/results.tsv" > "$T/a" 2> /dev/null; ids "$S/merged/results.tsv" > "$T/b" 2> /dev/null
check slurm_merged_equals_unsharded test -s "$T/a" -a -s "$T/b"
if cmp -s "$T/a" "$T/b"; then pass slurm_merged_rows_and_status; else fail slurm_merged_rows_and_status; diff "$T/a" "$T/b" | head -n 5; fi
check slurm_merged_all_ok test "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "status") s = i; next }
                                              $s == "ok" { n++ } END { print n + 0 }' "$S/merged/results.tsv")" -eq 24
"$CLX" report "$S/merged" --quiet > "$T/report.log" 2>&1
check slurm_report_accepts_merged test $? -eq 0 -a -s "$S/merged/report.md"

# A part run again alone, as merge.out says (its first folder gone, as a task that failed before
# its run began leaves none): sbatch --array=2 of shard.sbatch, an array of one task, runs part 2
# of 3 (not the whole sweep as part 1 of 1), its log added to; the merge then joins all three.
check slurm_merge_no_gpu_asked test -z "$(grep -e gres -e gpus -e cpus-per-task "$S/merge.sbatch")"
rm -rf "$S"/shards/vecsum-shard2of3-* "$S/merged"
again=$(sbatch --parsable --array=2 "$S/shard.sbatch" 2> "$T/again.log")
check slurm_again_submitted test -n "$again"
start=$(date +%s)
while [ -n "$(squeue -h -o %i 2> /dev/null)" ] && [ $(( $(date +%s) - start )) -lt 120 ]; do sleep 1; done
check slurm_again_part_2 test -n "$(ls -d "$S"/shards/vecsum-shard2of3-* 2> /dev/null)" -a -z "$(ls -d "$S"/shards/vecsum-shard1of1-* 2> /dev/null)"
check slurm_again_log_added test "$(grep -c 'shard 2/3' "$S/logs/shard-2.out")" -ge 2
sbatch --parsable "$S/merge.sbatch" > /dev/null 2>&1
start=$(date +%s)
while [ -n "$(squeue -h -o %i 2> /dev/null)" ] && [ $(( $(date +%s) - start )) -lt 120 ]; do sleep 1; done
check slurm_again_merged grep -q '24 of 24 configurations' "$S/logs/merge.out"

# Options refused before anything is queued: a clx option (clx run --dry-run says it, as each task
# would have) and an sbatch option Slurm refuses (sbatch --test-only: a partition it has not).
CLX_SLURM_DIR=$T/badclx CLX=$CLX tools/slurm-sweep.sh vecsum 2 -- --quick --trials 0 > "$T/badclx.log" 2>&1
check slurm_clx_option_refused test $? -eq 2 -a -n "$(grep -e "^clx run: --trials needs a whole number from 1 to 1000000, not '0'" "$T/badclx.log")"
check slurm_clx_option_nothing_queued test -z "$(squeue -h -o %i 2> /dev/null)" -a ! -e "$T/badclx"
# A clx option the sweep sets itself (--shard: every task ran the user's part) is slurm-sweep's refusal.
CLX_SLURM_DIR=$T/ownshard CLX=$CLX tools/slurm-sweep.sh vecsum 2 -- --quick --shard 1/2 > "$T/ownshard.log" 2>&1
check slurm_owned_option_refused test $? -eq 2 -a -n "$(grep -e "^slurm-sweep: clx option --shard: the sweep sets it" "$T/ownshard.log")"
check slurm_owned_option_nothing_queued test -z "$(squeue -h -o %i 2> /dev/null)" -a ! -e "$T/ownshard"
CLX_SLURM_DIR=$T/badpart CLX=$CLX tools/slurm-sweep.sh vecsum 2 --partition=nosuch -- --quick > "$T/badpart.log" 2>&1
check slurm_sbatch_option_refused test $? -ne 0 -a -n "$(grep -e '^sbatch: error: ' "$T/badpart.log")" \
    -a -n "$(grep -e "^slurm-sweep: sbatch --test-only $T/badpart/shard.sbatch failed .*: nothing submitted" "$T/badpart.log")"
check slurm_sbatch_option_nothing_queued test -z "$(squeue -h -o %i 2> /dev/null)" -a ! -e "$T/badpart"

# afterany: the merge job runs after shards that failed (here every one: a device the node has not,
# which only the node can tell), and says so.
CLX_SLURM_DIR=$T/failing CLX=$CLX tools/slurm-sweep.sh vecsum 2 -- --quick --device 9:9 > "$T/submit2.log" 2>&1
start=$(date +%s)
while [ -n "$(squeue -h -o %i 2> /dev/null)" ] && [ $(( $(date +%s) - start )) -lt 120 ]; do sleep 1; done
check slurm_shards_failed grep -q -e '--device 9:9: no such device' "$T/failing/logs/shard-1.out"
check slurm_merge_after_failed_shards grep -q 'every task failed before its run began' "$T/failing/logs/merge.out"
if [ "$failed" -gt 0 ]; then
    echo "  logs: $S/logs, $T/log"
    tail -n 5 "$S"/logs/*.out 2> /dev/null | sed 's/^/  /'
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
