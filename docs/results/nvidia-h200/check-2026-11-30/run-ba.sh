#!/bin/bash
# Call ba (2026-11-30): the time line's line on held batches (taylor), the latency cache kept and
# taken under its new key and lock (vecsum twice, then two vecsum runs at once on one GPU with
# --share-device: nothing kept by them), then `make -j16 check`.
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-ba}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
make -j16 clx > $R/make.log 2>&1
export XDG_CACHE_HOME=$R/cache
./clx run taylor --device 0:0 --quiet --out $R/t1 > $R/t1.log 2>&1; echo "t1 rc=$?" >> $R/walls.txt
./clx run vecsum --device 0:0 --quiet --out $R/v1 > $R/v1.log 2>&1; echo "v1 rc=$?" >> $R/walls.txt
cp $R/cache/clx/latencies.tsv $R/latencies-after-v1.tsv 2>/dev/null
./clx run vecsum --device 0:0 --quiet --out $R/v2 > $R/v2.log 2>&1; echo "v2 rc=$?" >> $R/walls.txt
rm -f $R/cache/clx/latencies.tsv
./clx run vecsum --device 0:0 --quiet --share-device --out $R/s1 > $R/s1.log 2>&1 &
./clx run vecsum --device 0:0 --quiet --share-device --out $R/s2 > $R/s2.log 2>&1; wait
echo "after two sharing runs: $(ls $R/cache/clx/latencies.tsv 2>&1)" >> $R/walls.txt
unset XDG_CACHE_HOME
for d in t1 v1 v2 s1 s2; do echo "$d: $(grep -o '"source":[^,]*set-up[^,]*' $R/$d/latest/run.json | head -1 | cut -c1-140)" >> $R/latsource.txt; done
rm -rf $R/*/*/ptx $R/cache
s=$(date +%s.%N)
make -j16 check > $R/check.log 2>&1
echo "check rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
grep -E "^FAIL|passed,|slowest" $R/check.log
tar -C /tmp -czf $OUT/${CALL:-ba}.tgz ${CALL:-ba}
cat $R/walls.txt $R/latsource.txt; grep "clx: time" $R/t1.log $R/v1.log $R/v2.log; cat $R/latencies-after-v1.tsv
