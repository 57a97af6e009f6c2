#!/bin/bash
# Call v (2026-11-30, issue 47): issue 25's benchmark at this commit: three runs each of volkov_fma,
# vecsum, memcopy_ilp and taylor with the defaults, their time lines, row differences between runs.
. .device/setup.sh > /dev/null
R=/tmp/v; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $R/gpu.txt 2>&1
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/v.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' v; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
E="volkov_fma vecsum memcopy_ilp taylor"
for x in a b c; do
  for e in $E; do
    s=$(date +%s.%N)
    ./clx run $e --device NVIDIA --quiet --out $R/$x-$e > $R/$x-$e.log 2>&1
    echo "$x $e rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  done
  pack
done
for e in $E; do for p in "a b" "a c" "b c"; do set -- $p; echo "== $e $1-$2"; bash tools/rowdiff.sh $(ls -d $R/$1-$e/$e-*) $(ls -d $R/$2-$e/$e-*); done; done > $R/rowdiff.txt 2>&1
pack
cat $R/walls.txt; grep -h "time:" $R/*.log | cut -c1-200; cat $R/rowdiff.txt
