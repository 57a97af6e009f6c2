#!/bin/bash
# Calls m (next session, issue 46): what 2026-11-29's changes did on the H200.
#   bash .device/run-m.sh verbose   the single -cl-nv-verbose build (1bc491d) against the two builds
#                                   of before (.device/build-old.c = af1d360's build.c): volkov_fma
#                                   swept by both, PTX byte for byte, regs, clx compare (~2.5 min)
#   bash .device/run-m.sh volkov    volkov_fma: a sweep and ten searches at 20% (budget kept? ~2 min)
#   bash .device/run-m.sh sgemm S.. sgemm searches at 120 s for seeds S.. (three fit a call)
#   bash .device/run-m.sh kt SEED   Kernel Tuner's four strategies at 110 s, seed SEED (needs .whl)
#   bash .device/run-m.sh picks     every sgemm run's pick (clx's and Kernel Tuner's, in /tmp/m of
#                                   this warm machine) measured again by clx, then race_vs_kt.py
#   bash .device/run-m.sh cache     30 s sgemm searches: CUDA's compute cache on (a fresh
#                                   CUDA_CACHE_PATH) and off (kernels.tsv build_ms: why clx's first
#                                   compile took 0.37 s where Kernel Tuner's took 0.17), and
#                                   --build-ahead 0 against the default 4 (configurations measured)
# Everything under /tmp/m, packed into $OUT/m.tgz after each step.
part=$1; shift
. .device/setup.sh > /dev/null
R=/tmp/m; mkdir -p $R
cat .device/rev > $R/rev.txt
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $R/gpu-$part.txt 2>&1
date -u >> $R/date-$part.txt
pack() { tar -C /tmp -czf $OUT/m.tgz --exclude='*/cl' --exclude='*/logs' --exclude='*/run.json.tmp' m; }
( time make -j16 clx ) > $R/build-$part.log 2>&1 || { tail -20 $R/build-$part.log; pack; exit 1; }
stamp() { echo "$1 rc=$2 $(awk "BEGIN{print $(date +%s.%N) - $3}")" >> $R/walls.txt; }
case $part in
verbose)
  rm -rf /tmp/old && mkdir /tmp/old && cp -r Makefile mk src include templates m4 tools /tmp/old/ 2>/dev/null
  cp .device/build-old.c /tmp/old/src/device/build.c
  ( cd /tmp/old && make -j16 clx ) > $R/build-old.log 2>&1 || { tail -20 $R/build-old.log; pack; exit 1; }
  for w in new old; do
    c=./clx; [ $w = old ] && c=/tmp/old/clx
    s=$(date +%s.%N); $c run volkov_fma --device NVIDIA --quiet --no-cache --out $R/verbose-$w > $R/verbose-$w.log 2>&1; stamp "volkov_fma $w" $? $s
  done
  n=$(ls -d $R/verbose-new/volkov_fma-*/) o=$(ls -d $R/verbose-old/volkov_fma-*/)
  { echo "PTX files differing:"; for f in $n/bin/*; do cmp -s $f $o/bin/$(basename $f) || echo "  $(basename $f)"; done
    echo "kernels.tsv (variant build regs build_ms), new then old:"; paste <(cut -f1,2,8,14 $n/kernels.tsv) <(cut -f8,14 $o/kernels.tsv)
    ./clx compare $o $n; } > $R/verbose-diff.txt 2>&1
  ;;
volkov)
  s=$(date +%s.%N); ./clx run volkov_fma --device NVIDIA --quiet --no-cache --out $R/sweep-volkov_fma > $R/sweep-volkov_fma.log 2>&1; stamp "sweep volkov_fma" $? $s
  d=$(ls -d $R/sweep-volkov_fma/volkov_fma-*)
  b=$(python3 -c "import json;t=json.load(open('$d/run.json'))['time_s'];print(round(0.2*(t['wall']-t.get('device_set_up',0)-t.get('probes',0)),2))")
  for sd in 1 2 3 4 5 6 7 8 9 10; do
    s=$(date +%s.%N); ./clx run volkov_fma --device NVIDIA --quiet --no-cache --search --search-seed $sd --budget $b --out $R/search-volkov_fma > $R/search-volkov_fma-$sd.log 2>&1; stamp "search volkov_fma $sd" $? $s
  done
  python3 studies/search_vs_sweep.py $d $R/search-volkov_fma/volkov_fma-*/ --tsv $R/compare-volkov_fma.tsv
  ;;
sgemm)
  for sd in "$@"; do
    s=$(date +%s.%N); ./clx run sgemm --device NVIDIA --quiet --no-cache --search --search-seed $sd --budget 120 --out $R/clx > $R/clx-$sd.log 2>&1; stamp "clx $sd" $? $s
    pack
  done
  ;;
kt)
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit
  export PYTHONPATH=/tmp/site
  P=$(python3 -c "import pyopencl as cl; print([i for i, p in enumerate(cl.get_platforms()) if 'NVIDIA' in p.name][0])")
  for st in random_sample genetic_algorithm dual_annealing bayes_opt; do
    s=$(date +%s.%N); timeout 150 python3 studies/kt_sgemm.py --strategy $st --seed $1 --seconds 110 --mnk 2048 --platform $P --out $R/kt-$st-$1.jsonl > $R/kt-$st-$1.log 2>&1; stamp "kt $st $1" $? $s
    pack
  done
  ;;
picks)
  python3 studies/race_vs_kt.py --picks $R/clx/sgemm-*/ $R/kt-*.jsonl > $R/picks.tsv
  ( printf 'run\tgflops\n'
    while IFS=$'\t' read -r label sets; do
      ./clx run sgemm --device NVIDIA --quiet $sets --rounds 10 --out "$R/picks/${label// /_}" > /dev/null 2>&1
      f=$(ls "$R/picks/${label// /_}"/sgemm-*/results.tsv | head -n 1)
      printf '%s\t%s\n' "$label" "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "gflops") g = i; next } { print $g }' "$f")"
    done < $R/picks.tsv ) > $R/picks-measured.tsv
  best=$(awk -F'\t' 'NR > 1 && $2 > b { b = $2 } END { print b }' $R/picks-measured.tsv)
  python3 studies/race_vs_kt.py --best $best --measured $R/picks-measured.tsv $R/clx/sgemm-*/ $R/kt-*.jsonl > $R/race.tsv
  cat $R/race.tsv
  ;;
cache)
  for c in off on ahead0; do
    s=$(date +%s.%N)
    if [ $c = on ]; then CUDA_CACHE_DISABLE=0 CUDA_CACHE_PATH=$(mktemp -d) ./clx run sgemm --device NVIDIA --quiet --no-cache --search --budget 30 --out $R/cache-$c > $R/cache-$c.log 2>&1
    elif [ $c = ahead0 ]; then ./clx run sgemm --device NVIDIA --quiet --no-cache --search --budget 30 --build-ahead 0 --out $R/cache-$c > $R/cache-$c.log 2>&1
    else ./clx run sgemm --device NVIDIA --quiet --no-cache --search --budget 30 --out $R/cache-$c > $R/cache-$c.log 2>&1; fi
    stamp "cache $c" $? $s
    python3 -c "
import csv,glob,statistics as st
k=list(csv.DictReader(open(glob.glob('$R/cache-$c/sgemm-*/kernels.tsv')[0]),delimiter='\t'))
v=[float(r['build_ms']) for r in k if r['build_ms']]
print('cache $c: %d builds, build_ms mean %.0f median %.0f' % (len(v), st.mean(v), st.median(v)))" >> $R/cache.txt
    grep 'configurations measured' $R/cache-$c.log >> $R/cache.txt
  done
  ;;
esac
pack
cat $R/walls.txt; cat $R/verbose-diff.txt $R/cache.txt 2>/dev/null | head -40
