#!/bin/bash
# Call n17: issue 25 at the end of the work, a fourth call (clx at the resolving commit): three full runs of
# volkov_fma, vecsum, memcopy_ilp and taylor with this tree's defaults, and the baseline (clx
# 3341f19) once, on one H200.
. .device/setup.sh > /dev/null
R=/tmp/s17; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
( cd .device/t-3341f19 && make -j16 clx > $R/build-old.log 2>&1 ) || { tail -20 $R/build-old.log; exit 1; }
pack() { tar -C /tmp -czf $OUT/s17.tgz s17; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/gpu.txt
date -u > $R/date.txt
E="volkov_fma vecsum memcopy_ilp taylor"
for x in old a b c; do
  for e in $E; do
    s=$(date +%s.%N)
    if [ $x = old ]; then ( cd .device/t-3341f19 && ./clx run $e --device NVIDIA --quiet --out $R/$x-$e ) > $R/$x-$e.log 2>&1
    else ./clx run $e --device NVIDIA --quiet --out $R/$x-$e > $R/$x-$e.log 2>&1; fi
    echo "$x $e $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  done
  pack
done
cat $R/walls.txt
for e in $E; do for p in "a b" "a c" "b c"; do set -- $p; echo "== $e $1-$2"; bash tools/rowdiff.sh $(ls -d $R/$1-$e/$e*) $(ls -d $R/$2-$e/$e*); done; done 2>&1 | tee $R/rowdiff.txt
