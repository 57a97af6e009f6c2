#!/bin/bash
# On the device machine (exploratory, issue 19): where clx's pageable transfers lose to OpenCL-Benchmark's
# (the probe in a fresh clx process, OpenCL-Benchmark, tools/pageable.c, the probe after a full peaks run),
# and what the tuning pass costs with buffers kept in the pool.
. .device/setup.sh > /dev/null
make -j16 clx > $OUT/build.log 2>&1 || { tail -20 $OUT/build.log; exit 1; }
cc -O2 tools/pageable.c -o /tmp/pageable -lOpenCL >> $OUT/build.log 2>&1
bash .device/peers/build.sh > $OUT/peers-build.log 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $OUT/gpu.txt 2>&1; date -u > $OUT/date.txt
DEV=$(./clx devices 2>/dev/null | awk '/NVIDIA/ && match($0, /[0-9]+:[0-9]+/) { print substr($0, RSTART, RLENGTH); exit }')
mkdir -p /tmp/clxlogs /tmp/vendors-nvidia-only && cp /tmp/vendors/nvidia.icd /tmp/vendors-nvidia-only/
pack() { tar -C /tmp -czf $OUT/all.tgz r clxlogs 2>/dev/null; }
s() { date -u +%T >> /tmp/clxlogs/steps.txt; echo "$*" >> /tmp/clxlogs/steps.txt; }
s fresh1; ./clx run peaks --device "$DEV" --set variant=fp32_fma --out /tmp/r/fresh1 > /tmp/clxlogs/fresh1.log 2>&1
pack
s oclb; OCL_ICD_VENDORS=/tmp/vendors-nvidia-only timeout 150 /tmp/peers/bin/opencl-benchmark 0 2>&1 | tr '\r' '\n' > /tmp/clxlogs/oclb.txt
s pageable; OCL_ICD_VENDORS=/tmp/vendors-nvidia-only timeout 120 /tmp/pageable > /tmp/clxlogs/pageable.txt 2>&1
pack
s peaks; ( time ./clx run peaks --device "$DEV" --out /tmp/r/full ) > /tmp/clxlogs/peaks.log 2>&1
pack
s fresh2; ./clx run peaks --device "$DEV" --set variant=fp32_fma --out /tmp/r/fresh2 > /tmp/clxlogs/fresh2.log 2>&1
s end; pack
cat /tmp/clxlogs/steps.txt | paste - - ; grep -E "^clx: tun|^clx: [0-9]+ ok|^real|time: wall" /tmp/clxlogs/peaks.log
for f in /tmp/r/fresh1/*/probes.tsv /tmp/r/full/*/probes.tsv /tmp/r/fresh2/*/probes.tsv; do echo "== $f"; grep -E "^transfers|^launch" $f | cut -f2,5,8,9; done
grep -E "PCIe|FP32 " /tmp/clxlogs/oclb.txt; tail -15 /tmp/clxlogs/pageable.txt
