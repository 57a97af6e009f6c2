#!/bin/bash
# Call l4 (issue 25): tools/levelobj.c in 8 processes one after another: which objects inside one
# process (buffers, kernel objects, a program built anew) carry a tiny kernel's level.
. .device/setup.sh > /dev/null
R=/tmp/l4; mkdir -p $R /tmp/vno; cp /tmp/vendors/nvidia.icd /tmp/vno/; export OCL_ICD_VENDORS=/tmp/vno
cc -O2 tools/levelobj.c -lOpenCL -lm -o /tmp/levelobj 2> $R/build.log || { cat $R/build.log; exit 1; }
date -u > $R/date.txt
for i in $(seq 1 8); do /tmp/levelobj NVIDIA 4 p$i; done > $R/levelobj.tsv 2>&1
tar -C /tmp -czf $OUT/l4.tgz l4
awk '{k[$2" "$3]=k[$2" "$3]" "$5} END {for (x in k) print x, k[x]}' $R/levelobj.tsv | sort
