#!/bin/bash
# Call s2 (issue 43), after the fixes from call s1: the full peaks run, then the full sweeps of
# volkov_fma, vecsum, memcopy_ilp and taylor, each finding the peaks run under the same folder.
. .device/setup.sh > /dev/null
R=/tmp/s2; mkdir -p $R/res
cat .device/rev > $R/rev.txt 2>/dev/null
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/gpu.txt
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/s2.tgz --exclude='*/bin' --exclude='*/cl' s2; }
for e in peaks volkov_fma vecsum memcopy_ilp taylor; do
  s=$(date +%s.%N)
  ./clx run $e --device NVIDIA --quiet --out $R/res > $R/$e.log 2>&1
  echo "$e rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  pack
done
cat $R/walls.txt
grep -h "predicts their time" $R/*.log
