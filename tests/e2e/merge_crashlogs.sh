#!/bin/sh
# merge_crashlogs.sh — clx merge carries each shard's build logs into the merged run, but not the
# crash records a worker that died in a build leaves in its shard's logs/ (the file the builds'
# stderr was caught in, logs/.driver-stderr-XXXXXX, and the build's marker logs/VARIANT__BUILD.stderr:
# docs/results.md): in the merged run they would say that it died in a build. They stay in the
# shard, whose build log, carried, begins with what they caught. The records are written here as a
# worker that died in the build leaves them (stderrcatch.c's marker line), so no crash is timed.
. tests/e2e/lib.sh
T=$TMP/merge_crashlogs
rm -rf "$T"; mkdir -p "$T"

merge_shards
check crashlogs_premise sh -c "test $rc -eq 0 && test -f '$T/alone/run.json'"
log=$(cd "$s1/logs" && ls *.log | head -n 1)
check crashlogs_shard_log test -n "$log"
marker=${log%.log}.stderr
printf 'LLVM ERROR: out of memory\n' > "$s1/logs/.driver-stderr-Ab12Cd"
printf '#clx-stderrcatch .driver-stderr-Ab12Cd 0 single alone\n' > "$s1/logs/$marker"
"$CLX" merge "$s1" "$s2" --out "$T/m" > "$T/m.log" 2>&1; rc=$?
check crashlogs_merged sh -c "test $rc -eq 0 && test -f '$T/m/run.json'"
check crashlogs_log_carried cmp -s "$s1/logs/$log" "$T/m/logs/$log"
check crashlogs_no_marker test ! -e "$T/m/logs/$marker"
check crashlogs_no_catch_file test -z "$(ls -A "$T/m/logs" | grep -e '^\.driver-stderr-' -e '\.stderr$')"
check crashlogs_shard_keeps sh -c "test -f '$s1/logs/$marker' && test -f '$s1/logs/.driver-stderr-Ab12Cd'"
check crashlogs_same_rows cmp -s "$T/alone/results.tsv" "$T/m/results.tsv"
finish
