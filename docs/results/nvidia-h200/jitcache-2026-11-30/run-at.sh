#!/bin/bash
# Call at (2026-11-30): studies/ctxopen.c in three processes each: as the machine is, with
# CUDA_CACHE_PATH pointing into /tmp, with CUDA_CACHE_DISABLE=1; what HOME and ~/.nv hold.
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-at}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
{ echo "HOME=$HOME"; id; ls -la $HOME/.nv 2>&1; ls -la $HOME/.nv/ComputeCache 2>&1 | head -5; env | grep -i cuda; touch $HOME/.clx-probe && echo "HOME writable" && rm -f $HOME/.clx-probe; } > $R/env.txt 2>&1
cc -O2 -Wall -Wextra studies/ctxopen.c -lOpenCL -lm -o $R/ctxopen 2> $R/cc.log
for i in 1 2 3; do $R/ctxopen NVIDIA default-$i; done > $R/default.txt 2>&1
for i in 1 2 3; do CUDA_CACHE_PATH=/tmp/nvcache $R/ctxopen NVIDIA path-$i; done > $R/path.txt 2>&1
for i in 1 2 3; do CUDA_CACHE_DISABLE=1 $R/ctxopen NVIDIA disable-$i; done > $R/disable.txt 2>&1
{ ls -la $HOME/.nv 2>&1; du -sh $HOME/.nv/ComputeCache /tmp/nvcache 2>&1; } >> $R/env.txt
rm -f $R/ctxopen
tar -C /tmp -czf $OUT/${CALL:-at}.tgz ${CALL:-at}
cat $R/env.txt; cat $R/default.txt $R/path.txt $R/disable.txt | grep -v "^# tag" ; head -1 $R/default.txt
