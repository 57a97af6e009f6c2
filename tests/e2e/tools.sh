# tools.sh — tools/table.sh and tools/pivot.sh (users' tools) on a small fixture with known answers,
# their usage, and a --where on a column the file lacks refused. The study programs of studies/ are
# tests/e2e/studies.sh's.
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
# Rows that did not finish ok (a ^C's cut rows, a FAIL) read as finished in a table of their times:
# table.sh adds their status column where it was not asked for, pivot.sh says it in their cells,
# and both name them on stderr; a table of ok rows alone is as it was.
g=tests/e2e/fixtures/sample_status.tsv
tools/table.sh "$g" variant local median_ms > "$TMP/tool.out" 2> "$TMP/tool.err"
check table_status_header test "$(head -n 1 "$TMP/tool.out")" = "| variant | local | median_ms | status |"
check table_status_rows test "$(sed -n 3,4p "$TMP/tool.out" | tr '\n' ' ')" = "| base | 64 | 2 | ok | | base | 128 | 4 | cut | "
check table_status_said grep -q "2 of the 4 rows shown are not ok (cut 1, FAIL 1)" "$TMP/tool.err"
tools/table.sh "$g" --where variant=vec --where local=128 local median_ms > "$TMP/tool.out" 2> "$TMP/tool.err"
check table_status_all_ok test "$(head -n 1 "$TMP/tool.out")" = "| local | median_ms |" -a ! -s "$TMP/tool.err"
tools/table.sh "$g" status median_ms > "$TMP/tool.out" 2> "$TMP/tool.err"
check table_status_asked test "$(head -n 1 "$TMP/tool.out")" = "| status | median_ms |"
tools/pivot.sh "$g" variant local median_ms > "$TMP/tool.out" 2> "$TMP/tool.err"
check pivot_status_cells test "$(sed -n 3,4p "$TMP/tool.out" | tr '\n' ' ')" = "| base | 2 | 4 (cut) | | vec | 1 (FAIL) | 3 | "
check pivot_status_said grep -q "2 of the 4 cells shown are of rows not ok (cut 1, FAIL 1)" "$TMP/tool.err"
# A --where on a column the file lacks (a typo) matched no row: an empty table, exit 0, read as "no
# such rows". Refused naming it, exit 2, by both; so is a --where with no COL=; pivot.sh names the
# column it lacks. A value holding '=' (sgemm's ids: variant=VWM=4,SA=0) is matched whole.
# where T COND: tools/T.sh's table of the fixture with --where COND, where each takes it.
where() { if [ "$1" = table ]; then tools/table.sh "$f" --where "$2" local median_ms; else tools/pivot.sh "$f" N local median_ms --where "$2"; fi; }
for t in table pivot; do
    where $t vairant=vec > "$TMP/tool.out" 2> "$TMP/tool.err"; rc=$?
    check "${t}_where_unknown_column" test $rc -eq 2 -a ! -s "$TMP/tool.out"
    check "${t}_where_unknown_said" grep -qxF "$t.sh: --where vairant=vec: no column vairant" "$TMP/tool.err"
    where $t variant > "$TMP/tool.out" 2> "$TMP/tool.err"; rc=$?
    check "${t}_where_no_value" sh -c "test $rc -eq 2 && grep -qxF '$t.sh: --where variant: give COL=VALUE' '$TMP/tool.err'"
done
tools/pivot.sh "$f" N lcoal median_ms > /dev/null 2> "$TMP/tool.err"
check pivot_bad_column_named grep -qxF "pivot.sh: no column lcoal" "$TMP/tool.err"
printf 'variant\tlocal\tmedian_ms\nVWM=4,SA=0\t64\t2\nVWM=4,SA=1\t64\t3\n' > "$TMP/tool_eq.tsv"
out=$(tools/table.sh "$TMP/tool_eq.tsv" --where variant=VWM=4,SA=1 median_ms)
check table_where_value_with_equals test "$(printf '%s\n' "$out" | sed -n 3p)" = "| 3 |"
out=$(tools/pivot.sh "$TMP/tool_eq.tsv" variant local median_ms --where variant=VWM=4,SA=0)
check pivot_where_value_with_equals test "$(printf '%s\n' "$out" | sed -n 3p)" = "| VWM=4,SA=0 | 2 |"
# tools/rowdiff.sh on two runs with no row ok in both (another sweep, or a key column apart) printed
# the table's header alone, exit 0, read as "they agree"; it says so, exit 1, and a run with a row in
# common still gets its table. The two sides' rows: (variant local median_ms).
rd() { printf 'experiment\tvariant\tlocal\tstatus\tflag\tmedian_ms\n'; while [ $# -gt 0 ]; do printf 'x\t%s\t%s\tok\t\t%s\n' "$1" "$2" "$3"; shift 3; done; }
rd base 64 0.02 vec 64 0.01 > "$TMP/rowdiff_a.tsv"
rd base 128 0.02 vec 128 0.01 > "$TMP/rowdiff_b.tsv"
tools/rowdiff.sh "$TMP/rowdiff_a.tsv" "$TMP/rowdiff_b.tsv" > "$TMP/tool.out" 2> "$TMP/tool.err"; rc=$?
check rowdiff_none_in_common sh -c "test $rc -eq 1 -a ! -s '$TMP/tool.out' && grep -q 'no row ok in both' '$TMP/tool.err'"
rd base 64 0.022 vec 128 0.01 > "$TMP/rowdiff_b.tsv"
tools/rowdiff.sh "$TMP/rowdiff_a.tsv" "$TMP/rowdiff_b.tsv" > "$TMP/tool.out" 2> "$TMP/tool.err"; rc=$?
check rowdiff_one_in_common sh -c "test $rc -eq 0 && grep -q '^5-50 us  *1  *10.00%' '$TMP/tool.out'"
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
