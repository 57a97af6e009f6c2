#!/bin/bash
# On the device machine: clx run peaks (defaults) under the wall-clock sampler (.device/prof), to see
# where the tuning pass's time goes; the binary and the samples come back.
. .device/setup.sh > /dev/null
make -j16 clx > $OUT/build.log 2>&1 || { tail -20 $OUT/build.log; exit 1; }
cc -O2 -shared -fPIC tools/wallprof.c -o /tmp/wallprof.so -ldl -lpthread
DEV=$(./clx devices 2>/dev/null | awk '/NVIDIA/ && match($0, /[0-9]+:[0-9]+/) { print substr($0, RSTART, RLENGTH); exit }')
mkdir -p /tmp/wp
( time WALLPROF_DIR=/tmp/wp LD_PRELOAD=/tmp/wallprof.so ./clx run peaks --device "$DEV" --out /tmp/r ) > /tmp/wp/peaks.log 2>&1
cp clx /tmp/wp/clx.bin
tar -C /tmp -czf $OUT/wp.tgz wp r/*/tune/run.json r/*/run.json
grep -E "^clx: tuning pass:|time: wall|^real" /tmp/wp/peaks.log; ls -la /tmp/wp | head
