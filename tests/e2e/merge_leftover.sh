#!/bin/sh
# merge_leftover.sh — what a clx merge that did not finish left in its --out is said as such, not as
# a run that lost its run.json: report, compare, history and run --resume name it and the merge that
# replaces it (exit 4, as for other unreadable runs), and that merge run again clears it and writes
# the merge. This clx's merge marks its --out (merge.unfinished, removed once run.json is written):
# a merge killed before its run.json (an LD_PRELOAD kills it there; needs cc) leaves it. An older
# clx's, which wrote no mark, is known by its layout: a --split's parts/ beside results.tsv,
# tools/slurm-sweep.sh's merged/ beside merge.sbatch, the partial merge it was replacing set aside
# in .partial-merge (which comes back, and is replaced as any partial merge is). A folder of runs
# whose latest leads to such a leftover says the same; one with no mark still reads as before.
. tests/e2e/lib.sh
T=$TMP/merge_leftover
rm -rf "$T"; mkdir -p "$T"

for k in 1 2; do "$CLX" run vecsum --quick --shard $k/2 --out "$T/shards" --quiet > /dev/null 2>&1; done
s1=$(ls -d "$T"/shards/vecsum-shard1of2-* | head -n 1)
s2=$(ls -d "$T"/shards/vecsum-shard2of2-* | head -n 1)
"$CLX" merge "$s1" "$s2" --out "$T/whole" > "$T/whole.log" 2>&1; rc=$?
check whole_merged sh -c "test $rc -eq 0 && test -f '$T/whole/run.json'"
check whole_unmarked test ! -e "$T/whole/merge.unfinished"

# said DIR LOG WORDS: clx said in LOG that DIR is a merge's leftover by the mark WORDS, not a run
# that could not write its run.json.
said() {
    grep -qF "$1 is what a clx merge left when it did not finish ($3" "$2" && grep -qF 'not a run: it has no run.json' "$2" &&
        ! grep -q 'could not write it when it started' "$2"
}
# readers NAME DIR WORDS: report, compare, history and run --resume of DIR each exit 4 saying it.
readers() {
    for cmd in report compare history resume; do
        case $cmd in
        report) "$CLX" report "$2" --quiet > "$T/$1-$cmd.log" 2>&1; rc=$? ;;
        resume) "$CLX" run --resume "$2" --quiet > "$T/$1-$cmd.log" 2>&1; rc=$? ;;
        *) "$CLX" $cmd "$2" "$T/whole" --out "$T/$1-$cmd" > "$T/$1-$cmd.log" 2>&1; rc=$? ;;
        esac
        if [ "$rc" -eq 4 ] && { said "$2" "$T/$1-$cmd.log" "$3" || { [ "$1.$cmd" = split.resume ] &&
            grep -qF "it is the folder of a --split stopped before its parts were merged" "$T/$1-$cmd.log"; }; }
        then pass "${1}_${cmd}_says"
        else fail "${1}_${cmd}_says" "exit $rc: $(head -c 600 "$T/$1-$cmd.log")"; fi
    done
}
# again NAME DIR: the merge of both shards into DIR clears the leftover (said) and writes it whole.
again() {
    "$CLX" merge "$s1" "$s2" --out "$2" > "$T/$1-again.log" 2>&1; rc=$?
    check "${1}_merged_again" sh -c "test $rc -eq 0 && test -f '$2/run.json' && test ! -e '$2/merge.unfinished' &&
        test $(tsv_rows "$2/results.tsv" 2>/dev/null || echo 0) -eq 24 &&
        grep -qF '$2 held what a clx merge left when it did not finish' '$T/$1-again.log'"
}

# This clx's merge killed where it would put run.json into place: merge.unfinished holds the merge.
W=$T/killed
if command -v cc > /dev/null 2>&1 && cc -shared -fPIC -o "$T/fullwrite.so" tests/e2e/fixtures/fullwrite.c -ldl 2> /dev/null; then
    FULLWRITE_KILL=1 LD_PRELOAD=$PWD/$T/fullwrite.so ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
        "$CLX" merge "$s1" "$s2" --out "$W" > "$T/killed.log" 2>&1
    check killed_left sh -c "test -f '$W/results.tsv' && test ! -e '$W/run.json' && test -f '$W/merge.unfinished'"
    readers killed "$W" "its merge.unfinished"
    # Under its command, the merge that wrote it (merge_live.sh: one still going is said so).
    check killed_mark_names_writer grep -q "^# written by pid=[0-9][0-9]* .*host=" "$W/merge.unfinished"
    check killed_says_merge grep -qF "the same merge run again replaces it: $CLX merge $s1 $s2 --out $W (or remove it: rm -r $W)" "$T/killed-report.log"
    again killed "$W"
else
    skip killed_left "no cc to build the LD_PRELOAD"
fi

# An older clx's merge job of tools/slurm-sweep.sh that stopped before its run.json.
S=$T/slurm-vecsum
mkdir -p "$S"; : > "$S/merge.sbatch"; cp -R "$T/whole" "$S/merged"; rm "$S/merged/run.json"
readers slurm "$S/merged" "tools/slurm-sweep.sh's merged/"
check slurm_says_sbatch grep -qF "replaces it: sbatch $S/merge.sbatch (or remove it: rm -r $S/merged)" "$T/slurm-report.log"
again slurm "$S/merged"

# An older clx's --split whose merge stopped: its parts/ stay, the rest is cleared.
P=$T/vecsum-split2
cp -R "$T/whole" "$P"; rm "$P/run.json"; mkdir -p "$P/parts"; cp -R "$s1" "$s2" "$P/parts/"
readers split "$P" "a --split's folder"
# (run --resume names the parts to finish first, then the same merge: a --split's own words.)
check split_says_merge grep -qF "replaces it: $CLX merge $P/parts/*/ --split --out $P (or remove it: all it holds but parts/)" "$T/split-report.log"
again split "$P"
check split_parts_kept test "$(ls "$P/parts" | wc -l)" -eq 2
# A folder of runs whose latest leads to it (an older clx moved latest when a --split began).
rm -rf "$T/runs"; mkdir -p "$T/runs"; cp -R "$T/whole" "$T/runs/vecsum-split2"; rm "$T/runs/vecsum-split2/run.json"
mkdir -p "$T/runs/vecsum-split2/parts"; ln -s vecsum-split2 "$T/runs/latest"
"$CLX" report "$T/runs" --quiet > "$T/latest.log" 2>&1; rc=$?
check latest_says sh -c "test $rc -eq 4 && grep -qF 'vecsum-split2 is what a clx merge left when it did not finish' '$T/latest.log'"

# An older clx's merge over a partial merge, stopped: the partial merge waits in .partial-merge.
A=$T/aside
"$CLX" merge "$s1" --partial --out "$A" > "$T/aside-partial.log" 2>&1
mkdir -p "$A/.partial-merge"; for f in "$A"/*; do mv "$f" "$A/.partial-merge/"; done
cp "$T/whole/results.tsv" "$A/"
readers aside "$A" "the partial merge it was replacing waits in its .partial-merge"
again aside "$A"
check aside_back_replaced sh -c "grep -qF 'the partial merge it was replacing back in its place' '$T/aside-again.log' &&
    grep -qF '$A held a partial merge of this sweep (12 of 24 configurations): replaced' '$T/aside-again.log' && test ! -e '$A/.partial-merge'"

# No mark: read as before (a run that lost its run.json), with the merge named as what it may be.
N=$T/nomark
cp -R "$T/whole" "$N"; rm "$N/run.json"
"$CLX" report "$N" --quiet > "$T/nomark.log" 2>&1; rc=$?
check nomark_as_before sh -c "test $rc -eq 4 && grep -qF '$N holds results.tsv but no run.json' '$T/nomark.log' &&
    grep -qF \"where an older clx's merge wrote them and did not finish, that clx merge into a new folder instead\" '$T/nomark.log'"
finish
