#!/bin/bash
# Call p1 (issue 43, the binary's counts): the full peaks run, then the full sweeps of volkov_fma,
# taylor, optflags, vecsum and memcopy_ilp, each finding the peaks run under the same folder; every
# row's work from its PTX where clx can read it (sol_from).
. .device/setup.sh > /dev/null
R=/tmp/p1; mkdir -p $R/res
cat .device/rev > $R/rev.txt 2>/dev/null
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/gpu.txt
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/p1.tgz --exclude='*/bin' --exclude='*/cl' p1; }
for e in peaks volkov_fma taylor optflags vecsum memcopy_ilp; do
  s=$(date +%s.%N)
  ./clx run $e --device NVIDIA --quiet --out $R/res > $R/$e.log 2>&1
  echo "$e rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  pack
done
cat $R/walls.txt
grep -h "predicts their time" $R/*.log
