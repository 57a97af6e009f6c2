#!/bin/bash
# Call x (2026-11-30, issue 47): make -j16 check three times in a row on the GPU machine (PoCL and
# NVIDIA registered) at this commit (the watchdog on the shared page).
. .device/setup.sh > /dev/null
R=/tmp/x; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/x.tgz x; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
for i in 1 2 3; do
  s=$(date +%s)
  make -j16 check > $R/check-$i.log 2>&1; echo "check $i rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
  grep -E '^FAIL|^[0-9]+ passed' $R/check-$i.log >> $R/summary.txt; pack
done
cat $R/walls.txt $R/summary.txt
