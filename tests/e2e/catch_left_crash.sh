# catch_left_crash.sh — a finished run keeps the crash records its crashed rows name (store/catchleft.h):
# a worker the driver ends in a build leaves logs/VARIANT__BUILD.stderr and the logs/.driver-stderr-XXXXXX
# it names, and the build's log, which the row names, says it is kept there; the run's end, which
# removes the records no failed row's log names, keeps those and the files they name. `clx report` of
# the folder removes nothing either. The crash is a file-size limit's (ulimit -f): PoCL's LLVM exits
# in every build (faults.sh), whatever the machine's speed.
. tests/e2e/lib.sh
T=$TMP/catch_left_crash
rm -rf "$T"; mkdir -p "$T"
(ulimit -f 40; XDG_CACHE_HOME=$PWD/$T/cache "$CLX" run vecsum --quick --set variant=naive --out "$T/c" --quiet \
    > "$T/c.log" 2>&1; echo $? > "$T/c.rc")
d=$(ls -d "$T"/c/vecsum-* 2> /dev/null | head -n 1)
check crash_rows test -n "$d" -a "$(tsv_count "$d/results.tsv" status crashed)" -eq 2
check crash_finished grep -q '"finished"' "$d/run.json"
# Each crashed row's log names its marker, which is there and names a shared file that is there.
named=0 there=0
for log in $(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
                         $c["status"] == "crashed" { sub(/.*; log: /, "", $c["note"]); print $c["note"] }' "$d/results.tsv"); do
    m=$(sed -n 's/.*(kept in \(logs\/[^ ]*\.stderr\) .*/\1/p' "$d/$log" | head -n 1)
    [ -n "$m" ] && named=$((named + 1))
    f=$(sed -n 's/^#clx-stderrcatch \([^ ]*\) .*/\1/p' "$d/$m" 2> /dev/null)
    [ -n "$f" ] && [ -f "$d/logs/$f" ] && there=$((there + 1))
done
check crash_logs_name_markers test "$named" -eq 2
check crash_records_kept test "$there" -eq 2
check crash_nothing_else test "$(ls -A "$d/logs" | grep -c -e '^\.driver-stderr-' -e '\.stderr$')" -eq 4
ls -A "$d/logs" > "$T/before.txt"
"$CLX" report "$d" > "$T/report.log" 2>&1
ls -A "$d/logs" > "$T/after.txt"
check report_keeps cmp -s "$T/before.txt" "$T/after.txt"
check report_no_catch_words sh -c "! grep -q -e 'driver-stderr' -e '\.stderr' '$T/report.log' '$d/report.md'"
finish
