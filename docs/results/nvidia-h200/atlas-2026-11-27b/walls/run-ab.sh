#!/bin/bash
# On the device machine: vecsum and memcopy_ilp at 369448e (before this session) and at this commit,
# interleaved, for their wall time and phases: did the buffer pool or the sampled reference cost?
. .device/setup.sh > /dev/null
mkdir -p /tmp/old && tar -C /tmp/old -xf .device/old.tar
( make -j16 clx > $OUT/build.log 2>&1 ) & ( cd /tmp/old && make -j16 clx > $OUT/build-old.log 2>&1 ); wait
DEV=$(./clx devices 2>/dev/null | awk '/NVIDIA/ && match($0, /[0-9]+:[0-9]+/) { print substr($0, RSTART, RLENGTH); exit }')
for e in vecsum memcopy_ilp; do
  for b in /tmp/old/clx ./clx; do
    $b run $e --device "$DEV" --quiet --out /tmp/ab > /tmp/ab.log 2>&1
    echo "$e $b: $(grep -E '^clx: time: wall' /tmp/ab.log)" | tee -a $OUT/ab.txt
  done
done
