#!/bin/bash
# Calls l1 and l2 (issue 46, item 3): sgemm at 2048^3 on the H200. l1: clx run --search, three
# seeds at 120 s each. l2: Kernel Tuner 1.5 (studies/kt_sgemm.py: the same source, space and
# restrictions) with random_sample, genetic_algorithm, dual_annealing and bayes_opt, one seed each
# at 120 s; then every run's pick measured again by clx (10 rounds), and studies/race_vs_kt.py.
# Usage: bash .device/run-l.sh clx | kt   (kt needs .whl carried, and l1's l.tgz in .device/l1/)
part=$1
. .device/setup.sh > /dev/null
R=/tmp/l; mkdir -p $R
[ -f .device/l1/l.tgz ] && tar -C /tmp -xzf .device/l1/l.tgz
cat .device/rev > $R/rev-$part.txt
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $R/gpu-$part.txt 2>&1
date -u > $R/date-$part.txt
pack() { tar -C /tmp -czf $OUT/l.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' --exclude='*/run.json.tmp' l; }
( time make -j16 clx ) > $R/build-$part.log 2>&1 || { tail -20 $R/build-$part.log; pack; exit 1; }
if [ "$part" = clx ]; then
  for sd in 1 2 3; do
    s=$(date +%s.%N)
    ./clx run sgemm --device NVIDIA --quiet --no-cache --search --search-seed $sd --budget 120 --out $R/clx > $R/clx-$sd.log 2>&1
    echo "clx $sd rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
    pack
  done
else
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit
  export PYTHONPATH=/tmp/site
  python3 -c "import pyopencl as cl; print([(p.name, [d.name for d in p.get_devices()]) for p in cl.get_platforms()])" > $R/pyopencl.txt 2>&1
  P=$(python3 -c "import pyopencl as cl; print([i for i, p in enumerate(cl.get_platforms()) if 'NVIDIA' in p.name][0])")
  for st in random_sample genetic_algorithm dual_annealing bayes_opt; do
    s=$(date +%s.%N)
    timeout 150 python3 studies/kt_sgemm.py --strategy $st --seed 1 --seconds 110 --mnk 2048 --platform $P --out $R/kt-$st-1.jsonl > $R/kt-$st-1.log 2>&1
    echo "kt $st rc=$? $(awk "BEGIN{print $(date +%s.%N) - $s}")" >> $R/walls.txt
    pack
  done
  python3 studies/race_vs_kt.py --picks $R/clx/sgemm-*/ $R/kt-*.jsonl > $R/picks.tsv
  while IFS=$'\t' read -r label sets; do
    ./clx run sgemm --device NVIDIA --quiet $sets --rounds 10 --out "$R/picks/${label// /_}" > /dev/null 2>&1
  done < $R/picks.tsv
  python3 studies/race_vs_kt.py $R/clx/sgemm-*/ $R/kt-*.jsonl > $R/race.tsv
  pack
fi
cat $R/walls.txt; cat $R/race.tsv 2>/dev/null
