#!/bin/bash
# Call bg (2026-11-30, later session): `make -j16 check` at 81d9b0a (the first fixes of the session).
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-bg}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
s=$(date +%s.%N)
make -j16 check > $R/check.log 2>&1
echo "check rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}") s" >> $R/walls.txt
grep -E "^FAIL|passed," $R/check.log > $R/check-summary.txt
tar -C /tmp -czf $OUT/${CALL:-bg}.tgz ${CALL:-bg}
cat $R/walls.txt $R/check-summary.txt; grep -B3 "^FAIL" $R/check.log | head -20
