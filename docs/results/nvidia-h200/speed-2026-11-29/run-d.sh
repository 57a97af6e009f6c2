#!/bin/bash
# Call d (issue 47, item 4): make check 3 times in a row on the H200 machine (PoCL and NVIDIA
# registered, JOBS = its 16 cores, a test stopped after 300 s).
. .device/setup.sh > /dev/null
R=/tmp/d; mkdir -p $R
git rev-parse HEAD > $R/rev.txt 2>/dev/null
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/d.tgz d; }
( time make -j16 all ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
for i in 1 2 3; do
  s=$(date +%s.%N)
  TEST_TIMEOUT=300 make check > $R/check-$i.log 2>&1
  echo "make check $i rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}") $(tail -n 1 $R/check-$i.log)" >> $R/walls.txt
  cp tests/tmp/times.log $R/check-times-$i.log 2>/dev/null
  pack
done
cat $R/walls.txt; grep -h "^FAIL\|^slowest" $R/check-*.log | head -20
