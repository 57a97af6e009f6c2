#!/bin/bash
# On the device machine: one default run of each of issue 25's four experiments at this commit, for
# their wall time and time phases after the buffer pool and the sampled-reference change.
. .device/setup.sh > /dev/null
make -j16 clx > $OUT/build.log 2>&1 || { tail -20 $OUT/build.log; exit 1; }
DEV=$(./clx devices 2>/dev/null | awk '/NVIDIA/ && match($0, /[0-9]+:[0-9]+/) { print substr($0, RSTART, RLENGTH); exit }')
git log --oneline -1 > $OUT/commit.txt 2>/dev/null
for e in vecsum volkov_fma memcopy_ilp taylor; do
  s=$(date +%s.%N); ./clx run $e --device "$DEV" --quiet --out /tmp/w > /tmp/w-$e.log 2>&1; rc=$?; t=$(date +%s.%N)
  echo "$e rc=$rc wall_s=$(echo "$t - $s" | bc)" | tee -a $OUT/walls.txt
  grep -E "^clx: time: wall|^clx: [0-9]+ ok" /tmp/w-$e.log | tee -a $OUT/walls.txt
done
