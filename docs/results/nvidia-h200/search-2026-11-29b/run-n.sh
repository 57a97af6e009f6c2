#!/bin/bash
# Calls n (2026-11-29 sixth session, issue 46): the race after bdba87a (a climb from a sample of 10%).
#   bash .device/run-n.sh race B "S.." "K.."  clx sgemm searches at budget B for seeds S.., Kernel
#        Tuner's dual_annealing at B s for seeds K.., every pick measured again by clx, race_vs_kt.py
#   bash .device/run-n.sh seeds E             E's sweep and ten searches at 20% of it (search_vs_sweep)
# Everything under /tmp/n, packed into $OUT/n.tgz after each step.
part=$1; shift
. .device/setup.sh > /dev/null
R=/tmp/n; mkdir -p $R
cat .device/rev > $R/rev.txt
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $R/gpu-$part.txt 2>&1
date -u >> $R/date-$part.txt
pack() { tar -C /tmp -czf $OUT/n.tgz --exclude='*/cl' --exclude='*/logs' --exclude='*/run.json.tmp' --exclude='*/bin' n; }
( time make -j16 clx ) > $R/build-$part.log 2>&1 || { tail -20 $R/build-$part.log; pack; exit 1; }
stamp() { echo "$1 rc=$2 $(awk "BEGIN{print $(date +%s.%N) - $3}")" >> $R/walls.txt; }
case $part in
race)
  B=$1
  for sd in $2; do
    s=$(date +%s.%N); ./clx run sgemm --device NVIDIA --quiet --no-cache --search --search-seed $sd --budget $B --out $R/clx > $R/clx-$sd.log 2>&1; stamp "clx $sd" $? $s
    pack
  done
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit
  export PYTHONPATH=/tmp/site
  P=$(python3 -c "import pyopencl as cl; print([i for i, p in enumerate(cl.get_platforms()) if 'NVIDIA' in p.name][0])")
  for sd in $3; do
    s=$(date +%s.%N); timeout $((B + 40)) python3 studies/kt_sgemm.py --strategy dual_annealing --seed $sd --seconds $B --mnk 2048 --platform $P --out $R/kt-dual_annealing-$sd.jsonl > $R/kt-dual_annealing-$sd.log 2>&1; stamp "kt dual_annealing $sd" $? $s
    pack
  done
  unset PYTHONPATH
  python3 studies/race_vs_kt.py --picks $R/clx/sgemm-*/ $R/kt-*.jsonl > $R/picks.tsv
  ( printf 'run\tgflops\n'
    while IFS=$'\t' read -r label sets; do
      ./clx run sgemm --device NVIDIA --quiet $sets --rounds 10 --out "$R/picks/${label// /_}" > /dev/null 2>&1
      f=$(ls "$R/picks/${label// /_}"/sgemm-*/results.tsv | head -n 1)
      printf '%s\t%s\n' "$label" "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "gflops") g = i; next } { print $g }' "$f")"
    done < $R/picks.tsv ) > $R/picks-measured.tsv
  # The best known: the best of these measurements and of 2026-11-29's (39,740 GFLOP/s).
  best=$(awk -F'\t' 'BEGIN { b = 39740 } NR > 1 && $2 > b { b = $2 } END { print b }' $R/picks-measured.tsv)
  python3 studies/race_vs_kt.py --best $best --measured $R/picks-measured.tsv $R/clx/sgemm-*/ $R/kt-*.jsonl > $R/race.tsv
  cat $R/race.tsv
  ;;
seeds)
  E=$1
  s=$(date +%s.%N); ./clx run $E --device NVIDIA --quiet --no-cache --out $R/sweep-$E > $R/sweep-$E.log 2>&1; stamp "sweep $E" $? $s
  d=$(ls -d $R/sweep-$E/$E-*)
  b=$(python3 -c "import json;t=json.load(open('$d/run.json'))['time_s'];print(round(0.2*(t['wall']-t.get('device_set_up',0)-t.get('probes',0)),2))")
  for sd in 1 2 3 4 5 6 7 8 9 10; do
    s=$(date +%s.%N); ./clx run $E --device NVIDIA --quiet --no-cache --search --search-seed $sd --budget $b --out $R/search-$E > $R/search-$E-$sd.log 2>&1; stamp "search $E $sd" $? $s
  done
  python3 studies/search_vs_sweep.py $d $R/search-$E/$E-*/ --tsv $R/compare-$E.tsv
  ;;
esac
pack
cat $R/walls.txt
