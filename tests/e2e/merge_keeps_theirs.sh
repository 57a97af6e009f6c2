#!/bin/sh
# merge_keeps_theirs.sh — a clx merge that clears what an earlier merge left when it did not finish
# (merge_leftover.sh) removes only the entries clx writes in a run's folder (store/runfiles.h): a
# user's notes put into that folder meanwhile stay, said, and the merge is written beside them; it
# had removed every entry but parts/ unsaid. Fixture: wg2d.spec, in two shards.
. tests/e2e/lib.sh
T=$TMP/merge_keeps_theirs
rm -rf "$T"; mkdir -p "$T"
spec=tests/e2e/fixtures/wg2d.spec
for k in 1 2; do "$CLX" run "$spec" $FEW --shard $k/2 --out "$T/shards" --quiet > /dev/null 2>&1; done
s1=$(ls -d "$T"/shards/wg2d-shard1of2-* | head -n 1)
s2=$(ls -d "$T"/shards/wg2d-shard2of2-* | head -n 1)
"$CLX" merge "$s1" "$s2" --out "$T/whole" > "$T/whole.log" 2>&1
check whole_merged test -f "$T/whole/run.json"

# An older clx's --split stopped before its run.json (parts/ beside results.tsv), notes beside it.
P=$T/left
cp -R "$T/whole" "$P"; rm "$P/run.json"; mkdir -p "$P/parts" "$P/mine"
echo "what I ran this for" > "$P/notes.txt"; echo "a plot of mine" > "$P/mine/fig.txt"
"$CLX" merge "$s1" "$s2" --out "$P" > "$T/again.log" 2>&1; rc=$?
check again_merged sh -c "test $rc -eq 0 && test -f '$P/run.json' && grep -qF '$P held what a clx merge left when it did not finish' '$T/again.log'"
check again_notes_kept sh -c "test \"\$(cat '$P/notes.txt')\" = 'what I ran this for' && test -f '$P/mine/fig.txt'"
check again_kept_said grep -qxF "clx merge: kept in $P what no clx wrote there: mine/, notes.txt" "$T/again.log"
check again_parts_kept test -d "$P/parts"
# Merged again: the whole merge is there, nothing to write, the notes as they were.
"$CLX" merge "$s1" "$s2" --out "$P" > "$T/third.log" 2>&1; rc=$?
check third_nothing_to_do sh -c "test $rc -eq 0 && grep -qF 'nothing to merge again' '$T/third.log' && test -f '$P/notes.txt'"
# A folder of no leftover holding a user's file is refused as before, the file left as it was.
mkdir -p "$T/plain"; echo mine > "$T/plain/notes.txt"
"$CLX" merge "$s1" "$s2" --out "$T/plain" > "$T/plain.log" 2>&1; rc=$?
check plain_refused sh -c "test $rc -ne 0 && test ! -e '$T/plain/run.json' && test -f '$T/plain/notes.txt'"
finish
