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
# The clx options that the sweep sets itself, or that would break its shards, are refused first,
# naming the option and why: --out and --shard (task K runs --shard K/N --out DIR/shards, the folder
# the merge reads: the user's came after and won, so every task ran the same part, or wrote where the
# merge found nothing), --resume, --split and --split-any, --device all or a list (CLX_DEVICE too,
# which the tasks inherit: a shard is one device's part of the sweep), --dry-run and --help.
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
# (logs/merge.out has merge's status and why), merge's status when it refused. A merge refused
# because another merge is writing merged/ now (exit 4: the job submitted twice, a merge by hand) is
# no failure: the job merges again CLX_SLURM_BUSY_TRIES times (20) CLX_SLURM_BUSY_WAIT seconds
# apart (30), and where it is still busy says so plainly and exits 4.
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

dir=${CLX_SLURM_DIR:-results/slurm-$name-$(date +%Y%m%d-%H%M%S)}

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

# long_of WORD: the clx run option WORD names (its part before any '='), as getopt_long reads it:
# the option of that name, else the one option it begins (--di: --dir-file; --dr: --dry-run); else
# WORD as it is (unknown, or a prefix of several, --d, --sh: clx run --dry-run refuses it below). The
# names are clx run --help's, its option table's.
run_names="$("$CLX" run --help 2> /dev/null | sed -n 's/^  \(--[a-z0-9-]*\).*/\1/p') --help"
long_of() {
    _w=${1%%=*} _hit="" _n=0
    case $_w in -h) echo --help; return 0 ;; --?*) ;; *) echo "$_w"; return 0 ;; esac
    for _o in $run_names; do
        [ "$_o" = "$_w" ] && { echo "$_o"; return 0; }
        case $_o in "$_w"*) _hit=$_o _n=$((_n + 1)) ;; esac
    done
    if [ "$_n" -eq 1 ]; then echo "$_hit"; else echo "$_w"; fi
}
# owned WORD OPTION [VALUE]: the refusal, exit 2, of a clx option the sweep sets itself or that would
# break its shards (a task runs clx run EXP --shard K/N --out DIR/shards: one part of the sweep, on one
# device, into the folder the merge job reads), said as given (WORD) and, abbreviated, as OPTION.
owned() {
    _as=$2; [ "${1%%=*}" = "$2" ] || _as="${1%%=*} ($2)"
    case $2 in
        --out) _why="the sweep sets it: each task writes its part into $dir/shards, where the merge job looks for them (CLX_SLURM_DIR=DIR puts the sweep in DIR)" ;;
        --shard) _why="the sweep sets it: task K runs --shard K/$n (N is the second argument); given here, every task would run the same part" ;;
        --resume) _why="it continues one run's folder, not a sweep: each task runs its part anew (a part that did not finish runs again as a job: sbatch --array=K DIR/shard.sbatch)" ;;
        --split|--split-any) _why="it cuts a sweep over the devices of one node and merges it there: a task runs its part of the sweep on one device" ;;
        --device) _why="'$3' names several devices: a task runs its part on one device (the shards of a sweep are one device's, and merge refuses shards of two); give one device, or a sweep per device" ;;
        --dry-run) _why="the tasks would run nothing (slurm-sweep checks the options with clx run --dry-run itself before anything is submitted)" ;;
        --help) _why="not an option for the tasks (clx run --help lists those)" ;;
    esac
    echo "slurm-sweep: clx option $_as: $_why; nothing submitted" >&2
    exit 2
}

# The sbatch options (before --), each an #SBATCH line with its value where that is a word of its
# own (--partition gpu, -p gpu), for the tasks and, where merge_keeps says, for the merge; then
# clx's (after --), each kept as one word, less --dir-file and its FILE (dir_file), which the merge
# job writes.
sb_shard="" sb_merge="" clx_opts="" after=0 pending="" pending_keep=0 dir_file="" has_dir_file=0 want_dir_file=0
device="" want_device=0
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
        if [ $want_device -eq 1 ]; then device=$a want_device=0; clx_opts="$clx_opts $(q "$a")"; continue; fi
        long=$(long_of "$a")
        case $long in
            --dir-file) case $a in
                            *=*) dir_file=${a#*=} has_dir_file=1 ;;
                            *) has_dir_file=1 want_dir_file=1 ;;
                        esac
                        continue ;;
            --device) case $a in *=*) device=${a#*=} ;; *) want_device=1 ;; esac ;;
            --out|--shard|--resume|--split|--split-any|--dry-run|--help) owned "$a" "$long" ;;
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
# The device every task's clx run takes: the last --device (getopt's last wins), else CLX_DEVICE,
# which the tasks inherit (sbatch passes the environment on); 'all' or a list is several.
device_as=--device
[ -n "$device" ] || [ $want_device -eq 1 ] || { device=${CLX_DEVICE:-} device_as=CLX_DEVICE; }
case $device in [Aa][Ll][Ll]|*,*) owned "$device_as=$device" --device "$device" ;; esac


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
# Another merge writing merged/ now (this job submitted twice, a merge typed by hand, one on another
# node of a shared folder): clx merge exits 4 saying so and writes nothing. That is no failure of the
# sweep: the job waits and merges again, CLX_SLURM_BUSY_TRIES times at most, CLX_SLURM_BUSY_WAIT
# seconds apart (once the other has ended, a merge of these very parts finds it there and exits 0).
tries=\${CLX_SLURM_BUSY_TRIES:-20} wait_s=\${CLX_SLURM_BUSY_WAIT:-30} try=1
while :; do
    rc=0 busy=0
    $(q "$CLX") merge "\$@" --out $(q "$dir/merged") 2> "\$err" || rc=\$?
    [ \$rc -eq 4 ] && grep -q -e '^clx merge: another clx merge is writing ' -e ' is still being written by a clx merge ' \\
        -e ' holds the merge.unfinished of a clx merge on host ' "\$err" && busy=1
    [ \$busy -eq 1 ] && [ \$try -lt \$tries ] || break
    echo "slurm-sweep: $dir/merged is busy, another merge writes it (\$(head -n 1 "\$err")): merging again in \$wait_s s (try \$try of \$tries)" >&2
    sleep "\$wait_s"
    try=\$((try + 1))
done
cat "\$err" >&2
if [ \$busy -eq 1 ]; then
    echo "slurm-sweep: $dir/merged is busy: another merge was writing it at each of \$tries tries (the line above names it); nothing written by this job: once that merge has ended, sbatch $dir/merge.sbatch merges again (CLX_SLURM_BUSY_TRIES and CLX_SLURM_BUSY_WAIT set how long a merge job waits)" >&2
fi
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
# A part whose clx is still writing its folder (merge run by hand while a task runs) is waited for,
# not run again: a second run of it beside the first would be that part twice, which merge refuses.
running=\$(sed -n -e 's|^  shard \([0-9][0-9]*\)/[0-9][0-9]* in .*: still running.*|\1|p' "\$err" | paste -sd, -)
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
if [ -n "\$running" ]; then
    echo "slurm-sweep: part \$running is still running (its task, or that part submitted again: squeue lists it): wait for it to end, then sbatch $dir/merge.sbatch merges again; do not submit that part again meanwhile" >&2
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
