#!/bin/bash
# Call ay (2026-11-30): studies/ugate.c, three processes: held batches held by a spinning kernel, a user event, a user event before a short spin, or nothing.
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-ay}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
cc -O2 -Wall -Wextra -pthread studies/ugate.c -lOpenCL -lm -o $R/ugate 2> $R/cc.log
for p in 1 2 3; do $R/ugate NVIDIA 12 p$p 8 > $R/ugate-$p.txt 2>&1; done
rm -f $R/ugate
tar -C /tmp -czf $OUT/${CALL:-ay}.tgz ${CALL:-ay}
cat $R/ugate-*.txt | grep -v "^# tag"
