# merge_running.sh — what clx merge and clx run say of a folder or an option that is not what they
# take: a shard whose clx is still writing it (its results.tsv locked, held here by flock(1), so no
# timing counts) is "still running: wait for it to end", not "did not finish" with a --resume that
# would give its part twice; a clx compare folder among the shards is named as one, not as a missing
# run.json; and clx run refuses --shard or --out given twice with other values (the second replaced
# the first without a word), the same value twice being one.
. tests/e2e/lib.sh
T=$PWD/$TMP/merge_running
rm -rf "$T"; mkdir -p "$T/locks"
TMPDIR=$T/locks; export TMPDIR
if ! command -v flock > /dev/null 2>&1; then skip merge_running "no flock(1) here (util-linux)"; exit 0; fi

# clx run: --shard and --out given twice, refused before anything is made (exit 2).
"$CLX" run taylor --quick --shard 2/3 --shard 1/2 --dry-run --out "$T/twice" > "$T/shard2.log" 2>&1
check run_shard_twice_refused test $? -eq 2 -a ! -e "$T/twice" -a -n "$(grep -F "clx run: --shard is given twice, '2/3' then '1/2': a run is one part of one sweep, and the second would replace the first; give one" "$T/shard2.log")"
"$CLX" run taylor --quick --out "$T/a" --shard 1/2 --ou "$T/b" --dry-run > "$T/out2.log" 2>&1
check run_out_twice_refused test $? -eq 2 -a ! -e "$T/a" -a ! -e "$T/b" -a -n "$(grep -F "clx run: --out is given twice, '$T/a' then '$T/b': a run's results go to one folder" "$T/out2.log")"
"$CLX" run taylor --quick --shard 1/2 --shard=1/2 --out "$T/a" --out "$T/a" --dry-run > "$T/same.log" 2>&1
check run_same_value_twice_taken test $? -eq 0

# Two shards of one sweep, and a comparison of them beside (as --device all leaves one in its --out).
for k in 1 2; do "$CLX" run taylor --quick --set TERMS=1 --shard $k/2 --out "$T/s" --quiet > "$T/s$k.log" 2>&1; done
s1=$(ls -d "$T"/s/taylor-shard1of2-*); s2=$(ls -d "$T"/s/taylor-shard2of2-*)
check shards_ran test -f "$s1/run.json" -a -f "$s2/run.json"
"$CLX" compare "$s1" "$s2" --out "$T/s/compare-taylor" --quiet > "$T/compare.log" 2>&1
"$CLX" merge "$s1" "$s2" "$T/s/compare-taylor" --out "$T/m-compare" > "$T/m-compare.log" 2>&1
check merge_compare_refused test $? -eq 4 -a ! -e "$T/m-compare"
check merge_compare_named grep -qF "clx merge: $T/s/compare-taylor is not a run's folder: a clx compare output (compare.md, no run.json)" "$T/m-compare.log"
check merge_compare_no_errno test -z "$(grep 'No such file' "$T/m-compare.log")"

# Part 2 unfinished (run.json without "finished", as while it runs) and its results.tsv locked, as the
# clx writing it holds it: still running, wait for it; no --resume advised.
cp -r "$s2" "$T/live2"
sed -i '/"finished":/d' "$T/live2/run.json"
hold_lock -x "$T/live2/results.tsv"
"$CLX" merge "$s1" "$T/live2" --out "$T/m-live" > "$T/m-live.log" 2>&1
check merge_running_refused test $? -eq 4 -a ! -e "$T/m-live"
check merge_running_said grep -q "^  shard 2/2 in $T/live2: still running (another clx is writing its results.tsv; 12 configurations left out, such as .*): wait for it to end, then merge again\$" "$T/m-live.log"
check merge_running_not_resumed test -z "$(grep -e 'did not finish' -e '--resume' "$T/m-live.log")"
check merge_running_nothing_written grep -q "nothing written to $T/m-live: wait for those still running" "$T/m-live.log"
"$CLX" merge "$T/live2" --out "$T/m-live" > "$T/m-only.log" 2>&1
check merge_only_running test $? -eq 4 -a -n "$(grep -F 'clx merge: no shard given has finished: 1 of them is still running' "$T/m-only.log")"
kill "$holder" 2> /dev/null; wait "$holder" 2> /dev/null
# Its lock let go (killed outright: no clx writes it): did not finish, and the --resume that finishes it.
"$CLX" merge "$s1" "$T/live2" --out "$T/m-live" > "$T/m-dead.log" 2>&1
check merge_dead_refused test $? -eq 4 -a -n "$(grep "^  shard 2/2 in $T/live2: did not finish .*--resume $T/live2 finishes it\$" "$T/m-dead.log")"
finish
