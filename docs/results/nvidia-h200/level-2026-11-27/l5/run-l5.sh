#!/bin/bash
# Call l5 (issue 25): tools/levelobj.c, now with the first cell twice, in 8 processes one after
# another, alternately in a fixed order and in a new random order each time round ("shuffle"):
# whether the cells' levels belong to their objects or to what ran before them.
. .device/setup.sh > /dev/null
R=/tmp/l5; mkdir -p $R /tmp/vno; cp /tmp/vendors/nvidia.icd /tmp/vno/; export OCL_ICD_VENDORS=/tmp/vno
cc -O2 tools/levelobj.c -lOpenCL -lm -o /tmp/levelobj 2> $R/build.log || { cat $R/build.log; exit 1; }
date -u > $R/date.txt
for i in 1 2 3 4; do /tmp/levelobj NVIDIA 5 f$i; /tmp/levelobj NVIDIA 5 s$i shuffle; done > $R/levelobj.tsv 2>&1
tar -C /tmp -czf $OUT/l5.tgz l5
awk '{k[$2" "$3]=k[$2" "$3]" "$5} END {for (x in k) print x, k[x]}' $R/levelobj.tsv | sort
