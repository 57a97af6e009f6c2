#!/bin/bash
# Call af (2026-11-30, issue 47): issue 25's benchmark at the closing commit: vecsum, memcopy_ilp and
# taylor three times each, then volkov_fma once, their time lines and row differences.
. .device/setup.sh > /dev/null
R=/tmp/af; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/af.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' --exclude='*.ptx' --exclude='kernels.tsv' af; }
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
run1() { s=$(date +%s.%N); ./clx run $2 --device NVIDIA --quiet --out $R/$1-$2 > $R/$1-$2.log 2>&1
  echo "$1 $2 rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt; pack; }
for x in a b c; do for e in vecsum memcopy_ilp taylor; do run1 $x $e; done; done
for e in vecsum memcopy_ilp taylor; do for p in "a b" "a c" "b c"; do set -- $p; echo "== $e $1-$2"; bash tools/rowdiff.sh $(ls -d $R/$1-$e/$e-*) $(ls -d $R/$2-$e/$e-*); done; done > $R/rowdiff.txt 2>&1
pack
run1 a volkov_fma
cat $R/walls.txt
