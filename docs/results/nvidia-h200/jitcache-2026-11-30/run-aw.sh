#!/bin/bash
# Call aw (2026-11-30): at the session's closing code, a build whose PTX NVIDIA's JIT cache held
# (clx's build entries removed) carries ptxas's statistics in its log; then `make -j16 check`.
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-aw}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
make -j16 clx > $R/make.log 2>&1
export XDG_CACHE_HOME=$R/cache
./clx run vecsum --device 0:0 --quiet --out $R/v1 > $R/v1.log 2>&1; echo "v1 rc=$?" >> $R/walls.txt
find $R/cache/clx -mindepth 1 -maxdepth 1 ! -name nvidia-jit ! -name latencies.tsv -exec rm -rf {} +
./clx run vecsum --device 0:0 --quiet --out $R/v2 > $R/v2.log 2>&1; echo "v2 rc=$?" >> $R/walls.txt
unset XDG_CACHE_HOME
for d in v1 v2; do echo "$d: $(grep -l 'Used [0-9]* registers' $R/$d/latest/logs/*.log | wc -l) of $(ls $R/$d/latest/logs/*.log | wc -l) logs with ptxas's count; $(grep -l 'second build, a kernel of clx' $R/$d/latest/logs/*.log | wc -l) with the second build's; regs $(awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) if($i=="regs") c=i; next} {print $c}' $R/$d/latest/kernels.tsv | sort -n | tr '\n' ' ')" >> $R/registers.txt; done
cp $R/v2/latest/logs/naive__default.log $R/v2-naive-log.txt 2>/dev/null
rm -rf $R/v?/*/ptx $R/cache
s=$(date +%s.%N)
make -j16 check > $R/check.log 2>&1
echo "check rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
grep -E "^FAIL|passed,|slowest" $R/check.log
tar -C /tmp -czf $OUT/${CALL:-aw}.tgz ${CALL:-aw}
cat $R/walls.txt $R/registers.txt; tail -8 $R/v2-naive-log.txt
