#!/bin/bash
# Call au (2026-11-30): NVIDIA's JIT cache beside clx's build cache. In a fresh cache folder: vecsum
# twice; vecsum after clx's build entries are removed (the JIT cache kept: registers by a fresh
# build); vecsum --no-cache; volkov_fma; taylor; then make -j16 check.
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-au}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
make -j16 clx > $R/make.log 2>&1
export XDG_CACHE_HOME=$R/cache
one() { local n=$1; shift; s=$(date +%s.%N); ./clx run "$@" --device 0:0 --quiet --out $R/$n > $R/$n.log 2>&1; echo "$n rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt; }
one v1 vecsum
one v2 vecsum
find $R/cache/clx -path $R/cache/clx/nvidia-jit -prune -o -type f ! -name latencies.tsv -print -delete > $R/removed.txt
one v3 vecsum
one v4 vecsum --no-cache
one f1 volkov_fma
one t1 taylor
du -sh $R/cache/clx/nvidia-jit >> $R/walls.txt 2>&1
unset XDG_CACHE_HOME
for d in v1 v2 v3 v4 f1; do echo "$d registers: $(awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) if($i=="regs") c=i; next} {print $c}' $R/$d/latest/kernels.tsv | sort | uniq -c | tr '\n' ' ')" >> $R/registers.txt; done
for d in $R/v? $R/f1 $R/t1; do rm -rf $d/*/ptx; done; rm -f $R/t1/*/results.tsv
s=$(date +%s.%N)
make -j16 check > $R/check.log 2>&1
echo "check rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
grep -E "^FAIL|passed,|slowest" $R/check.log
rm -rf $R/cache
tar -C /tmp -czf $OUT/${CALL:-au}.tgz ${CALL:-au}
cat $R/walls.txt $R/registers.txt; for f in $R/v?.log $R/f1.log $R/t1.log; do echo "== $f"; grep -E "clx: time|builds:" $f; done; grep -h nvidia_jit_cache $R/*/latest/run.json | sort | uniq -c
