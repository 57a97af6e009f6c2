#!/bin/sh
# slurm-sweep.sh — one clx sweep over a Slurm cluster: an array job of N tasks, each running
# `clx run EXP --shard slurm` (the task's part of the sweep) into a folder every node sees, and a
# `clx merge` job that starts once every task has ended.
#   tools/slurm-sweep.sh EXP N [SBATCH_OPTION...] [-- CLX_RUN_OPTION...]
#   tools/slurm-sweep.sh volkov_fma 8 --partition=gpu --gres=gpu:1 --time=30:00 -- --trials 20
# The sbatch options go to both jobs (the account, partition and time a site asks for); the clx
# options to every task. The folder is $CLX_SLURM_DIR, else results/slurm-EXP-TIME, relative to
# here: shards/ (a run folder per task), merged/ (the merged run, for clx report), logs/ (each
# job's output) and the two batch scripts, which can be submitted again. $CLX names the clx to run
# (default: the one built beside tools/, else clx on the PATH).
#
# The merge job depends on the array with afterany, not afterok: a shard whose rows FAIL
# verification exits 1, and that is a result to merge, not a reason to drop the sweep (afterok
# would leave the merge pending for ever). clx merge itself refuses to write a merged run while a
# shard is missing or did not finish (a node lost, a time limit), and its log names each such shard
# with the command that completes it; once done, `sbatch DIR/merge.sbatch` merges again.
set -e
usage() { echo "usage: tools/slurm-sweep.sh EXPERIMENT N [SBATCH_OPTION...] [-- CLX_RUN_OPTION...]" >&2; exit 2; }
[ $# -ge 2 ] || usage
exp=$1 n=$2; shift 2
case $n in ''|*[!0-9]*) echo "slurm-sweep: N must be a whole number of 1 or more, not '$n'" >&2; exit 2 ;; esac
[ "$n" -ge 1 ] || { echo "slurm-sweep: N must be 1 or more" >&2; exit 2; }
command -v sbatch > /dev/null 2>&1 || { echo "slurm-sweep: sbatch not found: run this where Slurm jobs are submitted" >&2; exit 2; }

here=$(cd "$(dirname "$0")/.." && pwd)
if [ -z "${CLX:-}" ]; then
    if [ -x "$here/clx" ]; then CLX=$here/clx; else CLX=$(command -v clx) || { echo "slurm-sweep: no clx (make builds it)" >&2; exit 2; }; fi
fi
# A spec given as a file is named absolutely: the jobs may start elsewhere.
[ -f "$exp" ] && exp=$(cd "$(dirname "$exp")" && pwd)/$(basename "$exp")
name=$(basename "$exp" .spec)

# The sbatch options (before --), then clx's (after it), each kept as one word.
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
sb="" clx_opts="" after=0
for a; do
    if [ $after -eq 0 ] && [ "$a" = -- ]; then after=1; continue; fi
    if [ $after -eq 0 ]; then sb="$sb $(q "$a")"; else clx_opts="$clx_opts $(q "$a")"; fi
done

dir=${CLX_SLURM_DIR:-results/slurm-$name-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$dir/shards" "$dir/logs"
dir=$(cd "$dir" && pwd)

cat > "$dir/shard.sbatch" <<EOF
#!/bin/sh
# One part of the sweep: K and N from the array task's SLURM_ARRAY_TASK_* variables.
exec $(q "$CLX") run $(q "$exp") --shard slurm --out $(q "$dir/shards") --quiet$clx_opts
EOF
cat > "$dir/merge.sbatch" <<EOF
#!/bin/sh
# Every shard folder (not the 'latest' link) merged into merged/; clx merge refuses, naming what
# is missing, until every part has finished.
set --
for d in $(q "$dir/shards")/*/; do d=\${d%/}; [ -d "\$d" ] && [ ! -L "\$d" ] && set -- "\$@" "\$d"; done
if [ \$# -eq 0 ]; then
    echo "slurm-sweep: no shard folder in $dir/shards: every task failed before its run began (logs/shard-*.out say why)" >&2
    exit 1
fi
exec $(q "$CLX") merge "\$@" --out $(q "$dir/merged")
EOF
chmod +x "$dir/shard.sbatch" "$dir/merge.sbatch"

# --parsable prints "jobid" or "jobid;cluster".
array=$(eval "sbatch --parsable --job-name=$(q "clx-$name") --array=1-$n --output=$(q "$dir/logs/shard-%a.out") $sb $(q "$dir/shard.sbatch")")
array=${array%%;*}
merge=$(eval "sbatch --parsable --job-name=$(q "clx-$name-merge") --dependency=afterany:$array --kill-on-invalid-dep=yes --output=$(q "$dir/logs/merge.out") $sb $(q "$dir/merge.sbatch")")
merge=${merge%%;*}
echo "slurm-sweep: $name in $n shards: array job $array (clx run --shard slurm), merge job $merge (after every shard has ended)"
echo "slurm-sweep: folder $dir: shards/, logs/, and merged/ when the merge job has run (clx report $dir/merged)"
echo "slurm-sweep: squeue -j $array,$merge follows them; $dir/logs/merge.out says what merge found"
