#!/bin/bash
# Call am (2026-11-30): `make -j16 check` at the session's closing code; run again as call an (PoCL and NVIDIA registered).
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-am}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
s=$(date +%s.%N)
make -j16 check > $R/check.log 2>&1
echo "check rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
grep -E "^FAIL|passed,|slowest" $R/check.log
tar -C /tmp -czf $OUT/${CALL:-am}.tgz ${CALL:-am}
cat $R/walls.txt $R/gpu.txt
