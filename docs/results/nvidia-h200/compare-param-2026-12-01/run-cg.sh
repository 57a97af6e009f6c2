#!/bin/bash
# Call cg (2026-12-01, third session): volkov_fma and memcopy_ilp, full default sweeps on the H200,
# compared within each run along a template parameter (clx compare RUN --by ILP, --by VEC) and
# --by build; then make -j16 check (PoCL and NVIDIA registered) and make check-device.
. .device/setup.sh > /dev/null
C=${CALL:-cg}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' --exclude='*.ptx' --exclude='*/plots' $C; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
./clx devices > $R/devices.txt 2>&1
DEV=$(awk '/NVIDIA H200/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+:[0-9]+$/) { print $i; exit } }' $R/devices.txt)
echo "device $DEV" >> $R/walls.txt
for e in volkov_fma memcopy_ilp; do
  s=$(date +%s); ./clx run $e --device $DEV --out $R/runs > $R/run-$e.txt 2>&1; echo "run $e rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
  for by in ILP build $( [ $e = memcopy_ilp ] && echo VEC ); do
    ./clx compare $R/runs/latest --by $by --out $R/cmp-$e-$by > $R/cmp-$e-$by.txt 2>&1; echo "compare $e --by $by rc=$?" >> $R/walls.txt
  done
done
rm -rf $R/runs/*/bin $R/runs/*/cl
pack
s=$(date +%s); make -j16 check > $R/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed," $R/check.log > $R/check-summary.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/; done
pack
s=$(date +%s); make check-device DEVICE=$DEV > $R/check-device.log 2>&1; echo "check-device rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed," $R/check-device.log > $R/check-device-summary.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/dev-$(basename "${f%.log}").out; done
pack
cat $R/walls.txt $R/check-summary.txt $R/check-device-summary.txt
