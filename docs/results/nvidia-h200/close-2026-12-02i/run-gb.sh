#!/bin/bash
# Call gb (2026-12-02, ninth session; first written for call ea): make -j16 check and make check-device on
# the H200 at the session's closing code; a hanging variant on the GPU (the sweep goes on past it);
# --device gpu picks the H200; one vecsum sweep's time line (the reference's once-a-run second answer).
. .device/setup.sh > /dev/null
C=${CALL:-gb}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz $C; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
./clx devices > $R/devices.txt 2>&1
DEV=$(awk '/NVIDIA H200/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+:[0-9]+$/) { print $i; exit } }' $R/devices.txt)
echo "device $DEV" >> $R/walls.txt
# The hang: variant hang never ends at N=4099; good and good2 must all run; --timeout 2.
s=$(date +%s); ./clx run tests/e2e/fixtures/worker.spec --device $DEV --set variant=good,hang,good2 --set N=4099,8195 --timeout 2 --out /tmp/hg > $R/hang.log 2>&1
echo "hang rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
d=$(ls -d /tmp/hg/*/ | tail -1); cut -f1-12 $d/results.tsv > $R/hang-rows.tsv 2>/dev/null
awk -F'\t' 'NR==1{for(i=1;i<=NF;i++)if($i=="status")s=i;next}{print $s}' $d/results.tsv | sort | uniq -c > $R/hang-status.txt
./clx run vecsum --quick --device gpu --set variant=naive --build "" --out /tmp/dg > $R/devgpu.txt 2>&1; echo "device gpu rc=$?" >> $R/walls.txt
s=$(date +%s); ./clx run vecsum --device $DEV --quiet --out /tmp/vs > $R/vecsum.console 2>&1; echo "vecsum rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
# The ninth session's changes on the GPU: memcopy_ilp's estimate said shorter once all its
# configurations have begun; volkov_fma's two builds compared (their PTX differ: no same-binary line).
s=$(date +%s); ./clx run memcopy_ilp --device $DEV --quiet --out /tmp/mc > $R/memcopy_ilp.console 2>&1; echo "memcopy_ilp rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
./clx run volkov_fma --quick --device $DEV --build ',-cl-opt-disable' --out /tmp/vf > $R/volkov.console 2>&1; echo "volkov quick rc=$?" >> $R/walls.txt
./clx compare $(ls -d /tmp/vf/volkov_fma-* | tail -1) --by build --out /tmp/vfc > $R/volkov-by-build.txt 2>&1; echo "compare --by build rc=$?" >> $R/walls.txt
cp $(ls -d /tmp/vf/volkov_fma-* | tail -1)/kernels.tsv $R/volkov-kernels.tsv 2>/dev/null
s=$(date +%s); make -j16 check > $R/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed," $R/check.log > $R/check-summary.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/; done
pack
s=$(date +%s); make check-device DEVICE=$DEV > $R/check-device.log 2>&1; echo "check-device rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
grep -E "^FAIL|passed," $R/check-device.log > $R/check-device-summary.txt
for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/dev-$(basename "${f%.log}").out; done
rm -f $R/check.log $R/check-device.log
pack
cat $R/walls.txt $R/hang-status.txt $R/check-summary.txt $R/check-device-summary.txt
