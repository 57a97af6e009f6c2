#!/bin/bash
# Calls n7, n8 (issue 25): time against process. tools/procturns.c (three processes alive at once
# taking turns on taylor's 1Ki one-term kernel, batches behind a blocking kernel) again and again:
# the spread inside each invocation is the processes', the drift from one invocation to the next the
# time's. n7: 30 invocations back to back (a minute); n8 (LOAD=1): each followed by the same with
# the 32Mi for_consecutive kernel (1.9 ms), keeping the device busy, for about four minutes.
. .device/setup.sh > /dev/null
R=/tmp/n${CALL:-7}; mkdir -p $R /tmp/vno; cp /tmp/vendors/nvidia.icd /tmp/vno/; export OCL_ICD_VENDORS=/tmp/vno
cc -O2 tools/procturns.c -lOpenCL -lm -o /tmp/procturns 2> $R/build.log || { cat $R/build.log; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/gpu.txt
pack() { tar -C /tmp -czf $OUT/n${CALL:-7}.tgz n${CALL:-7}; }
t0=$(date +%s)
for i in $(seq 1 30); do
  [ $(( $(date +%s) - t0 )) -gt 240 ] && break
  echo "$i $(date -u +%T)" >> $R/steps.txt
  /tmp/procturns NVIDIA 1024 "" 3 24 > $R/pt-$i.tsv 2>&1
  [ -n "$LOAD" ] && /tmp/procturns NVIDIA 33554432 consec 3 12 > $R/ptc-$i.tsv 2>&1
  nvidia-smi --query-gpu=clocks.sm,temperature.gpu,power.draw --format=csv,noheader >> $R/smi.txt
  pack
done
for f in $(ls $R/pt-*.tsv | sort -t- -k2 -n); do i=${f##*pt-}; i=${i%.tsv}; echo "$i $(sed -n ${i}p $R/steps.txt | cut -d' ' -f2) tiny $(grep '^# [0-9]' $f | awk '{printf "%s ", $3}' | cut -d' ' -f7-9) consec $(grep '^# [0-9]' $R/ptc-$i.tsv 2>/dev/null | awk '{printf "%s ", $3}' | cut -d' ' -f7-9)"; done
