#!/bin/bash
# Call cp (2026-12-01, fifth session): at the session's closing code, vecsum with its report (the
# roofline of one intensity under the H200's bandwidth roof), taylor stopped 14 s in (the stop's
# words on rows cut), then make -j16 check and make check-device.
. .device/setup.sh > /dev/null
C=${CALL:-cp}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz $C; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
./clx devices > $R/devices.txt 2>&1
DEV=$(awk '/NVIDIA H200/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+:[0-9]+$/) { print $i; exit } }' $R/devices.txt)
echo "device $DEV" >> $R/walls.txt
./clx run vecsum --device $DEV --out $R/runs --report > $R/vecsum.log 2>&1; echo "vecsum rc=$?" >> $R/walls.txt
mkdir -p $R/vecsum; d=$(ls -d $R/runs/vecsum-* | head -n 1)
cp $d/report.md $d/plots/roofline_gflops.png $d/plots/sol.png $d/plots/bandwidth.png $R/vecsum/ 2>/dev/null   # that machine has no gnuplot: report.md alone
timeout -s INT 14 ./clx run taylor --device $DEV --out $R/runs --quiet > $R/taylor-stop.log 2>&1; echo "taylor stop rc=$?" >> $R/walls.txt
rm -rf $R/runs
pack
s=$(date +%s); make -j16 check > $R/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed," $R/check.log > $R/check-summary.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/; done
pack
s=$(date +%s); make check-device DEVICE=$DEV > $R/check-device.log 2>&1; echo "check-device rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed," $R/check-device.log > $R/check-device-summary.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/dev-$(basename "${f%.log}").out; done
rm -f $R/check.log $R/check-device.log
pack
cat $R/walls.txt $R/check-summary.txt $R/check-device-summary.txt; tail -4 $R/taylor-stop.log
