#!/bin/bash
# Call (2026-12-05, twenty-second session): make -j16 check twice, then the stop tests alone three times (a quiet host: their sweeps at their quickest) on the H200 machine.
. .device/setup.sh > /dev/null
C=${CALL:-q}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz $C; }
( time make -j16 all ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
for i in 1 2; do
  s=$(date +%s); timeout ${LIMIT:-200} make -j16 check > $R/check$i.log 2>&1; echo "check$i rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
  head -4 $R/check$i.log | grep '^tests:' > $R/check$i-head.txt; grep -E "^FAIL|passed,|slowest|skipped" $R/check$i.log > $R/check$i-summary.txt
  grep -A3 "^FAIL" $R/check$i.log > $R/fails$i.txt
  for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/$i-$(basename "${f%.log}").out 2>/dev/null; done
  rm -f $R/check$i.log; pack
done
for i in 1 2 3; do
  s=$(date +%s); ONLY_TESTS="stop stop_pipe stop_multi" timeout 120 make -j16 check > $R/stop$i.log 2>&1; echo "stop$i rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
  grep -E "^FAIL|^SKIP|passed,|slowest|skipped" $R/stop$i.log > $R/stop$i-summary.txt
  for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/s$i-$(basename "${f%.log}").out 2>/dev/null; done
  rm -f $R/stop$i.log; pack
done
cat $R/walls.txt $R/check*-summary.txt $R/stop*-summary.txt
