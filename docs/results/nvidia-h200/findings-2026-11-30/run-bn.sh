#!/bin/bash
# Call bn (2026-11-30, third session): full sweeps of the experiments with findings not run in call
# bm (their folders brought back, PTX included, for `clx report` with the findings' noise rule and
# without it, on the machine without a GPU).
. .device/setup.sh > /dev/null
C=${CALL:-bn}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' $C; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
for e in ${EXPS:-optflags inline shortcutting expint histogram occupancy_static occupancy_dynamic maths}; do
  s=$(date +%s.%N); ./clx run $e --device NVIDIA --quiet --out $R/$e > $R/$e.log 2>&1
  echo "$e rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt; pack
done
cat $R/walls.txt; du -sh $R
