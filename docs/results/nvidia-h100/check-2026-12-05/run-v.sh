#!/bin/bash
# Device call: make -j16 check, check-device on the GPU, and vecsum --quick --cold on the GPU (bounds of cold rows).
. .device/setup.sh > /dev/null
C=${CALL:-v}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz $C; }
( time make -j16 all ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
s=$(date +%s); timeout 200 make -j16 check > $R/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E '^tests' $R/check.log > $R/check-head.txt; grep -E "^FAIL|passed,|slowest|skipped|processor seconds" $R/check.log > $R/check-summary.txt
grep -A3 "^FAIL" $R/check.log > $R/fails.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/$(basename "${f%.log}").out 2>/dev/null; done
rm -f $R/check.log; pack
s=$(date +%s); timeout 200 make check-device DEVICE=0:0 > $R/cdev.log 2>&1; echo "check-device rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed,|failed" $R/cdev.log | tail -20 > $R/cdev-summary.txt; pack
for c in "" "--cold"; do ./clx run vecsum --quick --device 0:0 $c --out $R/cold --quiet > $R/cold$c.log 2>&1; done
for d in $R/cold/vecsum-*/; do awk -F'\t' 'NR==1{for(i=1;i<=NF;i++)h[$i]=i} NR>1{print $h["variant"], $h["build"], $h["local"], $h["cache"], $h["gbs"], $h["flag"], $h["bound"], $h["sol_pct"]}' $d/results.tsv; done > $R/cold.txt; pack
cat $R/gpu.txt $R/walls.txt $R/check-head.txt $R/check-summary.txt $R/cdev-summary.txt $R/cold.txt
