#!/bin/bash
# Device call: build, make -j16 check once and make check-device DEVICE=0:0, summaries under $OUT.
. .device/setup.sh > /dev/null
C=${CALL:-u}; R=/tmp/$C; mkdir -p $R
git rev-parse --short HEAD > $R/rev.txt 2>/dev/null || cat .device/rev > $R/rev.txt
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; df -h /dev/shm; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz $C; }
( time make -j16 all ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
s=$(date +%s); timeout ${LIMIT:-200} make -j16 check > $R/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E '^tests' $R/check.log > $R/check-head.txt; grep -E "^FAIL|passed,|slowest|skipped|processor seconds" $R/check.log > $R/check-summary.txt
grep -A3 "^FAIL" $R/check.log > $R/fails.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/$(basename "${f%.log}").out 2>/dev/null; done
rm -f $R/check.log; pack
DEV=$(clinfo -l 2>/dev/null | awk '/Platform #/{p=$2} /H[12]00/{print 0":"0; exit}')
s=$(date +%s); timeout 240 make check-device DEVICE=${DEV:-0:0} > $R/cdev.log 2>&1; echo "check-device rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed,|failed" $R/cdev.log | tail -20 > $R/cdev-summary.txt; pack
cat $R/gpu.txt $R/walls.txt $R/check-head.txt $R/check-summary.txt $R/cdev-summary.txt
