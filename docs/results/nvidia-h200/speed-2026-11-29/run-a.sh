#!/bin/bash
# Call a (issue 47): taylor's and vecsum's full sweeps with the named time line; test_trials with
# the H200 as its first device (3 times); make check with PoCL and NVIDIA registered (JOBS = cores).
. .device/setup.sh > /dev/null
R=/tmp/a; mkdir -p $R/res
git rev-parse HEAD > $R/rev.txt 2>/dev/null; cat .device/rev >> $R/rev.txt 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $R/gpu.txt 2>&1
nproc > $R/nproc.txt
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/a.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/tmp' a; }
( time make -j16 all ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
for e in taylor vecsum; do
  s=$(date +%s.%N)
  ./clx run $e --device NVIDIA --quiet --out $R/res > $R/$e.log 2>&1
  echo "$e rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  pack
done
for i in 1 2 3; do
  build/tests/test_trials > $R/test_trials-$i.log 2>&1; echo "test_trials $i rc=$?" >> $R/walls.txt
done
pack
s=$(date +%s.%N)
make check > $R/check.log 2>&1
echo "make check rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
cp tests/tmp/times.log $R/check-times.log 2>/dev/null
pack
cat $R/walls.txt; grep "time:" $R/*.log; tail -3 $R/check.log; grep -h "^FAIL" $R/check.log $R/test_trials-*.log | head -20
