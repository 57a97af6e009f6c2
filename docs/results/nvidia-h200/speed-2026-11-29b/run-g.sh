#!/bin/bash
# Call g (issues 47, 43): issue 25's benchmark at this commit: three runs each of volkov_fma, vecsum,
# memcopy_ilp and taylor with the defaults (and call p1's peaks run for the speed of light), with
# their time lines; row differences between the runs (tools/rowdiff.sh); memcopy_ilp once with the
# commit before (trials not queued ahead) against them.
. .device/setup.sh > /dev/null
R=/tmp/g; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $R/gpu.txt 2>&1
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/g.tgz --exclude='*/bin' --exclude='*/cl' g; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
# The commit before (its trials.c in .device/old): memcopy_ilp once, against the three runs.
rm -rf /tmp/old && mkdir /tmp/old && cp -r . /tmp/old/ 2>/dev/null; cp -r .device/old/src /tmp/old/
( cd /tmp/old && rm -rf build clx && make -j16 clx ) > $R/build-old.log 2>&1 || { tail -20 $R/build-old.log; pack; exit 1; }
E="volkov_fma vecsum memcopy_ilp taylor"
for x in a b c; do
  for e in $E; do
    s=$(date +%s.%N)
    ./clx run $e --device NVIDIA --quiet --peaks .device/peaks-p1 --out $R/$x-$e > $R/$x-$e.log 2>&1
    echo "$x $e rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  done
  pack
done
s=$(date +%s.%N)
/tmp/old/clx run memcopy_ilp --device NVIDIA --quiet --peaks .device/peaks-p1 --out $R/old-memcopy_ilp > $R/old-memcopy_ilp.log 2>&1
echo "old memcopy_ilp rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
pack
for p in a b c; do echo "== memcopy_ilp old-$p"; bash tools/rowdiff.sh $(ls -d $R/old-memcopy_ilp/memcopy_ilp-*) $(ls -d $R/$p-memcopy_ilp/memcopy_ilp-*); done > $R/rowdiff-old.txt 2>&1
for e in $E; do for p in "a b" "a c" "b c"; do set -- $p; echo "== $e $1-$2"; bash tools/rowdiff.sh $(ls -d $R/$1-$e/$e-*) $(ls -d $R/$2-$e/$e-*); done; done > $R/rowdiff.txt 2>&1
pack
cat $R/walls.txt; grep -h "time:" $R/*.log | cut -c1-400
