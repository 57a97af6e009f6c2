#!/bin/sh
# merge_live.sh — a merge.unfinished whose merge is still running (its "# written by pid=..." line
# names a process alive now, the same one: start time, boot and host alike) is said as a merge going
# on: report, compare, history and run --resume exit 4 saying "DIR is still being written by a clx
# merge (pid N, ...): read it again once that merge has ended", and a second merge into that folder
# is refused (exit 4, "wait for that merge to end, then merge again") and leaves it as it was. Where
# that process has ended, or the PID is another process's now (another start time), or the mark is
# an older clx's (no such line), it is a killed merge's leftover, as before; one naming another host
# too, that host and pid said (whether it still runs is not this host's to tell), and a merge into it
# refused, naming them, unless --force-unlock (that merge known ended). The merge going on is a
# `sleep` this test starts and ends, in a mark written here: nothing waits on a merge's pace.
. tests/e2e/lib.sh
T=$TMP/merge_live
rm -rf "$T"; mkdir -p "$T"

for k in 1 2; do
    "$CLX" run vecsum --quick --set variant=naive --shard $k/2 --out "$T/shards" --quiet > /dev/null 2>&1
done
s1=$(ls -d "$T"/shards/vecsum-shard1of2-* | head -n 1)
s2=$(ls -d "$T"/shards/vecsum-shard2of2-* | head -n 1)
"$CLX" merge "$s1" "$s2" --out "$T/whole" > "$T/whole.log" 2>&1; rc=$?
check live_premise sh -c "test $rc -eq 0 && test -f '$T/whole/run.json' && test ! -e '$T/whole/merge.unfinished'"

# stamp PID [START]: the line clx merge writes under its command in merge.unfinished for process PID:
# its start time (/proc/PID/stat's 22nd field, or START), this boot's id and this host's name where
# this system has them.
stamp() {
    _s="# written by pid=$1"
    _st=${2:-$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f20)}
    [ -n "$_st" ] && _s="$_s start=$_st"
    _b=$(cat /proc/sys/kernel/random/boot_id 2>/dev/null)
    [ -n "$_b" ] && _s="$_s boot=$_b"
    echo "$_s host=$(uname -n)"
}
# leftover NAME MARKFILE LINE...: a copy of the merge without its run.json, MARKFILE (merge.unfinished
# or its temporary) in it holding the merge's command and LINE.
leftover() {
    _d=$T/$1; _m=$2; shift 2
    rm -rf "$_d"; cp -R "$T/whole" "$_d"; rm "$_d/run.json"
    { echo "$CLX merge $s1 $s2 --out $_d"; for _l in "$@"; do echo "$_l"; done; } > "$_d/$_m"
}
# readers NAME WORDS: report, compare, history and run --resume of $T/NAME each exit 4 saying WORDS.
readers() {
    for cmd in report compare history resume; do
        case $cmd in
        report) "$CLX" report "$T/$1" --quiet > "$T/$1-$cmd.log" 2>&1; rc=$? ;;
        resume) "$CLX" run --resume "$T/$1" --quiet > "$T/$1-$cmd.log" 2>&1; rc=$? ;;
        *) "$CLX" $cmd "$T/$1" "$T/whole" --out "$T/$1-$cmd" > "$T/$1-$cmd.log" 2>&1; rc=$? ;;
        esac
        if [ "$rc" -eq 4 ] && grep -qF "$2" "$T/$1-$cmd.log"
        then pass "${1}_${cmd}_says"
        else fail "${1}_${cmd}_says" "exit $rc: $(head -c 600 "$T/$1-$cmd.log")"; fi
    done
}

sleep 300 & live=$!
# Ended with the test, however it ends (once ended here, no longer: its PID may be another's by then).
trap '[ -n "$live" ] && kill "$live" 2> /dev/null' EXIT
# The merge going on: said so, with its PID, and nothing of it touched by a second merge.
leftover live merge.unfinished "$(stamp $live)"
BY="still being written by a clx merge (pid $live, named in its merge.unfinished)"
readers live "$T/live is $BY: read it again once that merge has ended"
check live_not_leftover sh -c "! grep -q 'what a clx merge left when it did not finish' '$T'/live-*.log"
check live_one_line test "$(wc -l < "$T/live-report.log")" -eq 1
"$CLX" merge "$s1" "$s2" --out "$T/live" > "$T/live-merge.log" 2>&1; rc=$?
check live_merge_refused sh -c "test $rc -eq 4 &&
    grep -qxF 'clx merge: $T/live is $BY: wait for that merge to end, then merge again' '$T/live-merge.log'"
check live_merge_left_alone sh -c "test -f '$T/live/merge.unfinished' && test -f '$T/live/results.tsv' &&
    test ! -e '$T/live/run.json'"
# The mark's temporary (a merge between writing its mark and renaming it into place) alike.
leftover livetmp "merge.unfinished.$live.tmp" "$(stamp $live)"
"$CLX" report "$T/livetmp" --quiet > "$T/livetmp-report.log" 2>&1; rc=$?
check livetmp_report_says sh -c "test $rc -eq 4 &&
    grep -qF '$T/livetmp is still being written by a clx merge (pid $live' '$T/livetmp-report.log'"

# Dead: the PID given again to a process started since (the live one, another start time), an
# older clx's mark (its command alone), a process that has ended.
if [ -r "/proc/$live/stat" ]; then
    leftover reused merge.unfinished "$(stamp $live 1)"
    readers reused "$T/reused is what a clx merge left when it did not finish (its merge.unfinished"
else
    skip reused_report_says "no /proc: no start time to tell a PID given again"
fi
leftover older merge.unfinished
# Another host's merge (a folder every node sees): not this host's to ask, said so.
leftover there merge.unfinished "# written by pid=$live host=elsewhere.invalid"
readers there "$T/there is what a clx merge left when it did not finish (its merge.unfinished"
THERE="names a merge on host elsewhere.invalid (pid $live), which this clx cannot see: $CLX merge $s1"
check there_says_host grep -qF "replaces it once it has ended: its merge.unfinished $THERE" "$T/there-report.log"
check there_says_force grep -qF "$s2 --out $T/there --force-unlock (or remove it" "$T/there-report.log"
# A merge into it is refused, not a leftover cleared: that merge may be writing it from there.
"$CLX" merge "$s1" "$s2" --out "$T/there" > "$T/there-merge.log" 2>&1; rc=$?
check there_merge_refused sh -c "test $rc -eq 4 && grep -qxF 'clx merge: $T/there holds the merge.unfinished of a clx \
merge on host elsewhere.invalid (pid $live), which this host cannot tell running or ended: nothing written by this one; \
once that merge is known to have ended (no clx pid $live on elsewhere.invalid), merge again with --force-unlock, which \
clears what it left' '$T/there-merge.log'"
check there_merge_one_line test "$(wc -l < "$T/there-merge.log")" -eq 1
check there_left_alone sh -c "test -f '$T/there/merge.unfinished' && test ! -e '$T/there/run.json'"
# Known ended: --force-unlock clears it as this host's leftover and merges.
"$CLX" merge "$s1" "$s2" --out "$T/there" --force-unlock > "$T/there-forced.log" 2>&1; rc=$?
check there_forced_merged sh -c "test $rc -eq 0 && test -f '$T/there/run.json' && test ! -e '$T/there/merge.unfinished' &&
    grep -q 'held what a clx merge left when it did not finish' '$T/there-forced.log'"
readers older "$T/older is what a clx merge left when it did not finish (its merge.unfinished"
sleep 300 & gone=$!
kill "$gone"; wait "$gone" 2> /dev/null
leftover ended merge.unfinished "$(stamp $gone 1)"
readers ended "$T/ended is what a clx merge left when it did not finish (its merge.unfinished"
check ended_says_merge grep -qF "replaces it: $CLX merge $s1 $s2 --out $T/ended (or remove it: rm -r $T/ended)" \
    "$T/ended-report.log"

# The live merge ended: the same folder is now a leftover, which the same merge replaces.
kill "$live"; wait "$live" 2> /dev/null; live=
"$CLX" report "$T/live" --quiet > "$T/live-after.log" 2>&1; rc=$?
check live_ended_leftover sh -c "test $rc -eq 4 &&
    grep -qF '$T/live is what a clx merge left when it did not finish' '$T/live-after.log'"
"$CLX" merge "$s1" "$s2" --out "$T/live" > "$T/live-again.log" 2>&1; rc=$?
check live_ended_merged sh -c "test $rc -eq 0 && test -f '$T/live/run.json' && test ! -e '$T/live/merge.unfinished'"
finish
