#!/bin/bash
# Call as (2026-11-30): where a warm vecsum run's device set-up goes (studies/wallprof.c on the second of two runs).
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-as}; mkdir -p $R/prof
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
( make -j16 clx && cc -O2 -shared -fPIC studies/wallprof.c -o $R/wallprof.so -ldl -lpthread ) > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
./clx run vecsum --device 0:0 --quiet --out $R/v1 > $R/v1.log 2>&1
WALLPROF_DIR=$R/prof LD_PRELOAD=$R/wallprof.so ./clx run vecsum --device 0:0 --quiet --out $R/v2 > $R/v2.log 2>&1
WALLPROF_DIR=$R/prof3 LD_PRELOAD=$R/wallprof.so ./clx run taylor --device 0:0 --quiet --out $R/t3 > $R/t3.log 2>&1
for f in $R/prof/wallprof.*.txt $R/prof3/wallprof.*.txt; do echo "== $f" >> $R/prof-report.txt; sh studies/wallprof-report.sh ./clx $f 80 >> $R/prof-report.txt 2>&1; done
rm -rf $R/v?/*/ptx $R/t3/*/ptx $R/t3/*/results.tsv $R/wallprof.so
tar -C /tmp -czf $OUT/${CALL:-as}.tgz ${CALL:-as}
grep 'clx: time' $R/v1.log $R/v2.log $R/t3.log
