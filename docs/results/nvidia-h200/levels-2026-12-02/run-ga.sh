#!/bin/bash
# Call ga: taylor three times and memcopy_ilp once on a fresh H200, results.tsv and run.json brought
# back, clocks and throttle reasons around each run: what moves taylor's 5-50 us rows between runs.
. .device/setup.sh > /dev/null
C=${CALL:-ga}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv; nproc; lscpu | head -20; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -cJf $OUT/$C.txz $C; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
./clx devices > $R/devices.txt 2>&1
DEV=$(awk '/NVIDIA H200/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+:[0-9]+$/) { print $i; exit } }' $R/devices.txt)
echo "device $DEV" >> $R/walls.txt
smi() { nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw,clocks_throttle_reasons.active --format=csv,noheader; }
for r in m n o; do
  for e in taylor; do
    echo "$e $r before: $(smi)" >> $R/clocks.txt
    s=$(date +%s.%N)
    ./clx run $e --device $DEV --quiet --out /tmp/res-$r > $R/$e-$r.console 2>&1
    echo "$e $r rc=$? $(awk "BEGIN { printf \"%.1f\", $(date +%s.%N) - $s }") s" >> $R/walls.txt
    echo "$e $r after: $(smi)" >> $R/clocks.txt
    d=$(ls -d /tmp/res-$r/$e-* | tail -1)
    xz -c $d/results.tsv > $R/$e-$r.tsv.xz; cp $d/run.json $R/$e-$r.run.json
  done
done
pack
s=$(date +%s.%N)
./clx run memcopy_ilp --device $DEV --quiet --out /tmp/res-m > $R/memcopy_ilp-m.console 2>&1
echo "memcopy_ilp m rc=$? $(awk "BEGIN { printf \"%.1f\", $(date +%s.%N) - $s }") s" >> $R/walls.txt
d=$(ls -d /tmp/res-m/memcopy_ilp-* | tail -1)
xz -c $d/results.tsv > $R/memcopy_ilp-m.tsv.xz; cp $d/run.json $R/memcopy_ilp-m.run.json
for p in "m n" "m o" "n o"; do set -- $p; echo "== taylor $1-$2"; tools/rowdiff.sh $R/taylor-$1.tsv.xz $R/taylor-$2.tsv.xz; done > $R/rowdiff.txt 2>&1
pack
cat $R/walls.txt $R/clocks.txt $R/rowdiff.txt
