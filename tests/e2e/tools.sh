# tools.sh — tools/table.sh and tools/pivot.sh on a small fixture with known answers; every
# standalone tools/*.c builds; the wall-clock sampler (tools/wallprof.c) and its report on a quick run.
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
# The standalone measurement programs build with the one cc line their headers give, without a
# warning (each is a record of how a figure in docs/ was measured: it must still build to be rerun).
for f in tools/*.c; do
    n=$(basename "$f" .c)
    [ "$n" = wallprof ] && continue   # a shared object, built below
    cc -O2 -Wall -Wextra "$f" -lOpenCL -lm -o "$TMP/tool_$n" > "$TMP/tool_$n.log" 2>&1
    check "tool_builds_$n" test $? -eq 0 -a ! -s "$TMP/tool_$n.log"
done
# The sampler on a quick run: its worker samples itself too, and the report names clx's functions.
# (Not under check-asan: an LD_PRELOAD ahead of ASan's runtime is refused, and the tool is the same.)
mkdir -p "$TMP/wallprof"
if [ "$CLX" != ./clx ]; then
    :
elif cc -O2 -shared -fPIC tools/wallprof.c -o "$TMP/wallprof/wallprof.so" -ldl -lpthread 2> "$TMP/wallprof/cc.log"; then
    WALLPROF_DIR=$TMP/wallprof LD_PRELOAD=$TMP/wallprof/wallprof.so $CLX run vecsum --quick --set variant=naive --local 64 \
        --trials 2 --quiet --out "$TMP/wallprof/r" > /dev/null 2>&1
    biggest=$(ls -S "$TMP"/wallprof/wallprof.*.txt 2>/dev/null | head -n 1)
    check wallprof_samples test -n "$biggest"
    tools/wallprof-report.sh ./clx "$biggest" 100 > "$TMP/wallprof/report.txt" 2>&1
    check wallprof_report_counts grep -qE '^[0-9]+ samples, [0-9.]+ s$' "$TMP/wallprof/report.txt"
    # Every process of the run left a file (the supervisor, its worker, children that exec'd
    # another program); which is largest depends on load, so any clx one naming main counts.
    named=0
    for w in "$TMP"/wallprof/wallprof.*.txt; do
        tools/wallprof-report.sh ./clx "$w" 100 2>/dev/null | grep -qE '% +[0-9.]+s (main|cmd_run)$' && named=1
    done
    check wallprof_report_names test "$named" -eq 1
else
    check wallprof_builds false
fi
finish
