#!/bin/bash
# Call ak (2026-11-30): `make -j16 check` twice on this machine (PoCL and NVIDIA registered), after
# stop.sh's ^C through script(1) got a longer sweep.
. .device/setup.sh > /dev/null
R=/tmp/ak; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
for i in 1 2; do
  s=$(date +%s.%N)
  make -j16 check > $R/check-$i.log 2>&1
  echo "check $i rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  grep -E "^FAIL|passed," $R/check-$i.log
  cp tests/tmp/stop/pty.typescript $R/pty-$i.typescript 2>/dev/null
  tar -C /tmp -czf $OUT/ak.tgz ak
done
cat $R/walls.txt
