#!/bin/bash
# Call aa (2026-11-30, issue 47): warming spins in place of lead-ins (clx at .device/rev) against
# the code before them (f658ab2, from .device/old.tar), A B A B for memcopy_ilp, A B for taylor and vecsum.
. .device/setup.sh > /dev/null
R=/tmp/aa; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
mkdir -p /tmp/old && tar -xf .device/old.tar -C /tmp/old
( make -j16 clx && make -C /tmp/old -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
pack() { tar -C /tmp -czf $OUT/aa.tgz --exclude='*.ptx' --exclude='kernels.tsv' aa; }
run() {  # run ARM EXP NAME
  local bin=./clx; [ "$1" = A ] && bin=/tmp/old/clx
  local s=$(date +%s.%N)
  $bin run $2 --device NVIDIA --quiet --out $R/$3 > $R/$3.log 2>&1
  echo "$3 rc=$? wall $(awk "BEGIN{printf \"%.1f\", $(date +%s.%N) - $s}") s" >> $R/walls.txt
  grep 'time:' $R/$3.log >> $R/time-lines.txt
  pack
}
run A memcopy_ilp mem-A1; run B memcopy_ilp mem-B1; run A memcopy_ilp mem-A2; run B memcopy_ilp mem-B2
run A taylor tay-A1; run B taylor tay-B1
run A vecsum vec-A1; run B vecsum vec-B1
for p in "mem-A1 mem-A2" "mem-B1 mem-B2" "mem-A1 mem-B1" "mem-A2 mem-B2" "mem-A1 mem-B2" "mem-A2 mem-B1" "tay-A1 tay-B1" "vec-A1 vec-B1"; do
  set -- $p
  echo "== $1 vs $2" >> $R/rowdiff.txt
  tools/rowdiff.sh $R/$1/*/results.tsv $R/$2/*/results.tsv >> $R/rowdiff.txt 2>&1
  ./clx compare $(ls -d $R/$1/*/) $(ls -d $R/$2/*/) --out $R/cmp-$1-$2 > /dev/null 2>&1
  grep -A9 '^| variant' $R/cmp-$1-$2/compare.md | head -12 >> $R/rowdiff.txt 2>/dev/null
done
pack
cat $R/walls.txt $R/time-lines.txt
