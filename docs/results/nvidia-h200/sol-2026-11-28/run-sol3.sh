#!/bin/bash
# Call s3 (issue 43, issue 47 item 2): the other nine experiments' full sweeps beside call s2's peaks
# run (run again where this machine no longer holds it), then a kernel that never ends, run without
# --timeout: the default watchdog must stop it within 65 s.
. .device/setup.sh > /dev/null
R=/tmp/s3; mkdir -p $R/res
cat .device/rev > $R/rev.txt 2>/dev/null
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/s3.tgz --exclude='*/bin' --exclude='*/cl' s3; }
P=$(ls -d /tmp/s2/res/peaks-* 2>/dev/null | head -n 1)
if [ -n "$P" ]; then cp -r "$P" $R/res/; else ./clx run peaks --device NVIDIA --quiet --out $R/res > $R/peaks.log 2>&1; fi
for e in maths inline optflags shortcutting expint histogram occupancy_static occupancy_dynamic; do
  s=$(date +%s.%N)
  ./clx run $e --device NVIDIA --quiet --out $R/res > $R/$e.log 2>&1
  echo "$e rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  pack
done
s=$(date +%s.%N)
./clx run tests/e2e/fixtures/worker.spec --set variant=good,hang --device NVIDIA --out $R/hang > $R/hang.log 2>&1
echo "hang rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
pack
cat $R/walls.txt
grep -h "predicts their time" $R/*.log
