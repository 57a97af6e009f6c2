#!/bin/bash
# Call ag (2026-11-30, issue 47): studies/sparseev.c, three processes in a row: what do per-launch
# events cost a held batch on the host, and does a launch's own event time move when its
# neighbours carry none?
. .device/setup.sh > /dev/null
R=/tmp/ag; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
cc -O2 studies/sparseev.c -lOpenCL -lm -o $R/sparseev > $R/build.log 2>&1 || { cat $R/build.log; exit 1; }
for i in 1 2 3; do ( time $R/sparseev NVIDIA 25 p$i ) > $R/sparseev-$i.txt 2>&1; done
tar -C /tmp -czf $OUT/ag.tgz ag
cat $R/gpu.txt $R/sparseev-*.txt
