#!/bin/bash
# Call av (2026-11-30): a build whose PTX NVIDIA's JIT cache holds but clx's build cache does not:
# vecsum and volkov_fma once each in a fresh cache folder, clx's build entries removed (the JIT
# cache kept), both again: every kernel's register count still there (a fresh build for it).
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-av}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
make -j16 clx > $R/make.log 2>&1
export XDG_CACHE_HOME=$R/cache
one() { local n=$1; shift; s=$(date +%s.%N); ./clx run "$@" --device 0:0 --quiet --out $R/$n > $R/$n.log 2>&1; echo "$n rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt; }
one v1 vecsum
one f1 volkov_fma --set ILP=1,8
find $R/cache/clx -mindepth 1 -maxdepth 1 ! -name nvidia-jit ! -name latencies.tsv -print -exec rm -rf {} + > $R/removed.txt
one v2 vecsum
one f2 volkov_fma --set ILP=1,8
unset XDG_CACHE_HOME
for d in v1 v2 f1 f2; do echo "$d regs: $(awk -F'\t' 'NR==1{for(i=1;i<=NF;i++){if($i=="regs") c=i; if($i=="cached") k=i; if($i=="build_ms") b=i}; next} {print $c "/" $k}' $R/$d/latest/kernels.tsv | sort | uniq -c | tr '\n' ' ')" >> $R/registers.txt; done
for d in v1 v2 f1 f2; do rm -rf $R/$d/*/ptx; done
tar -C /tmp -czf $OUT/${CALL:-av}.tgz ${CALL:-av}
wc -l < $R/removed.txt; cat $R/walls.txt $R/registers.txt; for f in $R/v?.log $R/f?.log; do echo "== $f"; grep -E "clx: time" $f | sed 's/device set-up/\n  device set-up/' | head -3; done
