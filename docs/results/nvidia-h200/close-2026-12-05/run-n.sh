#!/bin/bash
# Call o? (2026-12-04, sixteenth session): make -j16 check, then make check-device on the H200 (PoCL and NVIDIA registered).
. .device/setup.sh > /dev/null
C=${CALL:-na}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; df -h /dev/shm; mount | grep -w /dev/shm; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz $C; }
( time make -j16 all ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
./clx devices > $R/devices.txt 2>&1
DEV=$(awk '/NVIDIA H200/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+:[0-9]+$/) { print $i; exit } }' $R/devices.txt)
echo "device $DEV" >> $R/walls.txt
s=$(date +%s); timeout ${LIMIT:-240} make -j16 check > $R/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
head -3 $R/check.log > $R/check-head.txt; grep -E "^FAIL|passed,|slowest" $R/check.log > $R/check-summary.txt
grep -A3 "^FAIL" $R/check.log > $R/fails.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/ 2>/dev/null; done
rm -f $R/check.log
pack
if [ -z "$NODEV" ]; then
s=$(date +%s); timeout ${DLIMIT:-300} make check-device DEVICE=$DEV > $R/check-device.log 2>&1; echo "check-device rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed,|slowest" $R/check-device.log > $R/check-device-summary.txt
grep -A3 "^FAIL" $R/check-device.log > $R/dev-fails.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/dev-$(basename "${f%.log}").out 2>/dev/null; done
rm -f $R/check-device.log
fi
pack
cat $R/walls.txt $R/check-summary.txt $R/check-device-summary.txt 2>/dev/null
