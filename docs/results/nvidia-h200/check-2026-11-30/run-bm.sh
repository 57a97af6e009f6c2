#!/bin/bash
# Call bm (2026-11-30, third session of the day): at this commit, make -j16 check on the GPU machine
# (PoCL and NVIDIA registered) unless SKIP_CHECK=1, then three runs each of the experiments in EXPS
# (default volkov_fma memcopy_ilp) with the defaults, their time lines and row differences (issue 25's
# A/A: does it still hold).
. .device/setup.sh > /dev/null
C=${CALL:-bm}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' --exclude='*/ptx' $C; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
if [ "${SKIP_CHECK:-0}" != 1 ]; then
  s=$(date +%s); make -j16 check > $R/check.log 2>&1; echo "check rc=$? $(( $(date +%s) - s )) s" >> $R/walls.txt
  grep -E "^FAIL|passed," $R/check.log > $R/check-summary.txt
  for f in tests/tmp/results/*.log; do grep -q "^FAIL" "$f" && cp "${f%.log}.out" $R/; done
  pack
fi
run1() { s=$(date +%s.%N); ./clx run $2 --device NVIDIA --quiet --out $R/$1-$2 > $R/$1-$2.log 2>&1
  echo "$1 $2 rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt; }
EXPS=${EXPS:-volkov_fma memcopy_ilp}
for x in a b c; do for e in $EXPS; do run1 $x $e; done; pack; done
for e in $EXPS; do for p in "a b" "a c" "b c"; do set -- $p; echo "== $e $1-$2"; bash tools/rowdiff.sh $(ls -d $R/$1-$e/$e-*) $(ls -d $R/$2-$e/$e-*); done; done > $R/rowdiff.txt 2>&1
for e in $EXPS; do ./clx compare $(ls -d $R/a-$e/$e-*) $(ls -d $R/b-$e/$e-*) $(ls -d $R/c-$e/$e-*) --out $R/compare-$e > $R/compare-$e.log 2>&1; done
pack
cat $R/walls.txt $R/check-summary.txt 2>/dev/null; for f in $R/[abc]-*.log; do echo "$(basename $f): $(grep -h 'clx: time' $f | cut -c1-150)"; done; cat $R/rowdiff.txt | head -60; for e in $EXPS; do head -3 $R/compare-$e.log; done
