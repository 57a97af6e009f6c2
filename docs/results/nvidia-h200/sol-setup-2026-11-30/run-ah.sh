#!/bin/bash
# Call ah (2026-11-30, issue 43): the latencies measured at a run's set-up where no peaks run is
# found: first runs (no peaks run under the results folder) of the experiments that declare a chain
# or bytes in flight, then a full peaks run, then volkov_fma and memcopy_ilp again with it.
. .device/setup.sh > /dev/null
R=/tmp/ah; mkdir -p $R/res $R/withpeaks
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm --format=csv; nproc; } > $R/gpu.txt 2>&1
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
pack() { tar -C /tmp -czf $OUT/ah.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' ah; }
for e in volkov_fma memcopy_ilp vecsum inline optflags occupancy_static; do
  s=$(date +%s.%N)
  ./clx run $e --device NVIDIA --quiet --out $R/res > $R/$e.log 2>&1
  echo "$e rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  pack
done
cat $R/walls.txt
for f in $R/res/*/run.json; do python3 -c "
import json,sys; d=json.load(open('$f')); l=d['sol']['latency_ns']; print(d.get('experiment','?'), json.dumps(l))"; done
sh docs/results/nvidia-h200/sol-2026-11-28/solstats.sh $R/res/*/results.tsv
