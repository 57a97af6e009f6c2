#!/bin/bash
# On the device machine: issue 19's done-when in one call: clx run peaks with no options (the
# tuning pass included), clpeak, BabelStream, mixbench and OpenCL-Benchmark on the same GPU.
. .device/setup.sh > /dev/null
make -j16 clx > $OUT/build.log 2>&1 || { tail -20 $OUT/build.log; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv > $OUT/gpu.txt 2>&1
date -u > $OUT/date.txt
DEV=$(./clx devices 2>/dev/null | awk '/NVIDIA/ && match($0, /[0-9]+:[0-9]+/) { print substr($0, RSTART, RLENGTH); exit }')
echo "nvidia device: $DEV" | tee $OUT/dev.txt
bash .device/peers/build.sh > $OUT/peers-build.log 2>&1
mkdir -p /tmp/clpeak && dpkg -x .device/peers/clpeak_1.1.2-1_amd64.deb /tmp/clpeak
mkdir -p /tmp/vendors-nvidia-only && cp /tmp/vendors/nvidia.icd /tmp/vendors-nvidia-only/
pack() { tar -C /tmp -czf $OUT/all.tgz r peers/out clxlogs 2>/dev/null; }
mkdir -p /tmp/clxlogs /tmp/peers/out
( time ./clx run peaks --device "$DEV" --out /tmp/r ) > /tmp/clxlogs/peaks.log 2>&1; echo "peaks rc $?" >> /tmp/clxlogs/rc.txt
pack
OCL_ICD_VENDORS=/tmp/vendors-nvidia-only timeout 240 /tmp/clpeak/usr/bin/clpeak > /tmp/peers/out/clpeak.txt 2>&1; echo "clpeak rc $?" >> /tmp/clxlogs/rc.txt
pack
PEERS_OUT=/tmp/peers/out timeout 300 bash .device/peers/run.sh > /tmp/clxlogs/peers-run.log 2>&1; echo "peers rc $?" >> /tmp/clxlogs/rc.txt
pack
cat /tmp/clxlogs/rc.txt; grep -E "^clx: tun|^clx: [0-9]+ ok" /tmp/clxlogs/peaks.log; tail -30 /tmp/clxlogs/peers-run.log
