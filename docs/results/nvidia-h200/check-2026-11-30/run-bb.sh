#!/bin/bash
# Call bb (2026-11-30): at the session's closing code, `make -j16 check` three times in a row
# (test_lead_in_launches failed once in call ba), then taylor once (the time line's held-batch line).
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-bb}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
make -j16 clx > $R/make.log 2>&1
for i in 1 2 3; do
  s=$(date +%s.%N)
  make -j16 check > $R/check-$i.log 2>&1
  echo "check $i rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}") s" >> $R/walls.txt
  grep -E "^FAIL|passed," $R/check-$i.log >> $R/check-summary.txt
  grep -A3 "the warm-up took\|the kernel took" $R/check-$i.log | head -6 >> $R/leadin.txt
done
export XDG_CACHE_HOME=$R/cache
./clx run taylor --device 0:0 --quiet --out $R/t1 > $R/t1.log 2>&1; echo "t1 rc=$?" >> $R/walls.txt
unset XDG_CACHE_HOME
grep "clx: time" $R/t1.log > $R/timeline.txt
rm -rf $R/t1 $R/cache
tar -C /tmp -czf $OUT/${CALL:-bb}.tgz ${CALL:-bb}
cat $R/walls.txt $R/check-summary.txt $R/leadin.txt $R/timeline.txt
