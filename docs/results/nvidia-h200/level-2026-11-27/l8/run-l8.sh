#!/bin/bash
# Call l8 (issue 25): tools/ctxrounds.c in 24 processes one after another, alternately with the five
# rounds of each of 48 taylor rows in one context and each round in another of five contexts.
. .device/setup.sh > /dev/null
R=/tmp/l8; mkdir -p $R /tmp/vno; cp /tmp/vendors/nvidia.icd /tmp/vno/; export OCL_ICD_VENDORS=/tmp/vno
cc -O2 tools/ctxrounds.c -lOpenCL -lm -o /tmp/ctxrounds 2> $R/build.log || { cat $R/build.log; exit 1; }
date -u > $R/date.txt
for i in $(seq 1 12); do /tmp/ctxrounds NVIDIA 1 one$i 5; /tmp/ctxrounds NVIDIA 5 five$i 5; done > $R/ctxrounds.tsv 2> $R/late.txt
tar -C /tmp -czf $OUT/l8.tgz l8
cat $R/late.txt | head -30; wc -l $R/ctxrounds.tsv
