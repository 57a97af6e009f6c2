#!/bin/bash
# Device call: make -j16 check (PoCL on the Xeon, NVIDIA registered), make check-device DEVICE=0:0, then volkov_fma and taylor sweeps on the GPU (their time lines and speed-of-light lines); summaries under $OUT.
. .device/setup.sh > /dev/null
C=${CALL:-d}; R=$OUT/$C; mkdir -p $R
cat .device/rev > $R/rev.txt
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm,clocks.sm --format=csv; nproc; } > $R/gpu.txt 2>&1
( time make -j16 all ) > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
s=$(date +%s); timeout 330 make -j16 check > /tmp/check.log 2>&1; echo "make -j16 check rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed,|failed|skipped" /tmp/check.log | tail -20 > $R/check-summary.txt; grep -A3 "^FAIL" /tmp/check.log > $R/check-fails.txt
s=$(date +%s); timeout 130 make check-device DEVICE=0:0 > /tmp/cdev.log 2>&1; echo "check-device rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed,|failed|skipped" /tmp/cdev.log | tail -20 > $R/cdev-summary.txt; grep -A3 "^FAIL" /tmp/cdev.log > $R/cdev-fails.txt
mkdir -p $R/runs
for e in ${SWEEPS:-volkov_fma taylor}; do
  s=$(date +%s); timeout 120 ./clx run $e --device 0:0 --out $R/runs > $R/$e.out 2>&1; echo "$e rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
done
cat $R/gpu.txt $R/walls.txt $R/check-summary.txt $R/check-fails.txt $R/cdev-summary.txt $R/cdev-fails.txt
for e in ${SWEEPS:-volkov_fma taylor}; do grep -E "speed of light|time: wall|ok," $R/$e.out; done
(cd $OUT && tar cJf $C.tar.xz $C && rm -rf $C)
