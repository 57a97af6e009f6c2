#!/bin/bash
# Call cb (2026-12-01): make -j16 check (PoCL and NVIDIA registered) and make check-device on the
# H200 at the session's code; then what the session changed, on the GPU: two --share-device runs
# at once (each flags the other's rows shared), a compare of the H200 against PoCL (words of
# another device), --device all --energy (the terminal says which device measured none), clx
# devices (notes under the table), a missing device's exit status, --dry-run.
. .device/setup.sh > /dev/null
C=${CALL:-cb}; R=/tmp/$C; mkdir -p $R
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
( step share1 ./clx run volkov_fma --quick --share-device --device NVIDIA --out $R/res-share ) &
( step share2 ./clx run vecsum --quick --share-device --device NVIDIA --out $R/res-share ) &
wait
step cpu ./clx run vecsum --quick --device Portable --out $R/res-cmp
step gpu ./clx run vecsum --quick --device NVIDIA --out $R/res-cmp
step compare ./clx compare $(ls -d $R/res-cmp/vecsum-* | head -2) --out $R/cmp
step all-energy ./clx run vecsum --quick --device all --energy --out $R/res-all
step missing ./clx run vecsum --quick --device 7:0 --out $R/res-miss
step dry ./clx run taylor --dry-run --shard 2/3
for f in $R/res-share/*/run.json; do grep -o '"shared": *[0-9]*' $f | head -1 | sed "s|^|$f |"; done >> $R/walls.txt
pack
cat $R/walls.txt $R/check-summary.txt $R/check-device-summary.txt
