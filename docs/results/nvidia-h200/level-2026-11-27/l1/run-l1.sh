#!/bin/bash
# Call l1 (issue 25): what sets a process's level of tiny kernels. The machine's topology, then
# tools/level.c in 24 processes one after another, alternately pinned to CPUs 0-7 and 8-15
# (taskset), and 6 more under numactl on each node where there are several.
. .device/setup.sh > /dev/null
R=/tmp/l1; mkdir -p $R /tmp/vno; cp /tmp/vendors/nvidia.icd /tmp/vno/; export OCL_ICD_VENDORS=/tmp/vno
pack() { tar -C /tmp -czf $OUT/l1.tgz l1; }
cc -O2 tools/level.c -lOpenCL -lm -o /tmp/level 2> $R/build.log || { cat $R/build.log; exit 1; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,pci.bus_id,clocks.max.sm --format=csv; lscpu; ls /sys/devices/system/node;
  for d in /sys/bus/pci/devices/*; do [ "$(cat $d/vendor)" = 0x10de ] && echo "$d numa_node $(cat $d/numa_node) local_cpulist $(cat $d/local_cpulist)"; done
  nvidia-smi topo -m; command -v numactl; numactl -H; } > $R/topo.txt 2>&1
pack
for i in $(seq 1 12); do
  taskset -c 0-7 /tmp/level NVIDIA 3 lo$i; taskset -c 8-15 /tmp/level NVIDIA 3 hi$i
  nvidia-smi --query-gpu=clocks.sm,temperature.gpu,power.draw --format=csv,noheader >> $R/smi.txt
done > $R/level.tsv 2>&1
pack
if command -v numactl >/dev/null && [ $(ls -d /sys/devices/system/node/node* | wc -l) -gt 1 ]; then
  for i in 1 2 3; do for n in $(ls -d /sys/devices/system/node/node* | sed 's/.*node//'); do
    numactl -N $n -m $n /tmp/level NVIDIA 3 numa$n-$i; done; done > $R/numa.tsv 2>&1
fi
pack
awk '{k[$2]=k[$2]" "$4} END {for (x in k) print x, k[x]}' $R/level.tsv
