#!/bin/bash
# Call bi (2026-11-30, session 3): on two H200s, a --split whose part's process is killed outright
# in a kernel that never ends (its folder said, run.json marked, no orphaned worker left), then
# `make -j16 check`.
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-bi}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
make -j16 > $R/build.log 2>&1 || { tail $R/build.log; exit 1; }
./clx devices > $R/devices.txt 2>&1
G=$(awk '/^[0-9]+:[0-9]+ .*H200/ { printf "%s%s", s, $1; s="," }' $R/devices.txt)
echo "gpus: $G" >> $R/walls.txt
rm -rf /tmp/kill
./clx run tests/e2e/fixtures/worker.spec --set variant=good,hang --device "$G" --split --timeout 600 --out /tmp/kill > $R/kill.log 2>&1 &
k=$!
for i in $(seq 1 600); do ls /tmp/kill/worker-split2-*/parts/worker-shard2of2-*/run.json > /dev/null 2>&1 && break; sleep 0.1; done
sleep 3; ps -ef --forest | grep "[c]lx run" > $R/ps-before.txt
pkill -9 -P $k; wait $k; echo "kill rc=$?" >> $R/walls.txt
sleep 5; ps -ef | grep "[c]lx run" > $R/ps-after-5s.txt; echo "left after 5 s: $(wc -l < $R/ps-after-5s.txt)" >> $R/walls.txt
cp -r /tmp/kill $R/kill-out 2>/dev/null; rm -rf $R/kill-out/*/parts/*/bin
grep -h interrupted /tmp/kill/*/parts/*/run.json >> $R/walls.txt
pkill -9 -f -- "--ou[t] /tmp/kill"
[ -n "$SKIP_CHECK" ] || { s=$(date +%s.%N)
make -j16 check > $R/check.log 2>&1
echo "check rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}") s" >> $R/walls.txt
grep -E "^FAIL|passed," $R/check.log > $R/check-summary.txt; }
tar -C /tmp -czf $OUT/${CALL:-bi}.tgz ${CALL:-bi}
cat $R/walls.txt $R/check-summary.txt; grep -B3 "^FAIL" $R/check.log | head -20; tail -12 $R/kill.log | cut -c1-250
