#!/bin/bash
# Call ha (2026-12-02, tenth session; first written for call eb, used for fa): three A/A runs of issue 25's four sweeps on the H200 at the
# code with time_se leaving out the farthest round (from 5 rounds) and the estimate priced per
# configuration: the noisy flag's three marks scored out of sample on the new rule, per-row
# repeatability (tools/rowdiff.sh), and each sweep's estimate against its wall.
. .device/setup.sh > /dev/null
C=${CALL:-eb}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -cJf $OUT/$C.txz $C; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
./clx devices > $R/devices.txt 2>&1
DEV=$(awk '/NVIDIA H200/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+:[0-9]+$/) { print $i; exit } }' $R/devices.txt)
echo "device $DEV" >> $R/walls.txt
for r in m n o; do
  for e in volkov_fma vecsum memcopy_ilp taylor; do
    s=$(date +%s.%N)
    ./clx run $e --device $DEV --quiet --out /tmp/res-$r > $R/$e-$r.console 2>&1
    echo "$e $r rc=$? $(awk "BEGIN { printf \"%.1f\", $(date +%s.%N) - $s }") s" >> $R/walls.txt
    d=$(ls -d /tmp/res-$r/$e-* | tail -1)
    cp $d/results.tsv $R/$e-$r.tsv
  done
  pack
done
python3 studies/noisy-calibration.py $R --runs mno > $R/noisy-calibration.txt 2>&1
python3 studies/noisy-calibration.py $R --runs mno --se > $R/noisy-calibration-se.txt 2>&1
for e in volkov_fma vecsum memcopy_ilp taylor; do
  for p in "m n" "m o" "n o"; do set -- $p; echo "== $e $1-$2"; tools/rowdiff.sh $R/$e-$1.tsv $R/$e-$2.tsv; done
done > $R/rowdiff.txt 2>&1
grep -h "estimate\|clx: time:" $R/*.console > $R/estimates.txt
pack
cat $R/walls.txt; cat $R/noisy-calibration.txt | tail -25; grep -A3 "== " $R/rowdiff.txt | head -80
