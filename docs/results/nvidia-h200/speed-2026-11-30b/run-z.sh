#!/bin/bash
# Call z (2026-11-30, issue 47): studies/leadkind.c, three processes in a row: can a cheaper launch
# stand in for a trial's lead-in of its own kernel (memcopy_ilp's 5.3 s of lead-ins)?
. .device/setup.sh > /dev/null
R=/tmp/z; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
cc -O2 studies/leadkind.c -lOpenCL -lm -o $R/leadkind > $R/build.log 2>&1 || { cat $R/build.log; exit 1; }
for i in 1 2 3; do ( time $R/leadkind NVIDIA ) > $R/leadkind-$i.txt 2>&1; done
tar -C /tmp -czf $OUT/z.tgz z
cat $R/leadkind-1.txt
