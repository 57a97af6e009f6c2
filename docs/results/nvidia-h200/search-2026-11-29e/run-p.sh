#!/bin/bash
# Calls p (2026-11-29 ninth session, issues 46 and 43; run-o.sh with a job 'mem') on the two-GPU machine: a list of jobs per GPU,
# the GPUs at once, each process seeing one GPU (CUDA_VISIBLE_DEVICES).
#   B=45 bash .device/run-o.sh TAG "G0 JOBS" "G1 JOBS" ["G0 AFTER" "G1 AFTER"]
# jobs: clx:S (clx sgemm search, seed S, budget B), kt:STRATEGY:S (Kernel Tuner at B s),
#       seeds:E (E's sweep and ten searches at 20% of it), picks (every pick of this call's runs
#       and of .device/picks-in.tsv measured again by clx, then race_vs_kt.py).
# AFTER lists start once both GPUs' first lists are done. Everything under /tmp/o/TAG,
# packed into $OUT/o-TAG-gN.tgz after each job.
tag=$1; B=${B:-45}
. .device/setup.sh > /dev/null
R=/tmp/o/$tag; mkdir -p $R/g0 $R/g1
cat .device/rev > $R/rev.txt
{ date -u; nvidia-smi -L; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,temperature.gpu --format=csv; } > $R/gpu.txt 2>&1
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; tar -C /tmp/o -czf $OUT/o-$tag-build.tgz $tag; exit 1; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit
for g in 0 1; do CUDA_VISIBLE_DEVICES=$g ./clx devices > $R/g$g/devices.txt 2>&1; done
pack() { tar -C /tmp/o -czf $OUT/o-$tag-g$1.tgz --exclude='*/cl' --exclude='*/logs' --exclude='*/run.json.tmp' --exclude='*/bin' $tag/g$1; }
stamp() { echo "$1 rc=$2 $(awk "BEGIN{print $(date +%s.%N) - $3}")" >> $R/g$g/walls.txt; }
job() {  # g job
  local g=$1 j=$2 s; s=$(date +%s.%N)
  export CUDA_VISIBLE_DEVICES=$g
  local D=$R/g$g
  case $j in
  clx:*) sd=${j#clx:}
    ./clx run sgemm --device NVIDIA --quiet --no-cache --search --search-seed $sd --budget $B --out $D/clx > $D/clx-$sd.log 2>&1; stamp "$j" $? $s ;;
  kt:*) IFS=: read -r _ st sd <<< "$j"
    P=$(PYTHONPATH=/tmp/site python3 -c "import pyopencl as cl; print([i for i, p in enumerate(cl.get_platforms()) if 'NVIDIA' in p.name][0])")
    PYTHONPATH=/tmp/site timeout $((B + 40)) python3 studies/kt_sgemm.py --strategy $st --seed $sd --seconds $B --mnk 2048 --platform $P --out $D/kt-$st-$sd.jsonl > $D/kt-$st-$sd.log 2>&1; stamp "$j" $? $s ;;
  seeds:*) E=${j#seeds:}
    ./clx run $E --device NVIDIA --quiet --no-cache --out $D/sweep-$E > $D/sweep-$E.log 2>&1; stamp "sweep $E" $? $s
    d=$(ls -d $D/sweep-$E/$E-*)
    b=$(python3 -c "import json;t=json.load(open('$d/run.json'))['time_s'];print(round(0.2*(t['wall']-t.get('device_set_up',0)-t.get('probes',0)),2))")
    for sd in 1 2 3 4 5 6 7 8 9 10; do
      s=$(date +%s.%N); ./clx run $E --device NVIDIA --quiet --no-cache --search --search-seed $sd --budget $b --out $D/search-$E > $D/search-$E-$sd.log 2>&1; stamp "search $E $sd" $? $s
    done
    python3 studies/search_vs_sweep.py $d $D/search-$E/$E-*/ --tsv $D/compare-$E.tsv ;;
  mem)  # issue 43: do copies pass 81-83% of the datasheet with grids larger than the resident one?
    ./clx run memcopy_ilp --device NVIDIA --quiet --build '' --set GPC=8,32,128,512 --local 256,1024 --set N=64Mi,256Mi --out $D/mem > $D/mem-memcopy.log 2>&1; stamp "mem memcopy_ilp" $? $s
    s=$(date +%s.%N); ./clx run vecsum --device NVIDIA --quiet --build '' --set N=200M --set GPC=8,32,128,512 --local 256,1024 --out $D/mem > $D/mem-vecsum.log 2>&1; stamp "mem vecsum" $? $s
    s=$(date +%s.%N); ./clx run peaks --device NVIDIA --quiet --set variant=copy_f4,copy_f --set MILP=1,2,4 --set WGPC=8,32,128,512 --local 256,1024 --out $D/mem > $D/mem-peaks.log 2>&1; stamp "mem peaks" $? $s ;;
  picks)
    { cat .device/picks-in.tsv 2>/dev/null
      python3 studies/race_vs_kt.py --picks $(ls -d $R/g*/clx/sgemm-*/ 2>/dev/null) $(ls $R/g*/kt-*.jsonl 2>/dev/null); } > $D/picks.tsv
    ( printf 'run\tgflops\n'
      while IFS=$'\t' read -r label sets; do
        ./clx run sgemm --device NVIDIA --quiet $sets --rounds 10 --out "$D/picks/${label// /_}" > /dev/null 2>&1
        f=$(ls "$D/picks/${label// /_}"/sgemm-*/results.tsv | head -n 1)
        printf '%s\t%s\n' "$label" "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "gflops") g = i; next } { print $g }' "$f")"
      done < $D/picks.tsv ) > $D/picks-measured.tsv
    stamp picks 0 $s ;;
  esac
  pack $g
}
lane() { local g=$1; shift; for j in $@; do job $g $j; done; }
lane 0 $2 & lane 1 $3 & wait
[ -n "$4$5" ] && { lane 0 $4 & lane 1 $5 & wait; }
cat $R/g0/walls.txt $R/g1/walls.txt 2>/dev/null; true
