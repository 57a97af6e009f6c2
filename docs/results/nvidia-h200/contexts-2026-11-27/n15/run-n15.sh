#!/bin/bash
# Call n15 (issue 25): why taylor's rows of 50 us and more came out further apart with lanes (branch
# lanes-v2, third form). Taylor three times in each of four arms, alternating, on one H200:
#   one    --contexts 1
#   lanes  --contexts 5 (the third form as on the branch)
#   idle   --contexts 5, all four contexts made before the sweep, no round run in them
#          (CLX_LANES_EAGER=1 CLX_LANES_IDLE=1): whether their mere presence moves the long rows
#   group  --contexts 5, a laned pass's home rounds first, then the lane's (CLX_LANES_GROUP=1):
#          whether switching context between visits moves them
. .device/setup.sh > /dev/null
R=/tmp/s15; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
pack() { tar -C /tmp -czf $OUT/s15.tgz s15; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/gpu.txt
date -u > $R/date.txt
arm() { case $1 in one) echo "--contexts 1";; lanes) echo "--contexts 5";; idle) echo "--contexts 5";; group) echo "--contexts 5";; esac; }
envs() { case $1 in idle) echo "CLX_LANES_EAGER=1 CLX_LANES_IDLE=1";; group) echo "CLX_LANES_GROUP=1";; *) echo "X=1";; esac; }
for x in a b c; do
  for m in one lanes idle group; do
    s=$(date +%s.%N)
    env $(envs $m) ./clx run taylor --device NVIDIA --quiet $(arm $m) --out $R/$x-$m > $R/$x-$m.log 2>&1
    echo "$x-$m taylor $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
    pack
  done
done
cat $R/walls.txt
for m in one lanes idle group; do for p in "a b" "a c" "b c"; do set -- $p; echo "== $m: $1-$2"; bash tools/rowdiff.sh $(ls -d $R/$1-$m/taylor*) $(ls -d $R/$2-$m/taylor*); done; done 2>&1 | tee $R/rowdiff.txt
pack
