#!/bin/bash
# Call l6 (issue 25): tools/levelctx.c in 8 processes one after another: whether four contexts
# inside one process carry levels of their own, as processes do.
. .device/setup.sh > /dev/null
R=/tmp/l6; mkdir -p $R /tmp/vno; cp /tmp/vendors/nvidia.icd /tmp/vno/; export OCL_ICD_VENDORS=/tmp/vno
cc -O2 tools/levelctx.c -lOpenCL -lm -o /tmp/levelctx 2> $R/build.log || { cat $R/build.log; exit 1; }
date -u > $R/date.txt
for i in $(seq 1 8); do /tmp/levelctx NVIDIA 4 p$i; done > $R/levelctx.tsv 2>&1
tar -C /tmp -czf $OUT/l6.tgz l6
awk '{k[$2" "$3]=k[$2" "$3]" "$5} END {for (x in k) print x, k[x]}' $R/levelctx.tsv | sort
