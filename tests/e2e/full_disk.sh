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
finish
