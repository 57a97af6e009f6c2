#!/bin/bash
# Call aj (2026-11-30, issue 43): a first peaks run after its spec's fix (a write-only stream has no
# memory latency bound), then `make -j16 check` on this machine (PoCL and NVIDIA registered).
. .device/setup.sh > /dev/null
R=/tmp/aj; mkdir -p $R/res
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.max.sm --format=csv; nproc; } > $R/gpu.txt 2>&1
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
pack() { tar -C /tmp -czf $OUT/aj.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' aj; }
s=$(date +%s.%N)
./clx run peaks --device NVIDIA --quiet --out $R/res > $R/peaks.log 2>&1
echo "peaks rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
pack
sh docs/results/nvidia-h200/sol-2026-11-28/solstats.sh $R/res/peaks-NVIDIA*/results.tsv
f=$(ls -d $R/res/peaks-NVIDIA*)/results.tsv
awk -F'\t' 'NR==1{for(i=1;i<=NF;i++)c[$i]=i;next} $c["variant"] ~ /write|copy|read|triad/ {print $c["variant"], $c["sol_pct"], $c["bound"], $c["flag"]}' $f
s=$(date +%s.%N)
make -j16 check > $R/check.log 2>&1
echo "check rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
tail -3 $R/check.log
pack
cat $R/walls.txt
