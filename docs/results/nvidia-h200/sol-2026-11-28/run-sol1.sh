#!/bin/bash
# Call s1 (issue 43): the speed of light on one H200: the full peaks run first (its figures are
# the measured ceilings and latencies), then the full sweeps of volkov_fma, vecsum, memcopy_ilp and
# taylor with this tree's defaults, each finding the peaks run under the same results folder.
. .device/setup.sh > /dev/null
R=/tmp/s1; mkdir -p $R/res
git rev-parse --short HEAD > $R/rev.txt 2>/dev/null || cat .device/rev > $R/rev.txt 2>/dev/null
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/gpu.txt
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/s1.tgz --exclude='*/bin' --exclude='*/cl' s1; }
for e in peaks volkov_fma vecsum memcopy_ilp taylor; do
  s=$(date +%s.%N)
  ./clx run $e --device NVIDIA --quiet --out $R/res > $R/$e.log 2>&1
  echo "$e rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  pack
done
cat $R/walls.txt
for e in volkov_fma vecsum memcopy_ilp taylor; do sed -n '/^Speed of light/,/predicts their time/p' $R/$e.log; done
