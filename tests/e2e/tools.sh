# tools.sh — tools/table.sh and tools/pivot.sh (users' tools) on a small fixture with known answers,
# and their usage. The study programs of studies/ are tests/e2e/studies.sh's.
. tests/e2e/lib.sh
f=tests/e2e/fixtures/sample.tsv
out=$(tools/table.sh "$f" --where variant=vec local median_ms)
check table_rows test "$(printf '%s\n' "$out" | sed -n 3,4p | tr '\n' ' ')" = "| 64 | 1 | | 128 | 3 | "
check table_header test "$(printf '%s\n' "$out" | head -n 1)" = "| local | median_ms |"
tools/table.sh "$f" nope > /dev/null 2>&1; rc=$?
check table_bad_column test $rc -ne 0
out=$(tools/pivot.sh "$f" N local median_ms --where variant=base)
check pivot_cells test "$(printf '%s\n' "$out" | sed -n 3p)" = "| 1 | 2 | 4 |"
check pivot_missing_cell test "$(printf '%s\n' "$out" | sed -n 4p)" = "| 2 | 6 | - |"
out=$(tools/pivot.sh "$f" N local median_ms --dev --where variant=base)
# Row N=1: mean 3, so 2 -> -0.333 and 4 -> +0.333.
check pivot_dev test "$(printf '%s\n' "$out" | sed -n 3p)" = "| 1 | -0.333 | +0.333 |"
# Without arguments or with -h: the usage on stderr, nothing on stdout, exit 2 (not a shell error).
for t in table pivot; do
    for a in none -h; do
        if [ $a = none ]; then tools/$t.sh > "$TMP/tool.out" 2> "$TMP/tool.err"; else tools/$t.sh $a > "$TMP/tool.out" 2> "$TMP/tool.err"; fi
        rc=$?
        check "${t}_usage_$a" test $rc -eq 2 -a ! -s "$TMP/tool.out" -a -n "$(grep "^usage: tools/$t.sh" "$TMP/tool.err")" \
            -a -z "$(grep -i shift "$TMP/tool.err")"
    done
done
finish
