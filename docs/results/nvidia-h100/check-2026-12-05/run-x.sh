#!/bin/bash
# Device call: make check-device DEVICE=0:0 alone (the GPU's suite), summary under $OUT.
. .device/setup.sh > /dev/null
C=${CALL:-x}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm,clocks.sm --format=csv; } > $R/gpu.txt 2>&1
( time make -j16 all ) > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
s=$(date +%s); timeout 240 make check-device DEVICE=0:0 > $R/cdev.log 2>&1; echo "check-device rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed,|failed" $R/cdev.log | tail -20 > $R/cdev-summary.txt; grep -A3 "^FAIL" $R/cdev.log > $R/fails.txt
tar -C /tmp -czf $OUT/$C.tgz $C
cat $R/gpu.txt $R/walls.txt $R/cdev-summary.txt $R/fails.txt
