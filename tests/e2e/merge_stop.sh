# merge_stop.sh — a clx merge stopped while it writes (CLX_STOP_IN_MERGE stops it as ^C does at the
# step it names: 1 once its merge.unfinished is written, 2 once its files are, before run.json)
# leaves its --out as it was (none made where there was none), says one line "stopped by SIGINT
# while merging", exits 130, and the same merge then writes it. The temporary of merge.unfinished
# that a merge killed while it wrote that mark leaves (merge.unfinished.PID.tmp) is known as an
# unfinished merge's mark: the same merge clears it, and report says what it is.
. tests/e2e/lib.sh
T=$TMP/merge_stop
rm -rf "$T"; mkdir -p "$T"
for k in 1 2; do "$CLX" run vecsum --quick --set variant=naive --shard $k/2 --out "$T/shards" --quiet > /dev/null 2>&1; done
s1=$(ls -d "$T"/shards/vecsum-shard1of2-* | head -n 1)
s2=$(ls -d "$T"/shards/vecsum-shard2of2-* | head -n 1)
check merge_stop_premise test -f "$s1/run.json" -a -f "$s2/run.json"

for step in 1 2; do
    CLX_STOP_IN_MERGE=$step "$CLX" merge "$s1" "$s2" --out "$T/m$step" > "$T/m$step.log" 2>&1; rc=$?
    check merge_stop${step}_exit_130 test "$rc" -eq 130
    check merge_stop${step}_nothing_left test ! -e "$T/m$step"
    check merge_stop${step}_said grep -qx "clx: stopped by SIGINT while merging: nothing of the merge was left in $T/m$step; the same .*clx\(-asan\)\? merge writes it" "$T/m$step.log"
    check merge_stop${step}_one_line test "$(wc -l < "$T/m$step.log")" -eq 1
done
# Into a folder that was there (empty): it stays, empty.
mkdir -p "$T/empty"
CLX_STOP_IN_MERGE=2 "$CLX" merge "$s1" "$s2" --out "$T/empty" > "$T/empty.log" 2>&1; rc=$?
check merge_stop_empty_kept sh -c "test $rc -eq 130 && test -d '$T/empty' && test -z \"\$(ls -A '$T/empty')\""
"$CLX" merge "$s1" "$s2" --out "$T/m1" > "$T/m1-again.log" 2>&1; rc=$?
check merge_stop_again_whole sh -c "test $rc -eq 0 && test -f '$T/m1/run.json' && test ! -e '$T/m1/merge.unfinished'"

# The mark's temporary alone, as a merge killed while it wrote its mark leaves it.
mkdir -p "$T/tmpmark"
printf 'clx merge (cut short)' > "$T/tmpmark/merge.unfinished.12034.tmp"
"$CLX" report "$T/tmpmark" --quiet > "$T/tmpmark-report.log" 2>&1; rc=$?
check merge_tmpmark_report sh -c "test $rc -eq 4 && grep -qF '$T/tmpmark is what a clx merge left when it did not finish' '$T/tmpmark-report.log'"
"$CLX" merge "$s1" "$s2" --out "$T/tmpmark" > "$T/tmpmark.log" 2>&1; rc=$?
check merge_tmpmark_cleared sh -c "test $rc -eq 0 && test -f '$T/tmpmark/run.json' && test -z \"\$(ls '$T/tmpmark' | grep unfinished)\" && grep -q 'held what a clx merge left when it did not finish' '$T/tmpmark.log'"
finish
