#!/bin/bash
# On the device machine: clx run peaks with no options (the tuning pass with the spec's smaller grid).
. .device/setup.sh > /dev/null
make -j16 clx > $OUT/build.log 2>&1 || { tail -20 $OUT/build.log; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $OUT/gpu.txt 2>&1; date -u > $OUT/date.txt
DEV=$(./clx devices 2>/dev/null | awk '/NVIDIA/ && match($0, /[0-9]+:[0-9]+/) { print substr($0, RSTART, RLENGTH); exit }')
mkdir -p /tmp/clxlogs
( time ./clx run peaks --device "$DEV" --out /tmp/r ) > /tmp/clxlogs/peaks.log 2>&1; echo "peaks rc $?" >> /tmp/clxlogs/rc.txt
tar -C /tmp -czf $OUT/all.tgz r clxlogs
cat /tmp/clxlogs/rc.txt; grep -E "^clx: tun|^clx: [0-9]+ ok|^real" /tmp/clxlogs/peaks.log
