#!/bin/bash
# Call aq (2026-11-30): taylor with held batches fed by two threads (B, this code's default on NVIDIA)
# against clx a98e0d7 (A0, .device/old.tar) and this code with CLX_SHARED_ENQUEUE=0 (A): B A0 B A B A0; vecsum B, A0.
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-aq}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
make -j16 clx > $R/make.log 2>&1
mkdir -p /tmp/A0 && tar -C /tmp/A0 -xf .device/old.tar && make -C /tmp/A0 -j16 clx > $R/make-a0.log 2>&1
run() { # name clx env...
  local n=$1 c=$2; shift 2
  s=$(date +%s.%N)
  env "$@" $c run taylor --device 0:0 --quiet --out $R/$n > $R/$n.log 2>&1
  echo "$n rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
}
run tB1 ./clx X=1
run tA01 /tmp/A0/clx X=1
run tB2 ./clx X=1
run tA1 ./clx CLX_SHARED_ENQUEUE=0
run tB3 ./clx X=1
run tA02 /tmp/A0/clx X=1
for n in B A0; do c=./clx; [ $n = A0 ] && c=/tmp/A0/clx
  s=$(date +%s.%N); $c run vecsum --device 0:0 --quiet --out $R/v$n > $R/v$n.log 2>&1; echo "v$n rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
done
for d in $R/t* $R/v*; do [ -d $d ] && rm -rf $d/*/ptx $d/*/kernels.tsv 2>/dev/null; done
tar -C /tmp -czf $OUT/${CALL:-aq}.tgz ${CALL:-aq}
cat $R/walls.txt; for f in $R/*.log; do echo "== $f"; grep "clx: time" $f; done
