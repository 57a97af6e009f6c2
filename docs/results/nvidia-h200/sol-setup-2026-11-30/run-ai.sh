#!/bin/bash
# Call ai (2026-11-30, issue 43): the latencies at set-up on the rest of the experiments that declare
# a chain (maths, occupancy_dynamic) and on taylor, first runs (no peaks run under the results
# folder); then a full peaks run (its own chains and chase curve beside the set-up's figures).
. .device/setup.sh > /dev/null
R=/tmp/ai; mkdir -p $R/res
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm --format=csv; nproc; } > $R/gpu.txt 2>&1
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
pack() { tar -C /tmp -czf $OUT/ai.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' ai; }
for e in occupancy_dynamic taylor maths peaks; do
  s=$(date +%s.%N)
  ./clx run $e --device NVIDIA --quiet --out $R/res > $R/$e.log 2>&1
  echo "$e rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  pack
done
cat $R/walls.txt
for f in $R/res/*-*/run.json; do python3 -c "
import json,sys; d=json.load(open('$f')); l=d['sol']['latency_ns']; print(d.get('experiment','?'), json.dumps(l))"; done
grep -E "chain_latency|^levels|load latency, (1|2|4|8|16|128|256) MiB" $R/res/peaks-*/probes.tsv | cut -f1-6
sh docs/results/nvidia-h200/sol-2026-11-28/solstats.sh $R/res/*-*/results.tsv
