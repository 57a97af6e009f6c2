#!/bin/bash
# Call az (2026-11-30): studies/splithold.c, three processes: one thread or two sharing a held batch, holds sized as clx sizes them, or 1.2 ms.
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-az}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
cc -O2 -Wall -Wextra -pthread studies/splithold.c -lOpenCL -lm -o $R/splithold 2> $R/cc.log
for p in 1 2 3; do $R/splithold NVIDIA 12 p$p 8 > $R/splithold-$p.txt 2>&1; done
rm -f $R/splithold
tar -C /tmp -czf $OUT/${CALL:-az}.tgz ${CALL:-az}
cat $R/splithold-*.txt | grep -v "^# tag"
