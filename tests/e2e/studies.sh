# studies.sh — every study program of studies/ still builds, as its own header says, without a
# warning; the wall-clock sampler (studies/wallprof.c) and its report on a quick run.
. tests/e2e/lib.sh
# The standalone measurement programs build with the one cc line their headers give, without a
# warning (each is a record of how a figure in docs/ was measured: it must still build to be rerun).
for f in studies/*.c; do
    n=$(basename "$f" .c)
    [ "$n" = wallprof ] && continue   # a shared object, built below
    cc -O2 -Wall -Wextra "$f" -lOpenCL -lm -o "$TMP/study_$n" > "$TMP/study_$n.log" 2>&1
    check "study_builds_$n" test $? -eq 0 -a ! -s "$TMP/study_$n.log"
done
# The Python studies at least parse (python3 is not clx's, so only where there is one; parsed, not
# compiled, so nothing is written beside them).
if command -v python3 > /dev/null; then
    for f in studies/*.py; do
        check "study_parses_$(basename "$f" .py)" python3 -c 'import ast, sys; ast.parse(open(sys.argv[1]).read())' "$f"
    done
fi
# The sampler on a quick run: its worker samples itself too, and the report names clx's functions.
# (Not under check-asan: an LD_PRELOAD ahead of ASan's runtime is refused, and the tool is the same.)
mkdir -p "$TMP/wallprof"
if [ "$CLX" != ./clx ]; then
    :
elif cc -O2 -shared -fPIC studies/wallprof.c -o "$TMP/wallprof/wallprof.so" -ldl -lpthread 2> "$TMP/wallprof/cc.log"; then
    WALLPROF_DIR=$TMP/wallprof LD_PRELOAD=$TMP/wallprof/wallprof.so $CLX run vecsum --quick --set variant=naive --local 64 \
        --trials 2 --quiet --out "$TMP/wallprof/r" > /dev/null 2>&1
    biggest=$(ls -S "$TMP"/wallprof/wallprof.*.txt 2>/dev/null | head -n 1)
    check wallprof_samples test -n "$biggest"
    studies/wallprof-report.sh ./clx "$biggest" 100 > "$TMP/wallprof/report.txt" 2>&1
    check wallprof_report_counts grep -qE '^[0-9]+ samples, [0-9.]+ s$' "$TMP/wallprof/report.txt"
    # Every process of the run left a file (the supervisor, its worker, children that exec'd
    # another program); which is largest depends on load, so any clx one naming main counts.
    named=0
    for w in "$TMP"/wallprof/wallprof.*.txt; do
        studies/wallprof-report.sh ./clx "$w" 100 2>/dev/null | grep -qE '% +[0-9.]+s (main|cli_run)$' && named=1
    done
    check wallprof_report_names test "$named" -eq 1
else
    check wallprof_builds false
fi
finish
