#!/bin/sh
# slurm-sweep.sh — one clx sweep over a Slurm cluster: an array job of N tasks, task K running
# `clx run EXP --shard K/N` (the K-th part of the sweep) into a folder every node sees, and a
# `clx merge` job that starts once every task has ended.
#   tools/slurm-sweep.sh EXP N [SBATCH_OPTION...] [-- CLX_RUN_OPTION...]
#   tools/slurm-sweep.sh volkov_fma 8 --partition=gpu --gres=gpu:1 --time=30:00 -- --trials 20
# The clx options go to every task. The sbatch options go to every task too, and of them the merge
# job, which reads and writes files only, takes those a site asks of any job (merge_keeps below:
# account, partition, qos, reservation, cluster, time, mail, export, working folder, comment) and
# not the tasks' resources (GPUs, CPUs, memory, nodes, exclusive use): it holds no GPU while it
# waits for files. The folder is $CLX_SLURM_DIR, else results/slurm-EXP-TIME, relative to here:
# shards/ (a run folder per task), merged/ (the merged run, for clx report), logs/ (each job's
# output) and the two batch scripts, each with its own sbatch options as #SBATCH lines, so that
# they can be submitted again as they are. $CLX names the clx to run (default: the one built beside
# tools/, else clx on the PATH).
#
# clx run's --dir-file FILE is the sweep's, not each task's (N tasks would write one FILE over one
# another, each its own shard): FILE is emptied here and named to no task; the merge job writes
# merged/'s path into it once clx merge has written that folder, as clx run --split does.
#
# Nothing is submitted until both kinds of options pass their checks here: the clx options as each
# task's clx run takes them (clx run --dry-run: its parsing and the sweep's plan, with no device),
# and each job's sbatch options (sbatch --test-only). A refusal is said once, with its exit status,
# rather than by N tasks that queue and then fail on the same typo.
#
# A part whose task failed, lost its node or ran out of time is run again as a job of its own:
#   sbatch --array=K DIR/shard.sbatch        (several parts: --array=2,5)
# shard.sbatch carries N and takes K from the task's id alone (the array is 1-N, so a task's id is
# its part): such a task runs its own part. `--shard slurm` would take N from the job that runs it,
# here an array of one task. Then `sbatch DIR/merge.sbatch`, or, to start it once that task ends,
# `sbatch --dependency=afterany:JOB DIR/merge.sbatch` with JOB the id the first sbatch printed.
#
# The merge job depends on the array with afterany, not afterok: a shard whose rows FAIL
# verification exits 1, and that is a result to merge, not a reason to drop the sweep (afterok
# would leave the merge pending for ever). clx merge itself refuses to write a merged run while a
# shard is missing or did not finish (a node lost, a time limit), and its log names each such shard
# with the clx command that completes it, and the sbatch line that runs it as a job. clx merge exits
# as clx run of the whole sweep would on the merged rows (1 where some row did not pass, 3 where
# every one was skipped); the merge job's own status is whether it wrote the merged run: 0 then
# (logs/merge.out has merge's status and why), merge's status when it refused.
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

# q WORD: WORD quoted for sh. d WORD: WORD as an #SBATCH line's word (sbatch splits those lines at
# blanks, honours double quotes and backslashes, and takes an unquoted # as a comment's start).
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
d() {
    case $1 in
        *[!A-Za-z0-9_=:,./%+@-]*|'') printf '"%s"' "$(printf '%s' "$1" | sed 's/[\\"]/\\&/g')" ;;
        *) printf '%s' "$1" ;;
    esac
}
# merge_keeps OPTION: whether the merge job takes this sbatch option: what a site may ask of any job,
# never a resource (a file-only merge needs one CPU and no GPU: Slurm's defaults give it that).
merge_keeps() {
    case $1 in
        --account|--partition|--qos|--reservation|--clusters|--time|--mail-type|--mail-user|--export|--chdir|\
        --comment|--wckey|-A|-p|-q|-M|-t|-D) return 0 ;;
    esac
    return 1
}

# is_dir_file OPTION: whether OPTION (the part before any '=') is clx run's --dir-file, as getopt_long
# takes it: the whole name, or a prefix no other option of clx run has (--di: --device, --dry-run).
is_dir_file() {
    _full=--dir-file
    case $1 in --di*) case $_full in "$1"*) return 0 ;; esac ;; esac
    return 1
}

# The sbatch options (before --), each an #SBATCH line with its value where that is a word of its
# own (--partition gpu, -p gpu), for the tasks and, where merge_keeps says, for the merge; then
# clx's (after --), each kept as one word, less --dir-file and its FILE (dir_file), which the merge
# job writes.
sb_shard="" sb_merge="" clx_opts="" after=0 pending="" pending_keep=0 dir_file="" has_dir_file=0 want_dir_file=0
nl='
'
flush() {
    [ -n "$pending" ] || return 0
    sb_shard="$sb_shard#SBATCH$pending$nl"
    if [ "$pending_keep" -eq 1 ]; then sb_merge="$sb_merge#SBATCH$pending$nl"; fi
    pending="" pending_keep=0
}
for a; do
    if [ $after -eq 0 ] && [ "$a" = -- ]; then after=1; continue; fi
    if [ $after -eq 1 ]; then
        if [ $want_dir_file -eq 1 ]; then dir_file=$a want_dir_file=0; continue; fi
        case $a in
            --di*=*) if is_dir_file "${a%%=*}"; then dir_file=${a#*=} has_dir_file=1; continue; fi ;;
            --di*) if is_dir_file "$a"; then has_dir_file=1 want_dir_file=1; continue; fi ;;
        esac
        clx_opts="$clx_opts $(q "$a")"
        continue
    fi
    case $a in
        --*=*) opt=${a%%=*} ;;
        --*|-?) opt=$a ;;
        -*) opt=$(printf '%.2s' "$a") ;;                          # -pgpu: -p and its value
        *) pending="$pending $(d "$a")"; flush; continue ;;      # the value of the option before
    esac
    flush
    pending=" $(d "$a")"
    if merge_keeps "$opt"; then pending_keep=1; fi
    case $a in --*=*) flush ;; --*|-?) ;; -*) flush ;; esac     # flushed once its value is in
done
flush
# --dir-file last, without its FILE: given to the check below, which refuses it in clx's words.
[ $want_dir_file -eq 0 ] || { clx_opts="$clx_opts --dir-file"; has_dir_file=0; }

dir=${CLX_SLURM_DIR:-results/slurm-$name-$(date +%Y%m%d-%H%M%S)}

# --dir-file FILE: checked and emptied before anything can fail, as clx run does (a script then never
# reads the folder of an earlier sweep in it); named absolutely, for the merge job that writes it.
if [ $has_dir_file -eq 1 ]; then
    case $dir_file in /*) ;; *) dir_file=$PWD/$dir_file ;; esac
    if [ -e "$dir_file" ] && [ ! -f "$dir_file" ]; then
        echo "slurm-sweep: --dir-file $dir_file: not a regular file (the merge job replaces it whole, by a rename)" >&2
        exit 4
    fi
    ( : > "$dir_file" ) 2> /dev/null || { echo "slurm-sweep: --dir-file $dir_file: cannot write it" >&2; exit 4; }
fi

# clx's options checked here, once, as each task's clx run takes them (its own parsing and the
# sweep's plan, clx run --dry-run: no device, nothing written), so that a typo (--trials 0, an axis
# misspelt) is clx's one refusal now, with its exit status and nothing submitted, not N tasks that
# queue and then fail on it. Part 1 stands for every part: they differ only in K.
eval "set -- $clx_opts"
"$CLX" run "$exp" --dry-run --shard "1/$n" --out "$dir/shards" --quiet "$@" > /dev/null || exit $?

made=0; [ -d "$dir" ] || made=1
mkdir -p "$dir/shards" "$dir/logs"
dir=$(cd "$dir" && pwd)

cat > "$dir/shard.sbatch" <<EOF
#!/bin/sh
# One part of the sweep: part K of $n, K the array task's id (the array is 1-$n). N is written
# here, not taken from the job (SLURM_ARRAY_TASK_COUNT), so that one part submitted again alone,
#   sbatch --array=K $dir/shard.sbatch
# runs part K of $n, not the whole sweep. Its sbatch options are the lines below; a part run again
# adds to its log, logs/shard-K.out.
#SBATCH --job-name=$(d "clx-$name")
#SBATCH --output=$(d "$dir/logs/shard-%a.out")
#SBATCH --open-mode=append
$sb_shard
k=\${SLURM_ARRAY_TASK_ID:-}
case \$k in
    ''|*[!0-9]*|0) echo "slurm-sweep: SLURM_ARRAY_TASK_ID is '\$k', not a part of 1 to $n: submit this script as an array job, sbatch --array=K $dir/shard.sbatch (K from 1 to $n; several: --array=2,5)" >&2; exit 2 ;;
esac
if [ "\$k" -gt $n ]; then
    echo "slurm-sweep: array task \$k is not a part of this sweep, which has $n: sbatch --array=K with K from 1 to $n" >&2
    exit 2
fi
exec $(q "$CLX") run $(q "$exp") --shard "\$k/$n" --out $(q "$dir/shards") --quiet$clx_opts
EOF
cat > "$dir/merge.sbatch" <<EOF
#!/bin/sh
# Every shard folder (not the 'latest' link) merged into merged/; clx merge refuses, naming what
# is missing, until every part has finished. It reads and writes files only: its sbatch options
# (the lines below) are the sweep's less the tasks' resources (no GPU).
#SBATCH --job-name=$(d "clx-$name-merge")
#SBATCH --output=$(d "$dir/logs/merge.out")
$sb_merge
set --
for d in $(q "$dir/shards")/*/; do d=\${d%/}; [ -d "\$d" ] && [ ! -L "\$d" ] && set -- "\$@" "\$d"; done
if [ \$# -eq 0 ]; then
    echo "slurm-sweep: no shard folder in $dir/shards: every task failed before its run began (logs/shard-*.out say why)" >&2
    exit 1
fi
# clx merge's refusal names each part not given or not finished with the clx run that completes
# it; that is for a node with the device, as a job: typed where merge runs or on the login node, it
# would measure that node's device, which merge then refuses. So the parts are also said as the
# sbatch line that runs them again.
err=\$(mktemp) || exit 1
rc=0
$(q "$CLX") merge "\$@" --out $(q "$dir/merged") 2> "\$err" || rc=\$?
cat "\$err" >&2
# clx run's --dir-file, given to tools/slurm-sweep.sh: the merged run's folder, once merge wrote it
# (0, or the rows' 1 or 3), replaced whole by a rename; '' where none was given.
dir_file=$(q "$dir_file")
case \$rc in
    0|1|3) if [ -n "\$dir_file" ]; then
               { printf '%s\n' $(q "$dir/merged") > "\$dir_file.tmp-\$\$" && mv -f "\$dir_file.tmp-\$\$" "\$dir_file"; } ||
                   { rm -f "\$dir_file.tmp-\$\$"; echo "slurm-sweep: --dir-file \$dir_file: cannot write the merged run's folder into it" >&2; }
           fi ;;
esac
parts=\$(sed -n -e 's|^  shard \([0-9][0-9]*\)/[0-9][0-9]*: not given.*|\1|p' \\
                -e 's|^  shard \([0-9][0-9]*\)/[0-9][0-9]* in .*: did not finish.*|\1|p' "\$err" | paste -sd, -)
rm -f "\$err"
# 1 and 3 are the merged rows' (some did not pass, or every one was skipped: what clx run of the
# whole sweep exits with), said above: the merge itself succeeded, and the job does not say it failed.
case \$rc in
    1|3) echo "slurm-sweep: clx merge wrote $dir/merged and exited \$rc: the merged rows' status, as clx run of the whole sweep would exit (the line above says why; clx report $dir/merged lists the rows); the merge job succeeded" >&2
         rc=0 ;;
esac
if [ -n "\$parts" ]; then
    echo "slurm-sweep: those parts run again as jobs on a node with the device (the clx run lines above, typed here or on the login node, would measure this node's device, which merge refuses; a part that did not finish starts over, and merge leaves its stopped folder out):" >&2
    echo "  sbatch --array=\$parts $dir/shard.sbatch" >&2
    echo "slurm-sweep: once they have ended, sbatch $dir/merge.sbatch merges again (or at once: sbatch --dependency=afterany:JOB $dir/merge.sbatch, JOB the id the line above printed)" >&2
fi
exit \$rc
EOF
chmod +x "$dir/shard.sbatch" "$dir/merge.sbatch"

# Slurm's check of both jobs' sbatch options before either is submitted (sbatch --test-only: the
# scheduler says where and when it would start the job, and queues nothing), so that an option it
# refuses (a partition misspelt, more GPUs than a node has) leaves no array queued without its
# merge. What this script made for them is taken away again.
# test_only SCRIPT [SBATCH_OPTION...]: sbatch --test-only of SCRIPT, or its refusal said and exit.
test_only() {
    script=$1; shift
    rc=0
    said=$(sbatch --test-only "$@" "$script" 2>&1) || rc=$?
    [ "$rc" -eq 0 ] && return 0
    printf '%s\n' "$said" >&2
    echo "slurm-sweep: sbatch --test-only $script failed (above; its options are its #SBATCH lines, from those given before --): nothing submitted" >&2
    rm -f "$dir/shard.sbatch" "$dir/merge.sbatch"
    # Only where empty: a $CLX_SLURM_DIR used before keeps what it holds (set -e: a refusal is no exit).
    rmdir "$dir/shards" "$dir/logs" 2> /dev/null || true
    [ "$made" -eq 0 ] || rmdir "$dir" 2> /dev/null || true
    exit "$rc"
}
test_only "$dir/shard.sbatch" --array=1-"$n"
test_only "$dir/merge.sbatch"

# --parsable prints "jobid" or "jobid;cluster".
array=$(sbatch --parsable --array=1-"$n" "$dir/shard.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency=afterany:"$array" --kill-on-invalid-dep=yes "$dir/merge.sbatch")
merge=${merge%%;*}
echo "slurm-sweep: $name in $n shards: array job $array (task K runs clx run --shard K/$n), merge job $merge (after every shard has ended)"
echo "slurm-sweep: folder $dir: shards/, logs/, and merged/ when the merge job has run (clx report $dir/merged)"
echo "slurm-sweep: squeue -j $array,$merge follows them; $dir/logs/merge.out says what merge found; sbatch --array=K $dir/shard.sbatch runs part K again"
