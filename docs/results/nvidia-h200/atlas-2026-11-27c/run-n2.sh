#!/bin/bash
# Call n2 (issue 19 item 6): pageable copies split over host threads (tools/pagethreads.c), at
# 256 MiB and 1 GiB, around OpenCL-Benchmark and clpeak's transfer lines, in one call.
. .device/setup.sh > /dev/null
R=/tmp/n2; mkdir -p $R/peers /tmp/vno; cp /tmp/vendors/nvidia.icd /tmp/vno/
export OCL_ICD_VENDORS=/tmp/vno
cc -O2 tools/pagethreads.c -lOpenCL -lm -lpthread -o /tmp/pagethreads 2> $R/build.log || { cat $R/build.log; exit 1; }
bash .device/peers/build.sh > $R/peers-build.log 2>&1
pack() { tar -C /tmp -czf $OUT/n2.tgz n2; }
s() { echo "$(date -u +%FT%TZ) $*" >> $R/steps.txt; }
s pt256a; /tmp/pagethreads NVIDIA 256 > $R/pt256-a.txt 2>&1
s oclb; PEERS_OUT=$R/peers timeout 150 bash .device/peers/run.sh --only openclbench > $R/oclb.log 2>&1
s pt1024; /tmp/pagethreads NVIDIA 1024 > $R/pt1024.txt 2>&1
s clpeak; timeout 100 /tmp/deps/usr/bin/clpeak --transfer-bandwidth > $R/clpeak-xfer.txt 2>&1
s pt256b; /tmp/pagethreads NVIDIA 256 > $R/pt256-b.txt 2>&1
s end; pack
cat $R/steps.txt; cat $R/pt256-a.txt $R/pt1024.txt $R/pt256-b.txt; grep -i "pcie" $R/peers/*.txt; grep -iA12 "transfer" $R/clpeak-xfer.txt | head -20
