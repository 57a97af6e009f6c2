#!/bin/bash
# Call cj (2026-12-01, fourth session): rows on request (a sweep's rows in flight made only when a
# stop asks). make -j16 check and make check-device on the H200; taylor three times, vecsum and
# memcopy_ilp once, default options, for their time lines; then a sweep of three configurations of
# tests/e2e/fixtures/latehang.spec on the H200, stopped in its hung launch: its rows kept.
. .device/setup.sh > /dev/null
C=${CALL:-cj}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' --exclude='*.ptx' --exclude='*/plots' $C; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
./clx devices > $R/devices.txt 2>&1
DEV=$(awk '/NVIDIA H200/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+:[0-9]+$/) { print $i; exit } }' $R/devices.txt)
echo "device $DEV" >> $R/walls.txt
s=$(date +%s); make -j16 check > $R/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed," $R/check.log > $R/check-summary.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/; done
pack
s=$(date +%s); make check-device DEVICE=$DEV > $R/check-device.log 2>&1; echo "check-device rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed," $R/check-device.log > $R/check-device-summary.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/dev-$(basename "${f%.log}").out; done
pack
for e in taylor taylor taylor vecsum memcopy_ilp; do
  s=$(date +%s); ./clx run $e --device $DEV --out $R/runs > $R/run.txt 2>&1; echo "run $e rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
  d=$(ls -td $R/runs/$e-* | head -1); n=$(basename $d)
  cp $R/run.txt $R/run-$n.txt
  awk -F'\t' 'NR==1{for(i=1;i<=NF;i++)c[$i]=i;next} {n++; r+=$c["rounds"]} END {print n " rows, " r " rounds"}' $d/results.tsv >> $R/run-$n.txt
  pack
done
# The three-configuration sweep stopped in its hung launch (stop_kill.sh's, on the H200).
./clx run tests/e2e/fixtures/latehang.spec --device $DEV --set HANG=40 --set local=16,32,64 --rounds 5 --max-rounds 5 --round-gap 0 --out $R/hang > $R/hang.log 2>&1 & pid=$!
for _ in $(seq 1 300); do grep -q 'configurations* to time' $R/hang.log && break; sleep 0.1; done
sleep 4; kill -INT $pid; wait $pid; echo "hang rc=$?" >> $R/walls.txt
d=$(ls -d $R/hang/latehang-* | head -1)
python3 -c 'import csv, sys
for w in csv.DictReader(open(sys.argv[1]), delimiter="\t"): print(w["local"], w["status"], w["rounds"], w["flag"], w["timing_note"])' $d/results.tsv > $R/hang-rows.txt 2>&1
nvidia-smi --query-gpu=index,name,utilization.gpu --format=csv >> $R/hang-rows.txt 2>&1
pack
cat $R/walls.txt $R/check-summary.txt $R/check-device-summary.txt $R/hang-rows.txt; grep -h "time:" $R/run-*.txt
