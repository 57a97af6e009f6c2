#!/bin/bash
# Call ab (2026-11-30, issue 47): at this commit (trials of 50 us to 1 ms behind a warming spin instead
# of a lead-in of their own kernel): make -j16 check on the GPU machine (PoCL and NVIDIA registered), then three runs
# each of vecsum, memcopy_ilp and taylor and one of volkov_fma with the defaults, their time lines
# and row differences.
. .device/setup.sh > /dev/null
R=/tmp/ab; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/ab.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' ab; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
s=$(date +%s); set -o pipefail
make -j16 check > $R/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
set +o pipefail
tail -2 $R/check.log; grep '^FAIL' $R/check.log; pack
run1() { s=$(date +%s.%N); ./clx run $2 --device NVIDIA --quiet --out $R/$1-$2 > $R/$1-$2.log 2>&1
  echo "$1 $2 rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt; }
run1 a volkov_fma
for x in a b c; do for e in vecsum memcopy_ilp taylor; do run1 $x $e; done; pack; done
for e in vecsum memcopy_ilp taylor; do for p in "a b" "a c" "b c"; do set -- $p; echo "== $e $1-$2"; bash tools/rowdiff.sh $(ls -d $R/$1-$e/$e-*) $(ls -d $R/$2-$e/$e-*); done; done > $R/rowdiff.txt 2>&1
pack
cat $R/walls.txt; for f in $R/[abc]-*.log; do echo "$(basename $f): $(grep -h 'clx: time' $f | cut -c1-60)"; done; cat $R/rowdiff.txt
