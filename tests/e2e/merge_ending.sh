#!/bin/sh
# merge_ending.sh — clx merge of a shard at the very end of its run: its run.json read while it was
# still unfinished, its results.tsv's lock let go within the merge's grace (the run writes
# "finished" before it lets go) is merged as finished, not "did not finish" with a --resume. The
# lock is held here by flock(1) and let go once the merge waits on it (its descriptor on the file,
# seen in /proc): no timing counts.
. tests/e2e/lib.sh
T=$PWD/$TMP/merge_ending
rm -rf "$T"; mkdir -p "$T/locks"
TMPDIR=$T/locks; export TMPDIR
if ! command -v flock > /dev/null 2>&1 || [ ! -d /proc/self/fd ]; then skip merge_ending "no flock(1) or /proc here"; exit 0; fi

for k in 1 2; do "$CLX" run taylor --quick --set TERMS=1 --shard $k/2 --out "$T/s" --quiet > "$T/s$k.log" 2>&1; done
s1=$(ls -d "$T"/s/taylor-shard1of2-*); s2=$(ls -d "$T"/s/taylor-shard2of2-*)
check shards_ran test -f "$s1/run.json" -a -f "$s2/run.json"
cp -r "$s2" "$T/end2"
cp "$T/end2/run.json" "$T/run.json.finished"
sed -i '/"finished":/d' "$T/end2/run.json"
hold_lock -x "$T/end2/results.tsv"
"$CLX" merge "$s1" "$T/end2" --out "$T/m" > "$T/m.log" 2>&1 &
merge=$!
# Waiting on the lock: the merge holds the file open (its run.json read before).
i=0
while ! ls -l /proc/$merge/fd 2> /dev/null | grep -q "end2/results.tsv" && [ $i -lt 600 ]; do sleep 0.05; i=$((i + 1)); done
cp "$T/run.json.finished" "$T/end2/run.json.new"; mv "$T/end2/run.json.new" "$T/end2/run.json"
kill "$holder" 2> /dev/null; wait "$holder" 2> /dev/null
wait "$merge"; rc=$?
check ending_merged test "$rc" -eq 0 -a -f "$T/m/results.tsv"
check ending_not_resumed test -z "$(grep -e 'did not finish' -e '--resume' "$T/m.log")"
finish
