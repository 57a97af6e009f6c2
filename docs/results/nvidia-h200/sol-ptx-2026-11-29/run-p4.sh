#!/bin/bash
# Call p4 (issue 43, the counts read once a build): volkov_fma, optflags and maths, the sweeps
# call p3 (585 s for volkov_fma alone) could not finish, against call p1's peaks run (carried as .device/peaks-p1); the PTX of
# volkov_fma's and taylor's builds kept.
. .device/setup.sh > /dev/null
R=/tmp/p4; mkdir -p $R/res $R/ptx
cat .device/rev > $R/rev.txt 2>/dev/null
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/p4.tgz --exclude='*/bin' --exclude='*/cl' p4; }
for e in volkov_fma optflags maths; do
  s=$(date +%s.%N)
  ./clx run $e --device NVIDIA --quiet --peaks .device/peaks-p1 --out $R/res > $R/$e.log 2>&1
  echo "$e rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  case $e in volkov_fma|taylor|optflags) mkdir -p $R/ptx/$e; cp $R/res/$e-*/bin/*.ptx $R/ptx/$e/ 2>/dev/null;; esac
  pack
done
cat $R/walls.txt
