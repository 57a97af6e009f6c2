#!/bin/bash
# Call s (2026-11-29 ninth session): make check once more on the GPU machine after the review's
# fixes to the stop after the last row.
. .device/setup.sh > /dev/null
R=/tmp/s; mkdir -p $R
cat .device/rev > $R/rev.txt
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
s=$(date +%s)
make -j16 check > $R/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - s )) s: $(tail -1 $R/check.log)" >> $R/walls.txt
tar -C /tmp -czf $OUT/s.tgz s; cat $R/walls.txt; grep -A1 "^FAIL" $R/check.log | head -20
