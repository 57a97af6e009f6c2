#!/bin/bash
# On the device machine: pageable transfers at 256 MiB and 1 GiB a trial in clx's probe, alternated
# with OpenCL-Benchmark (1 GiB, best of 16), to see whether the size is what its higher
# host->device figure comes from.
. .device/setup.sh > /dev/null
make -j16 clx > $OUT/build.log 2>&1 || { tail -20 $OUT/build.log; exit 1; }
bash .device/peers/build.sh > $OUT/peers-build.log 2>&1
DEV=$(./clx devices 2>/dev/null | awk '/NVIDIA/ && match($0, /[0-9]+:[0-9]+/) { print substr($0, RSTART, RLENGTH); exit }')
mkdir -p /tmp/vo && cp /tmp/vendors/nvidia.icd /tmp/vo/
for i in 1 2; do
  for b in 256Mi 1Gi; do
    ./clx run .device/xfer/x$b.spec --device "$DEV" --quiet --out /tmp/x/$b-$i > /dev/null 2>&1
    echo "== clx $b run $i"; grep -E "pageable" /tmp/x/$b-$i/*/probes.tsv | cut -f2,5,8,9
  done
  echo "== OpenCL-Benchmark run $i"; OCL_ICD_VENDORS=/tmp/vo /tmp/peers/bin/opencl-benchmark 0 2>&1 | tr '\r' '\n' | grep -E "PCIe"
done
