#!/bin/bash
# Call q (2026-11-29 ninth session): make check on the GPU machine (PoCL and NVIDIA registered), then
# an sgemm search with no peaks run anywhere: every row should have a bound (the L2's upper limit).
. .device/setup.sh > /dev/null
R=/tmp/q; mkdir -p $R
cat .device/rev > $R/rev.txt
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
pack() { tar -C /tmp -czf $OUT/q.tgz --exclude='*/bin' --exclude='*/cl' q; }
s=$(date +%s); set -o pipefail
make -j16 check > $R/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
tail -3 $R/check.log; pack
s=$(date +%s)
./clx run sgemm --device NVIDIA --search --search-seed 1 --budget 20 --no-cache --out $R/sgemm > $R/sgemm.log 2>&1
echo "sgemm rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
pack; cat $R/walls.txt; grep -A4 "Speed of light" $R/sgemm.log | head -8
