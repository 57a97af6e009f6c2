#!/bin/bash
# Call j (issues 47, 46): make check twice in a row on the GPU machine (PoCL and NVIDIA registered,
# the machine's cores) at this commit, with a test stopped after 150 s; test_trials with the H200
# as the first device.
. .device/setup.sh > /dev/null
R=/tmp/j; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv > $R/gpu.txt 2>&1; nproc >> $R/gpu.txt
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/j.tgz j; }
for i in 1 2; do
  s=$(date +%s.%N)
  TEST_TIMEOUT=150 make check > $R/check-$i.log 2>&1
  echo "make check $i rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}") $(tail -n 1 $R/check-$i.log)" >> $R/walls.txt
  cp tests/tmp/times.log $R/check-times-$i.log 2>/dev/null
  pack
done
build/tests/test_trials > $R/test_trials.log 2>&1; echo "test_trials (H200 first) rc=$?" >> $R/walls.txt
pack
cat $R/walls.txt; grep -h "^FAIL" $R/check-*.log $R/test_trials.log | head; grep -h "slowest" $R/check-*.log
