#!/bin/bash
# Call l7 (issue 25): tools/levelctx.c in 8 processes, alternately four contexts and four queues of
# one context ("queues"): whether a queue, or only a context, carries a level of its own.
. .device/setup.sh > /dev/null
R=/tmp/l7; mkdir -p $R /tmp/vno; cp /tmp/vendors/nvidia.icd /tmp/vno/; export OCL_ICD_VENDORS=/tmp/vno
cc -O2 tools/levelctx.c -lOpenCL -lm -o /tmp/levelctx 2> $R/build.log || { cat $R/build.log; exit 1; }
date -u > $R/date.txt
for i in 1 2 3 4; do /tmp/levelctx NVIDIA 4 c$i; /tmp/levelctx NVIDIA 4 q$i queues; done > $R/levelctx.tsv 2>&1
tar -C /tmp -czf $OUT/l7.tgz l7
awk '{k[$2" "$3]=k[$2" "$3]" "$5} END {for (x in k) print x, k[x]}' $R/levelctx.tsv | sort
