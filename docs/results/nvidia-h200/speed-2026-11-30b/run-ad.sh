#!/bin/bash
# Call ad (2026-11-30, issue 47): taylor three times each, A B A B A B: A = f658ab2 (lead-ins of
# the kernel's own, from .device/old.tar), B = this commit (warming spins, kept parsers).
. .device/setup.sh > /dev/null
R=/tmp/ad; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
mkdir -p /tmp/old && tar -xf .device/old.tar -C /tmp/old
( make -j16 clx && make -C /tmp/old -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
pack() { tar -C /tmp -czf $OUT/ad.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' --exclude='*.ptx' --exclude='kernels.tsv' ad; }
for i in 1 2 3; do
  for arm in A B; do
    bin=./clx; [ $arm = A ] && bin=/tmp/old/clx
    $bin run taylor --device NVIDIA --quiet --out $R/tay-$arm$i > $R/tay-$arm$i.log 2>&1
    echo "tay-$arm$i rc=$? $(grep -h 'clx: time' $R/tay-$arm$i.log)" >> $R/walls.txt
  done
  pack
done
cat $R/walls.txt | cut -c1-80
