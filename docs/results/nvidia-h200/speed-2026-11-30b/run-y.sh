#!/bin/bash
# Call y (2026-11-30, issue 47): studies/pipeline.c, three processes in a row: can the host queue
# the next held batch while the device runs this one without moving the batches' times?
. .device/setup.sh > /dev/null
R=/tmp/y; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
cc -O2 studies/pipeline.c -lOpenCL -lm -o $R/pipeline > $R/build.log 2>&1 || { cat $R/build.log; exit 1; }
for i in 1 2 3; do ( time $R/pipeline NVIDIA ) > $R/pipeline-$i.txt 2>&1; done
tar -C /tmp -czf $OUT/y.tgz y
cat $R/pipeline-1.txt
