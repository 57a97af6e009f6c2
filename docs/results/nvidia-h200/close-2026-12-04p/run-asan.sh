#!/bin/bash
# Call (2026-12-04, seventeenth session): make -j16 check-asan on the H200 machine (PoCL and NVIDIA registered).
. .device/setup.sh > /dev/null
C=${CALL:-asan}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; gcc --version | head -1; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz $C; }
s=$(date +%s); timeout ${LIMIT:-540} make -j16 check-asan > $R/check-asan.log 2>&1; echo "check-asan rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed,|slowest" $R/check-asan.log > $R/check-asan-summary.txt
grep -A3 "^FAIL" $R/check-asan.log > $R/fails.txt
tail -30 $R/check-asan.log > $R/tail.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/ 2>/dev/null; done
cp -r tests/tmp/sanitizer $R/ 2>/dev/null
rm -f $R/check-asan.log
pack
cat $R/walls.txt $R/check-asan-summary.txt
