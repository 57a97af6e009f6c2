#!/bin/bash
# Call n1 (issue 19 launch line, and where the host's placement matters): topology; clpeak's kernel
# latency, clx's launch probe and tools/launchwait.c interleaved three times; pageable copies and
# procturns pinned to the GPU's NUMA node and away from it (when there are several).
. .device/setup.sh > /dev/null
R=/tmp/n1; mkdir -p $R /tmp/clpeak /tmp/vno; cp /tmp/vendors/nvidia.icd /tmp/vno/
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
dpkg -x .device/peers/clpeak_1.1.2-1_amd64.deb /tmp/clpeak
for t in launchwait pageable procturns; do cc -O2 tools/$t.c -lOpenCL -lm -o /tmp/$t 2>>$R/build.log; done
pack() { tar -C /tmp -czf $OUT/n1.tgz n1; }
{ lscpu; echo; nvidia-smi topo -m; echo; for n in /sys/devices/system/node/node*; do echo "$n $(cat $n/cpulist)"; done; } > $R/topo.txt 2>&1
BDF=$(nvidia-smi --query-gpu=pci.bus_id --format=csv,noheader | head -1 | tr 'A-F' 'a-f' | sed 's/^0000//')
P=/sys/bus/pci/devices/0000$BDF; [ -e $P ] || P=$(ls -d /sys/bus/pci/devices/*${BDF#*:} 2>/dev/null | head -1)
echo "gpu $BDF at $P numa_node $(cat $P/numa_node 2>/dev/null) local_cpulist $(cat $P/local_cpulist 2>/dev/null)" >> $R/topo.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv >> $R/topo.txt
DEV=$(./clx devices 2>/dev/null | awk '/NVIDIA/ && match($0, /[0-9]+:[0-9]+/) { print substr($0, RSTART, RLENGTH); exit }')
for i in 1 2 3; do
  OCL_ICD_VENDORS=/tmp/vno timeout 60 /tmp/clpeak/usr/bin/clpeak --kernel-latency > $R/clpeak-$i.txt 2>&1
  ./clx run .device/launchonly.spec --device $DEV --out /tmp/lo$i > $R/clx-$i.log 2>&1; cp /tmp/lo$i/latest/probes.tsv $R/clx-probes-$i.tsv
  OCL_ICD_VENDORS=/tmp/vno /tmp/launchwait NVIDIA 10 > $R/launchwait-$i.txt 2>&1
done
pack
NODES=$(ls -d /sys/devices/system/node/node* | wc -l)
LOCAL=$(cat $P/local_cpulist 2>/dev/null)
if [ "$NODES" -gt 1 ]; then
  for n in /sys/devices/system/node/node*; do
    c=$(cat $n/cpulist); b=$(basename $n)
    OCL_ICD_VENDORS=/tmp/vno taskset -c $c /tmp/pageable > $R/pageable-$b.txt 2>&1
    OCL_ICD_VENDORS=/tmp/vno taskset -c $c /tmp/procturns NVIDIA 33554432 consec 3 24 > $R/procturns-$b.tsv 2>&1
  done
else
  OCL_ICD_VENDORS=/tmp/vno /tmp/pageable > $R/pageable.txt 2>&1
fi
pack
cat $R/topo.txt | grep -iE "numa|model name|socket|gpu |^GPU0"
for i in 1 2 3; do grep -i "latency" -A2 $R/clpeak-$i.txt | grep -iE "[0-9]"; grep "^launch" $R/clx-probes-$i.tsv; tail -4 $R/launchwait-$i.txt; done
grep -h "apart" $R/procturns-*.tsv 2>/dev/null; head -40 $R/pageable*.txt
