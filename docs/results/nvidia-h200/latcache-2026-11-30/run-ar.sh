#!/bin/bash
# Call ar (2026-11-30): the set-up latencies kept between runs on the H200 (vecsum and volkov_fma twice
# each in a fresh cache folder, then once with --no-cache), then `make -j16 check` (PoCL and NVIDIA registered).
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-ar}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
make -j16 clx > $R/make.log 2>&1
export XDG_CACHE_HOME=$R/cache
for n in v1 v2; do ./clx run vecsum --device 0:0 --quiet --out $R/$n > $R/$n.log 2>&1; echo "$n rc=$?" >> $R/walls.txt; done
for n in f1 f2; do ./clx run volkov_fma --device 0:0 --quiet --out $R/$n > $R/$n.log 2>&1; echo "$n rc=$?" >> $R/walls.txt; done
./clx run vecsum --device 0:0 --quiet --no-cache --out $R/v3 > $R/v3.log 2>&1; echo "v3 rc=$?" >> $R/walls.txt
cp $R/cache/clx/latencies.tsv $R/ 2>/dev/null
unset XDG_CACHE_HOME
for d in $R/v? $R/f?; do rm -rf $d/*/ptx $d/*/kernels.tsv; done
s=$(date +%s.%N)
make -j16 check > $R/check.log 2>&1
echo "check rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
grep -E "^FAIL|passed,|slowest" $R/check.log
rm -rf $R/cache
tar -C /tmp -czf $OUT/${CALL:-ar}.tgz ${CALL:-ar}
cat $R/walls.txt $R/gpu.txt $R/latencies.tsv; for f in $R/v?.log $R/f?.log; do echo "== $f"; grep -E "latencies:|clx: time" $f | sed 's/.*latencies:/latencies:/' ; done
