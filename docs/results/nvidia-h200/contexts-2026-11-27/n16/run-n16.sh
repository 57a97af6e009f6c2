#!/bin/bash
# Call n16 (issue 25): whether a context alone, or its queue, moves the memory-bound long rows (n15: four idle contexts
# with queue and blocker moved taylor's for_consecutive rows of 16Mi-32Mi elements as much as lanes did).
# Taylor three times in each of three arms, alternating, on one H200:
#   one      --contexts 1
#   ctxonly  --contexts 5, four contexts made before the sweep, no queue, no blocker, nothing run
#            (CLX_LANES_EAGER=1 CLX_LANES_IDLE=1 CLX_LANES_NOQ=1)
#   tq       --contexts 5, lanes whose queue exists only while a pass runs in them, a pass's home
#            rounds first (CLX_LANES_GROUP=1 CLX_LANES_TQ=1)
. .device/setup.sh > /dev/null
R=/tmp/s16; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
pack() { tar -C /tmp -czf $OUT/s16.tgz s16; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/gpu.txt
date -u > $R/date.txt
arm() { case $1 in one) echo "--contexts 1";; *) echo "--contexts 5";; esac; }
envs() { case $1 in ctxonly) echo "CLX_LANES_EAGER=1 CLX_LANES_IDLE=1 CLX_LANES_NOQ=1";; tq) echo "CLX_LANES_GROUP=1 CLX_LANES_TQ=1";; *) echo "X=1";; esac; }
for x in a b c; do
  for m in one ctxonly tq; do
    s=$(date +%s.%N)
    env $(envs $m) ./clx run taylor --device NVIDIA --quiet $(arm $m) --out $R/$x-$m > $R/$x-$m.log 2>&1
    echo "$x-$m taylor $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
    pack
  done
done
cat $R/walls.txt
for m in one ctxonly tq; do for p in "a b" "a c" "b c"; do set -- $p; echo "== $m: $1-$2"; bash tools/rowdiff.sh $(ls -d $R/$1-$m/taylor*) $(ls -d $R/$2-$m/taylor*); done; done 2>&1 | tee $R/rowdiff.txt
pack
