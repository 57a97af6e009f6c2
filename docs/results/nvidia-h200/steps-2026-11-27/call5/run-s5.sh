#!/bin/bash
# Call 5: whether the slow launches after a long spin come from the spin being one work-item
# (tools/batchlen.c behind a spin of one work-item, then of 128 on every compute unit).
. .device/setup.sh > /dev/null
R=/tmp/s5; mkdir -p $R
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/gpu.txt; date -u > $R/date.txt
cc -O2 tools/batchlen.c -lOpenCL -lm -o /tmp/batchlen
timeout 60 /tmp/batchlen NVIDIA > $R/batchlen-one.tsv 2>&1
timeout 60 /tmp/batchlen NVIDIA wide > $R/batchlen-wide.tsv 2>&1
tar -C /tmp -czf $OUT/s5.tgz s5
for f in one wide; do echo "== $f"; grep blocked $R/batchlen-$f.tsv | cut -f1,3,4,7; done
