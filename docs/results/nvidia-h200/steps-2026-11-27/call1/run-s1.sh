#!/bin/bash
# Call 1 (2026-11-27, afternoon): the timer's real step, batch length behind the blocker, taylor with
# the integer timestamps and step batching (twice) and with 0df04c0 (once).
. .device/setup.sh > /dev/null
R=/tmp/s1; mkdir -p $R
git rev-parse HEAD > $R/rev.txt 2>/dev/null; git status --short >> $R/rev.txt 2>/dev/null
(make -j16 clx > $R/build.log 2>&1 && cd .device/t-0df04c0 && make -j16 clx > $R/build-old.log 2>&1) || { tail -20 $R/build.log $R/build-old.log; exit 1; }
pack() { tar -C /tmp -czf $OUT/s1.tgz s1; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/gpu.txt
date -u > $R/date.txt
cc -O2 tools/timerstep.c -lOpenCL -lm -o /tmp/timerstep && /tmp/timerstep NVIDIA 2000 > $R/timerstep.txt 2>&1
cc -O2 tools/batchlen.c -lOpenCL -lm -o /tmp/batchlen && timeout 120 /tmp/batchlen NVIDIA > $R/batchlen.tsv 2>&1
pack
for x in a b; do
  ( time ./clx run taylor --device NVIDIA --quiet --out $R/new-$x ) > $R/new-$x.log 2>&1
  pack
done
( cd .device/t-0df04c0 && time ./clx run taylor --device NVIDIA --quiet --out $R/old-a ) > $R/old-a.log 2>&1
pack
cat $R/timerstep.txt | cut -c1-400; grep -E "blocked|lead-in" $R/batchlen.tsv | head -60
grep -h "real\|clx: [0-9]* ok" $R/*.log
for d in $R/new-a $R/new-b $R/old-a; do python3 -c "import json,glob;j=json.load(open(glob.glob('$d/*/run.json')[0]));print('$d',j['timer'],j.get('blocker'),j['time_s']['wall'])"; done
