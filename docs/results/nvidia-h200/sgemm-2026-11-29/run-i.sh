#!/bin/bash
# Call i (issue 46): sgemm on the H200: the quick sweep and its e2e test with NVIDIA as the device;
# a region of the space CLBlast-style kernels do well in (128 combinations at 2048^3); a slice of the
# whole space (--shard 1/500: how long builds and rows take across it).
. .device/setup.sh > /dev/null
R=/tmp/i; mkdir -p $R/res
cat .device/rev > $R/rev.txt 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $R/gpu.txt 2>&1
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/i.tgz --exclude='*/bin' --exclude='*/cl' i; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
t() { s=$(date +%s.%N); "$@"; echo "$* rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt; }
t ./clx run sgemm --device NVIDIA --quick --out $R/res/quick > $R/quick.log 2>&1
CHECK_DEVICE=NVIDIA ONLY_TESTS=exp_sgemm t tests/run.sh > $R/e2e.log 2>&1
pack
t ./clx run sgemm --device NVIDIA --peaks .device/peaks-p1 --set MWG=64,128 --set NWG=64,128 --set KWG=16,32 \
  --set MDIMC=8,16 --set NDIMC=8,16 --set VWM=2,4 --set VWN=2,4 --set SA=1 --set SB=1 --set KWI=2 --set PAD=0 \
  --out $R/res/region > $R/region.log 2>&1
pack
timeout 200 ./clx run sgemm --device NVIDIA --peaks .device/peaks-p1 --shard 1/500 --out $R/res/shard > $R/shard.log 2>&1
echo "shard 1/500 rc=$?" >> $R/walls.txt
pack
cat $R/walls.txt; tail -3 $R/e2e.log; for f in $R/quick.log $R/region.log $R/shard.log; do grep -E "variants|ok,|time: wall" $f | cut -c1-300; done
for d in region shard; do f=$(ls -d $R/res/$d/sgemm-*/ 2>/dev/null | head -1); [ -n "$f" ] && sort -t$'\t' -k1,1 $f/results.tsv > /dev/null && awk -F'\t' 'NR==1{for(i=1;i<=NF;i++)c[$i]=i;next} $c["status"]=="ok"{print $c["gflops"], $0}' $f/results.tsv | sort -gr | head -3 | cut -c1-200; done
