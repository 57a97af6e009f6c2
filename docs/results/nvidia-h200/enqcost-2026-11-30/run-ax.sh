#!/bin/bash
# Call ax (2026-11-30): studies/enqcost.c, three processes of all modes; strace -c of solo and split alone; a short strace -tt of solo.
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-ax}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; which strace; } > $R/gpu.txt 2>&1
cc -O2 -Wall -Wextra -pthread studies/enqcost.c -lOpenCL -lm -o $R/enqcost 2> $R/cc.log
for p in 1 2 3; do $R/enqcost NVIDIA 12 p$p 8 > $R/enqcost-$p.txt 2>&1; done
strace -f -c -o $R/strace-c-solo.txt $R/enqcost NVIDIA 4 sc 8 solo > $R/enqcost-sc.txt 2>&1
strace -f -c -o $R/strace-c-split.txt $R/enqcost NVIDIA 4 ss 8 split > $R/enqcost-ss.txt 2>&1
timeout 20 strace -f -tt -T -o $R/strace-tt-solo.txt $R/enqcost NVIDIA 0.3 st 8 solo > $R/enqcost-st.txt 2>&1
gzip -9 $R/strace-tt-solo.txt
rm -f $R/enqcost
tar -C /tmp -czf $OUT/${CALL:-ax}.tgz ${CALL:-ax}
cat $R/enqcost-*.txt | grep -v "^# tag"
head -30 $R/strace-c-solo.txt; head -30 $R/strace-c-split.txt
