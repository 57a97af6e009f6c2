#!/bin/bash
# Call f (issue 47): a trial queued while the one before it runs (trials.c) and holds behind a
# batch sized by what they needed (blocker.c). taylor with the new code, the old (the three files
# of the commit before, carried in .device/old), the new again (A B A), and memcopy_ilp new; then
# test_trials, test_blocker and test_guard with the H200 first, three times each.
. .device/setup.sh > /dev/null
R=/tmp/f; mkdir -p $R/res
cat .device/rev > $R/rev.txt 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $R/gpu.txt 2>&1
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/f.tgz --exclude='*/bin' --exclude='*/cl' f; }
( time make -j16 all build/tests/test_trials build/tests/test_blocker build/tests/test_guard ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
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
run memcopy_ilp-new ./clx memcopy_ilp
for i in 1 2 3; do
  build/tests/test_trials > $R/test_trials-$i.log 2>&1; echo "test_trials (H200 first) $i rc=$?" >> $R/walls.txt
  build/tests/test_blocker > $R/test_blocker-$i.log 2>&1; echo "test_blocker (H200 first) $i rc=$?" >> $R/walls.txt
  build/tests/test_guard > $R/test_guard-$i.log 2>&1; echo "test_guard (H200 first) $i rc=$?" >> $R/walls.txt
done
for a in taylor-new1 taylor-new2; do
  ./clx compare $R/res/taylor-old/taylor-* $R/res/$a/taylor-* --out $R/cmp-$a > $R/cmp-$a.log 2>&1
done
./clx compare $R/res/taylor-new1/taylor-* $R/res/taylor-new2/taylor-* --out $R/cmp-aa > $R/cmp-aa.log 2>&1
pack
cat $R/walls.txt; grep -h "time:" $R/*.log; grep -h "^FAIL" $R/test_*.log | head; tail -3 $R/cmp-*.log
