#!/bin/bash
# Call u (2026-11-30, issue 47): (1) lead-ins of trials queued ahead: memcopy_ilp and taylor, A B A B,
# A = this tree as committed (a visit's first trial of 50 us - 1 ms after an untimed lead-in),
# B = the same built with -DTRIALS_LEAD_FREE_MS=0.05 (no lead-in for kernels of 50 us and more);
# (2) vecsum twice with the expected outputs' poison split over the host's cores (both builds).
. .device/setup.sh > /dev/null
R=/tmp/u; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $R/gpu.txt 2>&1
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/u.tgz --exclude='*/bin' --exclude='*/cl' u; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
rm -rf /tmp/bb && mkdir /tmp/bb && cp -r . /tmp/bb/ 2>/dev/null
( cd /tmp/bb && rm -rf build clx && make -j16 clx CFLAGS="-O2 -g -DTRIALS_LEAD_FREE_MS=0.05" ) > $R/build-b.log 2>&1 || { tail -20 $R/build-b.log; pack; exit 1; }
go() { # arm experiment tag
  local bin=./clx; [ $1 = B ] && bin=/tmp/bb/clx
  s=$(date +%s.%N)
  $bin run $2 --device NVIDIA --quiet --out $R/$3-$2 > $R/$3-$2.log 2>&1
  echo "$3 $2 rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
}
go A vecsum a1; go A vecsum a2
for e in memcopy_ilp taylor; do go A $e a1; go B $e b1; go A $e a2; go B $e b2; pack; done
for e in memcopy_ilp taylor; do
  for p in "a1 a2" "b1 b2" "a1 b1" "a2 b2" "a1 b2" "a2 b1"; do set -- $p; echo "== $e $1-$2"; bash tools/rowdiff.sh $(ls -d $R/$1-$e/$e-*) $(ls -d $R/$2-$e/$e-*); done
  for p in "a1 b1" "a2 b2" "a1 a2" "b1 b2"; do set -- $p; ./clx compare $(ls -d $R/$1-$e/$e-*) $(ls -d $R/$2-$e/$e-*) --out $R/cmp-$e-$1-$2 > /dev/null 2>&1; echo "== compare $e $1 $2"; grep -A9 '^| variant' $R/cmp-$e-$1-$2/compare.md | head -12; done
done > $R/rowdiff.txt 2>&1
pack
cat $R/walls.txt; grep -h "time:" $R/*.log | cut -c1-600; cat $R/rowdiff.txt | head -150
