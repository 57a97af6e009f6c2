#!/bin/bash
# Call ap (2026-11-30): studies/mtenq.c with clx's held batch length (8) and threads asleep between batches, three processes; spinning and 32 once each.
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-ap}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
cc -O2 -Wall -Wextra -pthread studies/mtenq.c -lOpenCL -lm -o $R/mtenq 2> $R/cc.log
for p in 1 2 3; do $R/mtenq NVIDIA 12 c8-p$p 8 cond > $R/mtenq-c8-$p.txt 2>&1; done
$R/mtenq NVIDIA 12 s8 8 spin > $R/mtenq-s8.txt 2>&1
$R/mtenq NVIDIA 12 c32 32 cond > $R/mtenq-c32.txt 2>&1
rm -f $R/mtenq
tar -C /tmp -czf $OUT/${CALL:-ap}.tgz ${CALL:-ap}
cat $R/mtenq-*.txt | cut -f1-10 | grep -v "^# tag"
