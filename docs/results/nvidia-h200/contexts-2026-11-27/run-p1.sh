#!/bin/bash
# Call p1 (issue 25): where --contexts' set-up time goes (a temporary CLX_LANE_PROFILE print).
. .device/setup.sh > /dev/null
R=/tmp/p1; mkdir -p $R
make -j16 clx > $R/build.log 2>&1 || { tail -20 $R/build.log; exit 1; }
for c in 1 5 2 5; do
  CLX_LANE_PROFILE=1 ./clx run vecsum --quick --device NVIDIA --quiet --contexts $c --out $R/c$c > $R/c$c.log 2>&1
  echo "== contexts $c"; grep -E '^lane:|time:' $R/c$c.log | cut -c1-200
done
