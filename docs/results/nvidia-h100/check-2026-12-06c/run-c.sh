#!/bin/bash
# Device call: make -j16 check (PoCL on the Xeon, NVIDIA registered) and make check-device DEVICE=0:0, summaries under $OUT after each step.
. .device/setup.sh > /dev/null
C=${CALL:-y}; R=$OUT/$C; mkdir -p $R
cat .device/rev > $R/rev.txt
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm,clocks.sm --format=csv; nproc; } > $R/gpu.txt 2>&1
( time make -j16 all ) > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
s=$(date +%s); timeout 330 make -j16 check > /tmp/check.log 2>&1; echo "make -j16 check rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed,|failed|skipped" /tmp/check.log | tail -20 > $R/check-summary.txt; grep -A3 "^FAIL" /tmp/check.log > $R/check-fails.txt
s=$(date +%s); timeout 130 make check-device DEVICE=0:0 > /tmp/cdev.log 2>&1; echo "check-device rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed,|failed|skipped" /tmp/cdev.log | tail -20 > $R/cdev-summary.txt; grep -A3 "^FAIL" /tmp/cdev.log > $R/cdev-fails.txt
cat $R/gpu.txt $R/walls.txt $R/check-summary.txt $R/check-fails.txt $R/cdev-summary.txt $R/cdev-fails.txt
cat $R/walls.txt; (cd $OUT && tar cJf $C.tar.xz $C && rm -rf $C)
