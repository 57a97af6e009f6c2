#!/bin/bash
# Call l3 (issue 25): tools/level.c with bare batches (events on the lead-in and the last launch only)
# beside the others, in 20 processes one after another.
. .device/setup.sh > /dev/null
R=/tmp/l3; mkdir -p $R /tmp/vno; cp /tmp/vendors/nvidia.icd /tmp/vno/; export OCL_ICD_VENDORS=/tmp/vno
cc -O2 tools/level.c -lOpenCL -lm -o /tmp/level 2> $R/build.log || { cat $R/build.log; exit 1; }
date -u > $R/date.txt
for i in $(seq 1 20); do /tmp/level NVIDIA 3 p$i; done > $R/level.tsv 2>&1
tar -C /tmp -czf $OUT/l3.tgz l3
awk '{k[$2]=k[$2]" "$4} END {for (x in k) print x, k[x]}' $R/level.tsv
