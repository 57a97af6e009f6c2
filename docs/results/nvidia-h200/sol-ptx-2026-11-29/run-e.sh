#!/bin/bash
# Call e (issue 43, the final counting): the nine sweeps not among issue 47's four (peaks first,
# the other eight against call p1's peaks run, carried as .device/peaks-p1); then test_guard three
# times with the H200 as the first device (the zones' new layout, the device's scan).
. .device/setup.sh > /dev/null
R=/tmp/e; mkdir -p $R/res
git rev-parse HEAD > $R/rev.txt 2>/dev/null; cat .device/rev >> $R/rev.txt 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $R/gpu.txt 2>&1
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/e.tgz --exclude='*/bin' --exclude='*/cl' e; }
( time make -j16 all ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
for i in 1 2 3; do
  build/tests/test_guard > $R/test_guard-$i.log 2>&1; echo "test_guard (H200 first) $i rc=$?" >> $R/walls.txt
done
pack
for e in peaks optflags inline shortcutting expint histogram occupancy_static occupancy_dynamic maths; do
  s=$(date +%s.%N)
  if [ $e = peaks ]; then p=; else p="--peaks .device/peaks-p1"; fi
  ./clx run $e --device NVIDIA --quiet $p --out $R/res > $R/$e.log 2>&1
  echo "$e rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  pack
done
cat $R/walls.txt; grep -h "^FAIL" $R/test_*.log | head
