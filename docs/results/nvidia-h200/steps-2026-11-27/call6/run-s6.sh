#!/bin/bash
# Call 6: whether the slow launches in batches of 16 and 32 come from the spin's length: every batch
# behind the longest batch's spin (tools/batchlen.c NVIDIA long).
. .device/setup.sh > /dev/null
R=/tmp/s6; mkdir -p $R
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/gpu.txt; date -u > $R/date.txt
cc -O2 tools/batchlen.c -lOpenCL -lm -o /tmp/batchlen

timeout 60 /tmp/batchlen NVIDIA long > $R/batchlen-long.tsv 2>&1
tar -C /tmp -czf $OUT/s6.tgz s6
for f in long; do echo "== $f"; grep blocked $R/batchlen-$f.tsv | cut -f1,3,4,7; done
