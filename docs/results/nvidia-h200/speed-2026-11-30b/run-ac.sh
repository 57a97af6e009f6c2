#!/bin/bash
# Call ac (2026-11-30, issue 47): at this commit, where a taylor sweep's host time goes, by function
# (studies/wallprof.c, sampled every 2 ms in the worker), then make -j16 check twice more.
. .device/setup.sh > /dev/null
R=/tmp/ac; mkdir -p $R/prof
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/ac.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' --exclude='results.tsv' --exclude='*.ptx' ac; }
( make -j16 clx && cc -O2 -shared -fPIC studies/wallprof.c -o $R/wallprof.so -ldl -lpthread ) > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
WALLPROF_DIR=$R/prof LD_PRELOAD=$R/wallprof.so ./clx run taylor --device NVIDIA --quiet --out $R/tay > $R/tay.log 2>&1
echo "taylor rc=$?" >> $R/walls.txt; grep 'clx: time' $R/tay.log >> $R/walls.txt
for f in $R/prof/wallprof.*.txt; do echo "== $f" >> $R/prof-report.txt; sh studies/wallprof-report.sh ./clx $f 60 >> $R/prof-report.txt 2>&1; done
pack
for i in 1 2; do
  s=$(date +%s); make -j16 check > $R/check-$i.log 2>&1; echo "check $i rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
  tail -1 $R/check-$i.log >> $R/walls.txt; grep '^FAIL' $R/check-$i.log >> $R/walls.txt; pack
done
cat $R/walls.txt
