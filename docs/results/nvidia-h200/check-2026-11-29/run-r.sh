#!/bin/bash
# Call r (2026-11-29 ninth session): make check three times on the GPU machine (PoCL and NVIDIA
# registered), then an sgemm search with no peaks run (every row bounded; figures without exponents).
. .device/setup.sh > /dev/null
R=/tmp/r; mkdir -p $R
cat .device/rev > $R/rev.txt
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
pack() { tar -C /tmp -czf $OUT/r.tgz --exclude='*/bin' --exclude='*/cl' r; }
for k in 1 2 3; do
  s=$(date +%s)
  make -j16 check > $R/check-$k.log 2>&1; echo "check $k rc=$? $(( $(date +%s) - s )) s: $(tail -1 $R/check-$k.log)" >> $R/walls.txt
  pack
done
s=$(date +%s)
./clx run sgemm --device NVIDIA --search --search-seed 2 --budget 20 --no-cache --out $R/sgemm > $R/sgemm.log 2>&1
echo "sgemm rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
pack; cat $R/walls.txt; grep "^clx: search: best\|^clx: speed of light\|^clx: time" $R/sgemm.log
