#!/bin/bash
# Call ka (2026-12-02, eleventh session): volkov_fma and memcopy_ilp with --report (what the
# summary's new words say on a GPU: bests not decided, slowdowns at two work-group sizes, both-ways
# verdicts), then make -j16 check and make check-device (ahead_stderr among them: a build ahead's
# driver line never on the console) on the H200.
. .device/setup.sh > /dev/null
C=${CALL:-ka}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz $C; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
./clx devices > $R/devices.txt 2>&1
DEV=$(awk '/NVIDIA H200/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+:[0-9]+$/) { print $i; exit } }' $R/devices.txt)
echo "device $DEV" >> $R/walls.txt
if [ -z "$SKIPSWEEP" ]; then
  for e in volkov_fma memcopy_ilp; do
    s=$(date +%s.%N); ./clx run $e --device $DEV --out /tmp/res --report --dir-file /tmp/$e.dir > $R/$e.console 2>&1
    echo "$e rc=$? $(awk "BEGIN { printf \"%.1f\", $(date +%s.%N) - $s }") s" >> $R/walls.txt
    d=$(cat /tmp/$e.dir); mkdir -p $R/$e; cp $d/report.md $d/run.json $R/$e/ 2>/dev/null; gzip -c $d/results.tsv > $R/$e/results.tsv.gz
    ./clx compare $d --by build --out /tmp/cmp-$e > $R/$e/compare-by-build.console 2>&1
  done
fi
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
cat $R/walls.txt $R/check-summary.txt $R/check-device-summary.txt
