#!/bin/bash
# Call n9 (issue 19 item 7): the host link's figure on the H200 (sysfs), clx devices, and the
# transfers probe against it.
. .device/setup.sh > /dev/null
R=/tmp/n9; mkdir -p $R
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
BDF=$(nvidia-smi --query-gpu=pci.bus_id --format=csv,noheader | head -1 | tr 'A-F' 'a-f' | sed 's/^0000//')
for f in current_link_speed current_link_width max_link_speed max_link_width; do echo "$f: $(cat /sys/bus/pci/devices/0000$BDF/$f 2>&1)"; done > $R/sysfs.txt
nvidia-smi --query-gpu=pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current,pcie.link.width.max --format=csv >> $R/sysfs.txt
DEV=$(./clx devices 2>/dev/null | awk '/NVIDIA/ && match($0, /[0-9]+:[0-9]+/) { print substr($0, RSTART, RLENGTH); exit }')
./clx devices > $R/devices.txt 2>&1
./clx run .device/xfer.spec --device $DEV --out /tmp/x9 > $R/xfer.log 2>&1; cp /tmp/x9/latest/probes.tsv /tmp/x9/latest/run.json $R/
tar -C /tmp -czf $OUT/n9.tgz n9
cat $R/sysfs.txt; grep -A1 "host link" $R/devices.txt; cut -f2,5,10,11,12 $R/probes.tsv; grep -o '"link[^,]*' $R/run.json
