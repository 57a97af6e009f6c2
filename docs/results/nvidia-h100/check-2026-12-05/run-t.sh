#!/bin/bash
# Call (2026-12-05, twenty-third session): make -j16 check three times in a row on the H200 machine (PoCL and NVIDIA registered), the header line kept.
. .device/setup.sh > /dev/null
C=${CALL:-t}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; df -h /dev/shm; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz $C; }
( time make -j16 all ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
for i in 1 2 3; do
  s=$(date +%s); timeout ${LIMIT:-175} make -j16 check > $R/check$i.log 2>&1; echo "check$i rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
  grep -E '^tests' $R/check$i.log > $R/check$i-head.txt; grep -E "^FAIL|passed,|slowest|skipped|processor seconds" $R/check$i.log > $R/check$i-summary.txt
  grep -A3 "^FAIL" $R/check$i.log > $R/fails$i.txt
  for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/$i-$(basename "${f%.log}").out 2>/dev/null; done
  rm -f $R/check$i.log; pack
done
cat $R/walls.txt $R/check*-head.txt $R/check*-summary.txt
