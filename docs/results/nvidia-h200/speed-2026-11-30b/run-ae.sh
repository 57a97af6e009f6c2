#!/bin/bash
# Call ae (2026-11-30, issue 47): at this commit (warming spins only for buffers of 8 times the
# last-level cache, kept parsers): memcopy_ilp, taylor and vecsum once each, their time lines.
. .device/setup.sh > /dev/null
R=/tmp/ae; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
pack() { tar -C /tmp -czf $OUT/ae.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' --exclude='*.ptx' --exclude='kernels.tsv' ae; }
for e in memcopy_ilp taylor vecsum; do
  ./clx run $e --device NVIDIA --quiet --out $R/$e > $R/$e.log 2>&1
  echo "$e rc=$? $(grep -h 'clx: time' $R/$e.log)" >> $R/walls.txt; pack
done
cat $R/walls.txt | cut -c1-90
