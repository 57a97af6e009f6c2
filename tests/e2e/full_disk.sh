# full_disk.sh — a full filesystem never ends in "ok": every file that cannot be written is named,
# the exit status is 4, and the rows results.tsv holds stay whole (a cut-off line is cut back).
# Needs a small tmpfs of its own (unshare -m, as root); where that cannot be made, says skipped.
. tests/e2e/lib.sh
mkdir -p "$TMP/full"
D=$TMP/full
if ! unshare -m sh -c "mount -t tmpfs -o size=64k tmpfs '$D'" 2>/dev/null; then
    echo "PASS full_disk_skipped (cannot mount a tmpfs here: needs root and unshare -m)"
    finish
fi
# The tmpfs is sized from a run of the same experiment on the same device into a folder of no limit:
# room for every file but results.tsv (run.json as it ends, a page more than while rows are written)
# and one page more, so results.tsv (four pages or more) is the file that fills it, whatever the
# device's binaries weigh. tmpfs counts whole pages of data.
R=$TMP/full_ref
rm -rf "$R"
"$CLX" run vecsum --quick --out "$R" --quiet > /dev/null 2>&1
PAGE=$(getconf PAGESIZE)
pages() { find "$R"/latest/ -type f "$@" -printf '%s\n' | awk -v p="$PAGE" '{ n += int(($1 + p - 1) / p) } END { print n + 0 }'; }
others=$(pages ! -name results.tsv)
check full_ref_tsv_pages test "$(pages -name results.tsv)" -ge 4
size=$(( (others + 1) * PAGE / 1024 ))
unshare -m sh -c "mount -t tmpfs -o size=${size}k tmpfs '$D' && '$CLX' run vecsum --quick --out '$D' --quiet \
    > '$TMP/full.out' 2> '$TMP/full.err'; echo \$? > '$TMP/full.rc'; cp '$D'/latest/results.tsv '$TMP/full.tsv' 2>/dev/null"
rc=$(cat "$TMP/full.rc")
check full_exit_4 test "$rc" -eq 4
check full_no_ok_line test -z "$(grep -E '[0-9]+ ok, ' "$TMP/full.out")"
check full_says_incomplete grep -q 'are incomplete: a file could not be written' "$TMP/full.out"
check full_names_file grep -q 'cannot write .*: No space left on device' "$TMP/full.err"
check full_names_results_tsv grep -q 'cannot write .*/results.tsv: No space left on device' "$TMP/full.err"
# Every line the file kept is whole: as many fields as the header, and it ends with a newline.
check full_rows_whole awk -F'\t' 'NR == 1 { n = NF } NF != n { exit 1 }' "$TMP/full.tsv"
check full_ends_with_newline test "$(tail -c 1 "$TMP/full.tsv" | od -An -c | tr -d ' ')" = '\n'
check full_kept_rows test "$(tsv_rows "$TMP/full.tsv")" -ge 1

# clx merge over a partial merge that the disk cannot hold beside the new one: refused (exit 4),
# the partial merge put back as it was, nothing set aside left. The tmpfs holds the partial merge
# and the whole one but a page (the new one is written before the old one goes).
S=$TMP/full_shards
rm -rf "$S" "$TMP/full_part" "$TMP/full_whole"
"$CLX" run vecsum --quick --shard 1/2 --out "$S" --quiet > /dev/null 2>&1
"$CLX" run vecsum --quick --shard 2/2 --out "$S" --quiet > /dev/null 2>&1
s1=$(ls -d "$S"/vecsum-shard1of2-*); s2=$(ls -d "$S"/vecsum-shard2of2-*)
"$CLX" merge "$s1" --partial --out "$TMP/full_part" > /dev/null 2>&1
"$CLX" merge "$s1" "$s2" --out "$TMP/full_whole" > /dev/null 2>&1
tree_pages() { find "$1" -type f -printf '%s\n' | awk -v p="$PAGE" '{ n += int(($1 + p - 1) / p) } END { print n + 0 }'; }
size=$(( ($(tree_pages "$TMP/full_part") + $(tree_pages "$TMP/full_whole") - 1) * PAGE / 1024 ))
unshare -m sh -c "mount -t tmpfs -o size=${size}k tmpfs '$D' && { '$CLX' merge '$s1' --partial --out '$D/m' > /dev/null 2>&1; true; } &&
    md5sum < '$D/m/results.tsv' > '$TMP/full_merge.before' &&
    { '$CLX' merge '$s1' '$s2' --out '$D/m' > '$TMP/full_merge.out' 2>&1; echo \$? > '$TMP/full_merge.rc'; } &&
    md5sum < '$D/m/results.tsv' > '$TMP/full_merge.after' && ls -A '$D/m' > '$TMP/full_merge.ls' &&
    cp '$D/m/run.json' '$TMP/full_merge.json'"
check full_merge_refused test "$(cat "$TMP/full_merge.rc")" -eq 4
check full_merge_says_why sh -c "grep -q 'No space left on device' '$TMP/full_merge.out' && grep -q 'holds its partial merge again, as it was' '$TMP/full_merge.out'"
check full_merge_partial_back cmp -s "$TMP/full_merge.before" "$TMP/full_merge.after"
check full_merge_still_partial grep -qE '"partial":[[:space:]]*true' "$TMP/full_merge.json"
check full_merge_nothing_aside sh -c "! grep -q partial-merge '$TMP/full_merge.ls'"
finish
