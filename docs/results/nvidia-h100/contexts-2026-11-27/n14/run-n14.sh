#!/bin/bash
# Call n14 (issue 25): lanes v3 (branch lanes-v2, buffers by slot): taylor three times with --contexts 5, three with 1,
# alternating, on one H200: whether rounds over five contexts bring its short rows closer run to run.
. .device/setup.sh > /dev/null
R=/tmp/s14; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
pack() { tar -C /tmp -czf $OUT/s14.tgz s14; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/gpu.txt
date -u > $R/date.txt
for x in a b c; do
  for c in 5 1; do
    s=$(date +%s.%N)
    ./clx run taylor --device NVIDIA --quiet --contexts $c --out $R/$x$c > $R/$x$c.log 2>&1
    echo "$x$c taylor $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
    pack
  done
done
cat $R/walls.txt
for c in 5 1; do for p in "a b" "a c" "b c"; do set -- $p; echo "== contexts $c: $1-$2"; bash tools/rowdiff.sh $(ls -d $R/$1$c/taylor*) $(ls -d $R/$2$c/taylor*); done; done 2>&1 | tee $R/rowdiff.txt
pack
