#!/bin/bash
# Call n3: the transfers probe with the staged rows (256 MiB, 20 trials) twice around
# OpenCL-Benchmark; the launch floor measured as 4 batches of 8 (this tree) and as 32 at once
# (clx 9994c21, .device/t-9994c21), alternating three times each.
. .device/setup.sh > /dev/null
R=/tmp/n3; mkdir -p $R/peers /tmp/vno; cp /tmp/vendors/nvidia.icd /tmp/vno/
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
( cd .device/t-9994c21 && make -j16 clx ) > $R/build-old.log 2>&1 || { tail -20 $R/build-old.log; exit 1; }
bash .device/peers/build.sh > $R/peers-build.log 2>&1
DEV=$(./clx devices 2>/dev/null | awk '/NVIDIA/ && match($0, /[0-9]+:[0-9]+/) { print substr($0, RSTART, RLENGTH); exit }')
pack() { tar -C /tmp -czf $OUT/n3.tgz n3; }
s() { echo "$(date -u +%FT%TZ) $*" >> $R/steps.txt; }
s xfer-a; ./clx run .device/xfer.spec --device $DEV --out /tmp/xa > $R/xfer-a.log 2>&1; cp /tmp/xa/latest/probes.tsv $R/xfer-a.tsv
s oclb; OCL_ICD_VENDORS=/tmp/vno PEERS_OUT=$R/peers timeout 150 bash .device/peers/run.sh --only openclbench > $R/oclb.log 2>&1
s xfer-b; ./clx run .device/xfer.spec --device $DEV --out /tmp/xb > $R/xfer-b.log 2>&1; cp /tmp/xb/latest/probes.tsv $R/xfer-b.tsv
pack
for i in 1 2 3; do
  s floor-new-$i; ./clx run .device/launchonly.spec --device $DEV --out /tmp/fn$i > /dev/null 2>&1; cp /tmp/fn$i/latest/run.json $R/floor-new-$i.json
  s floor-old-$i; .device/t-9994c21/clx run .device/launchonly.spec --device $DEV --out /tmp/fo$i > /dev/null 2>&1; cp /tmp/fo$i/latest/run.json $R/floor-old-$i.json
done
s end; pack
cat $R/steps.txt; for f in $R/xfer-a.tsv $R/xfer-b.tsv; do echo $f; cut -f2,4,5,7,8,9,10,11 $f; done; grep -i pcie $R/peers/*.txt
for f in $R/floor-*.json; do echo "$f $(grep -o '"launch_floor_us":[^,]*' $f) $(grep -o '"step_ns":[^,]*' $f)"; done
