#!/bin/bash
# Call l2 (issue 25): tools/level.c (now with a hold of ~0.4 ms, its late batches counted, and the
# batches' span beside each launch's own time) in 20 processes one after another.
. .device/setup.sh > /dev/null
R=/tmp/l2; mkdir -p $R /tmp/vno; cp /tmp/vendors/nvidia.icd /tmp/vno/; export OCL_ICD_VENDORS=/tmp/vno
cc -O2 tools/level.c -lOpenCL -lm -o /tmp/level 2> $R/build.log || { cat $R/build.log; exit 1; }
date -u > $R/date.txt
for i in $(seq 1 20); do /tmp/level NVIDIA 3 p$i; done > $R/level.tsv 2>&1
tar -C /tmp -czf $OUT/l2.tgz l2
awk '{k[$2]=k[$2]" "$4} END {for (x in k) print x, k[x]}' $R/level.tsv
