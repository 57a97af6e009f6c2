#!/bin/bash
# Call bt (2026-11-30, fifth session): make -j16 check (PoCL and NVIDIA registered), make
# check-device on the H200, then two runs each of vecsum and volkov_fma on it, their time lines and
# a compare (does a full sweep still run and read as before after the session's changes).
. .device/setup.sh > /dev/null
C=${CALL:-bt}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' --exclude='*/ptx' $C; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
./clx devices > $R/devices.txt 2>&1
s=$(date +%s); make -j16 check > $R/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed," $R/check.log > $R/check-summary.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/; done
pack
DEV=$(awk '/NVIDIA H200/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+:[0-9]+$/) { print $i; exit } }' $R/devices.txt)
echo "device $DEV" >> $R/walls.txt
s=$(date +%s); make check-device DEVICE=$DEV > $R/check-device.log 2>&1; echo "check-device rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed," $R/check-device.log > $R/check-device-summary.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/dev-$(basename "${f%.log}").out; done
pack
run1() { s=$(date +%s.%N); ./clx run $2 --device NVIDIA --quiet --out $R/$1-$2 > $R/$1-$2.log 2>&1
  echo "$1 $2 rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt; }
for x in a b; do for e in vecsum volkov_fma; do run1 $x $e; done; done
for e in vecsum volkov_fma; do ./clx compare $(ls -d $R/a-$e/$e-*) $(ls -d $R/b-$e/$e-*) --out $R/compare-$e > $R/compare-$e.log 2>&1; echo "compare $e rc=$?" >> $R/walls.txt; ./clx report $(ls -d $R/a-$e/$e-*) > $R/report-$e.log 2>&1; echo "report $e rc=$?" >> $R/walls.txt; done
pack
cat $R/walls.txt $R/check-summary.txt $R/check-device-summary.txt 2>/dev/null; for f in $R/[ab]-*.log; do echo "$(basename $f): $(grep -h 'clx: time' $f | cut -c1-200)"; done; for e in vecsum volkov_fma; do head -4 $R/compare-$e.log; done
