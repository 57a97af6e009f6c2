#!/bin/bash
# Call ma: make -j16 check alone on the H200 machine (PoCL and NVIDIA registered), within what is left.
. .device/setup.sh > /dev/null
C=${CALL:-ma}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz $C; }
( time make -j16 all ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
s=$(date +%s); timeout ${LIMIT:-220} make -j16 check > $R/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed,|slowest" $R/check.log > $R/check-summary.txt
grep -A3 "^FAIL" $R/check.log > $R/fails.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/ 2>/dev/null; done
rm -f $R/check.log
pack
cat $R/walls.txt $R/check-summary.txt
