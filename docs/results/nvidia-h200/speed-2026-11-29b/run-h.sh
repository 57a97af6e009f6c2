#!/bin/bash
# Call h (issue 47): holds sized by what holds needed (blocker.c): taylor with it, without it (the
# commit before's blocker.c and blocker.h, carried in .device/old), with it again (A B A);
# test_blocker and test_trials with the H200 first, three times each.
. .device/setup.sh > /dev/null
R=/tmp/h; mkdir -p $R/res
cat .device/rev > $R/rev.txt 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $R/gpu.txt 2>&1
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/h.tgz --exclude='*/bin' --exclude='*/cl' h; }
( time make -j16 all build/tests/test_trials build/tests/test_blocker ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
rm -rf /tmp/old && mkdir /tmp/old && cp -r . /tmp/old/ 2>/dev/null; cp -r .device/old/src /tmp/old/
( cd /tmp/old && rm -rf build clx && make -j16 clx ) > $R/build-old.log 2>&1 || { tail -20 $R/build-old.log; pack; exit 1; }
run() {  # label binary experiment
  s=$(date +%s.%N)
  $2 run $3 --device NVIDIA --quiet --peaks .device/peaks-p1 --out $R/res/$1 > $R/$1.log 2>&1
  echo "$1 rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  pack
}
run taylor-new1 ./clx taylor
run taylor-old /tmp/old/clx taylor
run taylor-new2 ./clx taylor
for i in 1 2 3; do
  build/tests/test_blocker > $R/test_blocker-$i.log 2>&1; echo "test_blocker (H200 first) $i rc=$?" >> $R/walls.txt
  build/tests/test_trials > $R/test_trials-$i.log 2>&1; echo "test_trials (H200 first) $i rc=$?" >> $R/walls.txt
done
for p in "old new1" "old new2" "new1 new2"; do set -- $p; echo "== taylor $1-$2"; bash tools/rowdiff.sh $(ls -d $R/res/taylor-$1/taylor-*) $(ls -d $R/res/taylor-$2/taylor-*); done > $R/rowdiff.txt 2>&1
./clx compare $(ls -d $R/res/taylor-old/taylor-*) $(ls -d $R/res/taylor-new1/taylor-*) --out $R/cmp-old-new1 > $R/cmp.log 2>&1
pack
cat $R/walls.txt; for f in $R/taylor-*.log; do echo "$f: $(grep 'time: wall' $f | cut -c1-420)"; done; cat $R/rowdiff.txt; grep -h "^FAIL" $R/test_*.log | head
