#!/bin/bash
# Call s4 (issue 43), after the fixes from calls s2-s3: a peaks run of one variant (its probes give
# the chain latency, 64 steps a trip now, and the memory levels), then the full sweeps whose rows
# passed their bound in s3 (maths, occupancy_static, occupancy_dynamic) and volkov_fma again.
. .device/setup.sh > /dev/null
R=/tmp/s4; mkdir -p $R/res
cat .device/rev > $R/rev.txt 2>/dev/null
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/s4.tgz --exclude='*/bin' --exclude='*/cl' s4; }
for e in "peaks --set variant=fp32_fma" occupancy_static occupancy_dynamic volkov_fma maths; do
  s=$(date +%s.%N)
  ./clx run $e --device NVIDIA --quiet --out $R/res > $R/${e%% *}.log 2>&1
  echo "${e%% *} rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  pack
done
cat $R/walls.txt
grep -h "chain_latency" $R/res/peaks-*/probes.tsv | cut -f2,5
grep -h "predicts their time" $R/*.log
