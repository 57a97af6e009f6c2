#!/bin/bash
# Call 2: taylor twice with single launches after a lead-in and trials of 8 launch floors.
. .device/setup.sh > /dev/null
R=/tmp/s2; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
pack() { tar -C /tmp -czf $OUT/s2.tgz s2; }
date -u > $R/date.txt
for x in a b; do
  ( time ./clx run taylor --device NVIDIA --quiet --out $R/new-$x ) > $R/new-$x.log 2>&1
  pack
done
grep -h "real\|clx: [0-9]* ok" $R/*.log
A=$(ls -d $R/new-a/taylor*); B=$(ls -d $R/new-b/taylor*); bash tools/rowdiff.sh $A $B
for d in $A $B; do python3 -c "import json;j=json.load(open('$d/run.json'));print(j['timer'].get('step_ns'),j.get('blocker'),j['time_s']['wall'],j['time_s']['kernels'],j['time_s']['launch_overhead'])"; done
