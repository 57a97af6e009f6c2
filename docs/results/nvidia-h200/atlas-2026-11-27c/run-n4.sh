#!/bin/bash
# On the device machine: issue 19's done-when in one call: clx run peaks with no options (the tuning
# pass included), then clpeak, OpenCL-Benchmark, BabelStream (2^29) and mixbench on the same GPU.
. .device/setup.sh > /dev/null
make -j16 clx > $OUT/build.log 2>&1 || { tail -20 $OUT/build.log; exit 1; }
bash .device/peers/build.sh > $OUT/peers-build.log 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv > $OUT/gpu.txt 2>&1
DEV=$(./clx devices 2>/dev/null | awk '/NVIDIA/ && match($0, /[0-9]+:[0-9]+/) { print substr($0, RSTART, RLENGTH); exit }')
mkdir -p /tmp/clpeak /tmp/vendors-nvidia-only /tmp/clxlogs /tmp/peers/out
cp /tmp/vendors/nvidia.icd /tmp/vendors-nvidia-only/
pack() { tar -C /tmp -czf $OUT/all.tgz r peers/out clxlogs 2>/dev/null; }
s() { echo "$(date -u +%FT%TZ) $*" >> /tmp/clxlogs/steps.txt; }
s "clx run peaks --device $DEV --out /tmp/r"
( time ./clx run peaks --device "$DEV" --out /tmp/r ) > /tmp/clxlogs/peaks.log 2>&1; echo "peaks rc $?" >> /tmp/clxlogs/rc.txt
./clx devices --peaks --results /tmp/r > /tmp/clxlogs/devices-peaks.txt 2>&1
./clx report /tmp/r/latest > /tmp/clxlogs/report.log 2>&1
pack
s clpeak; OCL_ICD_VENDORS=/tmp/vendors-nvidia-only timeout 200 /tmp/deps/usr/bin/clpeak > /tmp/peers/out/clpeak.txt 2>&1; echo "clpeak rc $?" >> /tmp/clxlogs/rc.txt
pack
s opencl-benchmark; PEERS_OUT=/tmp/peers/out timeout 120 bash .device/peers/run.sh --only openclbench > /tmp/clxlogs/peers-oclb.log 2>&1; echo "oclb rc $?" >> /tmp/clxlogs/rc.txt
pack
s babelstream; PEERS_OUT=/tmp/peers/out timeout 150 bash .device/peers/run.sh --only babelstream --bs-sizes 536870912 > /tmp/clxlogs/peers-bs.log 2>&1; echo "bs rc $?" >> /tmp/clxlogs/rc.txt
pack
s mixbench; PEERS_OUT=/tmp/peers/out timeout 120 bash .device/peers/run.sh --only mixbench > /tmp/clxlogs/peers-mb.log 2>&1; echo "mb rc $?" >> /tmp/clxlogs/rc.txt
# The launch line: clpeak's kernel latency and clx's launch probe, five fresh processes each, alternating.
for i in 1 2 3 4 5; do
  s "launch $i"
  OCL_ICD_VENDORS=/tmp/vendors-nvidia-only timeout 60 /tmp/deps/usr/bin/clpeak --kernel-latency > /tmp/peers/out/clpeak-latency-$i.txt 2>&1
  ./clx run .device/launchonly.spec --device "$DEV" --out /tmp/lo$i > /dev/null 2>&1; mkdir -p /tmp/r/launch; cp /tmp/lo$i/latest/probes.tsv /tmp/r/launch/probes-$i.tsv
done
s end; pack
cat /tmp/clxlogs/rc.txt /tmp/clxlogs/steps.txt; grep -E "^clx: tun|^clx: [0-9]+ ok|^real|time: wall" /tmp/clxlogs/peaks.log
grep -E "^transfers|^launch" /tmp/r/latest/probes.tsv | cut -f2,5,8,9,13
for i in 1 2 3 4 5; do echo "launch $i: clpeak $(grep -i 'launch latency' /tmp/peers/out/clpeak-latency-$i.txt | tr -s ' ') clx $(grep 'queued->start' /tmp/r/launch/probes-$i.tsv | cut -f5,13)"; done
grep -E "bandwidth|latency|enqueue|compute" /tmp/peers/out/clpeak.txt | head -30
cat /tmp/clxlogs/peers-oclb.log /tmp/clxlogs/peers-bs.log /tmp/clxlogs/peers-mb.log | grep -v "^ *$" | tail -40
