#!/bin/bash
# Call ca (2026-12-01, sixth session: bz again after two tests mended): make -j16 check (PoCL and NVIDIA registered) and make
# check-device on the H200 at the session's code; then what the session changed, on the GPU: a
# stopped taylor's report (dev_row_avg said as the sweep's end's), a full peaks run into results/
# found by a run into another --out, a quick volkov_fma report's small-sweep hint.
. .device/setup.sh > /dev/null
C=${CALL:-ca}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' $C; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
./clx devices > $R/devices.txt 2>&1
s=$(date +%s); make -j16 check > $R/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed," $R/check.log > $R/check-summary.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/; done
pack
DEV=$(awk '/NVIDIA H200/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+:[0-9]+$/) { print $i; exit } }' $R/devices.txt)
echo "device $DEV" >> $R/walls.txt
s=$(date +%s); make check-device DEVICE=$DEV > $R/check-device.log 2>&1; echo "check-device rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed," $R/check-device.log > $R/check-device-summary.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/dev-$(basename "${f%.log}").out; done
pack
step() { local name=$1; shift; local s=$(date +%s.%N); "$@" > $R/$name.log 2>&1; local rc=$?
  echo "$name rc=$rc $(awk "BEGIN{printf \"%.1f\", $(date +%s.%N) - $s}") s: $*" >> $R/walls.txt; }
step stopped timeout --preserve-status -s INT 6 ./clx run taylor --device NVIDIA --out $R/res-stop
step report-stopped ./clx report $(ls -d $R/res-stop/taylor-* | tail -1)
step peaks ./clx run peaks --device NVIDIA
step vq ./clx run volkov_fma --quick --device NVIDIA --out $R/res-q
step report-vq ./clx report $(ls -d $R/res-q/volkov_fma-* | tail -1)
pack
cat $R/walls.txt $R/check-summary.txt $R/check-device-summary.txt
