#!/bin/bash
# Call c (issues 47, 43): the four benchmark sweeps (taylor, vecsum, memcopy_ilp, volkov_fma) with
# the time line named part by part, against call p1's peaks; make check 3 times in a row (PoCL and
# NVIDIA registered, a test stopped after 150 s); test_guard and test_trials with the H200 first.
. .device/setup.sh > /dev/null
R=/tmp/c; mkdir -p $R/res
git rev-parse HEAD > $R/rev.txt 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $R/gpu.txt 2>&1
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/c.tgz --exclude='*/bin' --exclude='*/cl' c; }
( time make -j16 all ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
for e in taylor vecsum memcopy_ilp volkov_fma; do
  s=$(date +%s.%N)
  ./clx run $e --device NVIDIA --quiet --peaks .device/peaks-p1 --out $R/res > $R/$e.log 2>&1
  echo "$e rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  pack
done
for i in 1 2 3; do
  s=$(date +%s.%N)
  TEST_TIMEOUT=150 make check > $R/check-$i.log 2>&1
  echo "make check $i rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}") $(tail -n 1 $R/check-$i.log)" >> $R/walls.txt
  cp tests/tmp/times.log $R/check-times-$i.log 2>/dev/null
  pack
done
for i in 1 2 3; do
  build/tests/test_trials > $R/test_trials-$i.log 2>&1; echo "test_trials (H200 first) $i rc=$?" >> $R/walls.txt
  build/tests/test_guard > $R/test_guard-$i.log 2>&1; echo "test_guard (H200 first) $i rc=$?" >> $R/walls.txt
done
pack
cat $R/walls.txt; grep "time:" $R/*.log; grep -h "^FAIL" $R/check-*.log $R/test_*.log | head -20
