#!/bin/bash
# Call al (2026-11-30, issue 43): first runs (no peaks run) of volkov_fma and memcopy_ilp with the
# throughput bound beside the latency bound (sol_tput_ms) and the summary's "more in flight"; then
# `make -j16 check` at this code (PoCL and NVIDIA registered).
. .device/setup.sh > /dev/null
R=/tmp/al; mkdir -p $R/res
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm --format=csv; nproc; } > $R/gpu.txt 2>&1
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
pack() { tar -C /tmp -czf $OUT/al.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' al; }
for e in volkov_fma memcopy_ilp; do
  s=$(date +%s.%N)
  ./clx run $e --device NVIDIA --out $R/res > $R/$e.log 2>&1
  echo "$e rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  pack
  sed -n '/^Speed of light (sol_pct/,/without a bound\|bound by a latency/p' $R/$e.log | cut -c1-230
done
s=$(date +%s.%N)
make -j16 check > $R/check.log 2>&1
echo "check rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
grep -E "^FAIL|passed," $R/check.log
pack
cat $R/walls.txt
