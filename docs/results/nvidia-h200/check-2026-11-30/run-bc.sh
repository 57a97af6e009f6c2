#!/bin/bash
# Call bc (2026-11-30): runs whose charts are drawn here (the machine has no gnuplot): vecsum twice
# (clx compare's verdict chart) and volkov_fma once (report.md's speed-of-light chart).
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-bc}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
make -j16 clx > $R/make.log 2>&1
for n in 1 2; do ./clx run vecsum --device 0:0 --quiet --out $R/res > $R/v$n.log 2>&1; echo "v$n rc=$?" >> $R/walls.txt; done
./clx run volkov_fma --device 0:0 --quiet --out $R/res > $R/f1.log 2>&1; echo "f1 rc=$?" >> $R/walls.txt
rm -rf $R/res/*/ptx $R/res/*/bin $R/res/*/cl $R/res/*/logs
tar -C /tmp -czf $OUT/${CALL:-bc}.tgz ${CALL:-bc}
cat $R/walls.txt; grep "clx: time" $R/*.log | cut -c1-160
