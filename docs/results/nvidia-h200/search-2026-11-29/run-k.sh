#!/bin/bash
# Call k (issue 46): clx run --search against the brute-force sweep on the H200: for volkov_fma,
# memcopy_ilp and taylor, one sweep (the brute force), then 10 seeds of --search, each with a budget
# of 20% of the sweep's seconds of builds and measuring; studies/search_vs_sweep.py sets each beside
# the sweep. --no-cache everywhere: every build is compiled, as a new user's would be.
. .device/setup.sh > /dev/null
R=/tmp/k; mkdir -p $R
git log -1 --format=%H > $R/rev.txt 2>/dev/null || cat .device/rev > $R/rev.txt
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $R/gpu.txt 2>&1
date -u > $R/date.txt
pack() { tar -C /tmp -czf $OUT/k.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' k; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
for e in volkov_fma memcopy_ilp taylor; do
  s=$(date +%s.%N)
  ./clx run $e --device NVIDIA --quiet --no-cache --out $R/sweep-$e > $R/sweep-$e.log 2>&1
  echo "sweep $e rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  d=$(ls -d $R/sweep-$e/$e-*)
  b=$(python3 -c "import json;t=json.load(open('$d/run.json'))['time_s'];print(round(0.2*(t['wall']-t.get('device_set_up',0)-t.get('probes',0)),2))")
  echo "$e budget $b" >> $R/walls.txt
  for sd in 1 2 3 4 5 6 7 8 9 10; do
    s=$(date +%s.%N)
    ./clx run $e --device NVIDIA --quiet --no-cache --search --search-seed $sd --budget $b --out $R/search-$e > $R/search-$e-$sd.log 2>&1
    echo "search $e $sd rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
  done
  python3 studies/search_vs_sweep.py $d $R/search-$e/$e-*/ --tsv $R/compare-$e.tsv
  pack
done
cat $R/walls.txt; for e in volkov_fma memcopy_ilp taylor; do cut -f2-13 $R/compare-$e.tsv; done
