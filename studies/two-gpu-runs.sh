#!/bin/bash
# two-gpu-runs.sh — the runs issue 10 still needs, on a lent two-GPU machine (nvidia-h200-x2):
# expint --modes over both GPUs and on one, vecsum in two shards merged, --device all, and with two
# GPUs --device 0:0,0:1 for volkov_fma and vecsum and --split of memcopy_ilp against one GPU. From
# the repository root on that machine, with ../shared/device/*.sh copied into .device/ and its debs
# fetched (../shared/device/README.md): bash studies/two-gpu-runs.sh; it all lands in $OUT/r10.tgz.
. .device/setup.sh >/dev/null
for d in /usr/local/nvidia/lib64 /usr/lib/x86_64-linux-gnu /usr/lib64; do
  [ -e $d/libnvidia-ml.so.1 ] && export LD_LIBRARY_PATH=$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} && break
done
R=/tmp/r10; mkdir -p $R
log=$R/walls.txt
date -u +%Y-%m-%dT%H:%M:%SZ > $R/date.txt
git rev-parse --short HEAD > $R/commit.txt 2>/dev/null
nvidia-smi -L > $R/gpus.txt 2>&1
[ -x ./clx ] || make -j16 >$R/build.log 2>&1 || { echo build failed; tail -30 $R/build.log; }
./clx --version > $R/version.txt
./clx devices > $R/devices.txt 2>&1
ngpu=$(nvidia-smi -L | grep -c '^GPU')
step() { # name, then a command
  local name=$1; shift
  local t0=$(date +%s.%N)
  timeout --signal=TERM ${LIMIT:-200} "$@" > $R/$name.log 2>&1
  local rc=$?
  local t1=$(date +%s.%N)
  printf '%s rc=%d wall=%.1f s; %s\n' "$name" $rc "$(awk "BEGIN{print $t1 - $t0}")" "$(grep -h '^clx:' $R/$name.log | tail -1)" | tee -a $log
  tar czf $OUT/r10.tgz -C /tmp r10
}
# seed 003's modes: on one GPU every part runs there (and says so); on two, the seed's schemes
if [ "$ngpu" -ge 2 ]; then dl=0:0,0:1; else dl=NVIDIA; fi
step modes       ./clx run expint --modes --device $dl --out $R/modes
step modes_quick ./clx run expint --modes --quick --device $dl --out $R/modes_quick
[ "$ngpu" -ge 2 ] && step modes_one ./clx run expint --modes --device 0:0 --out $R/modes_one
# shards: two parts of vecsum on the GPU, merged, against the unsharded sweep
step vecsum_plain ./clx run vecsum --device NVIDIA --quiet --out $R/plain
step shard1 ./clx run vecsum --device NVIDIA --quiet --shard 1/2 --out $R/shards
step shard2 ./clx run vecsum --device NVIDIA --quiet --shard 2/2 --out $R/shards
step merge  ./clx merge $R/shards/* --out $R/merged
step compare_shards ./clx compare $R/plain/* $R/merged --out $R/compare_shards
# --device all: the GPU(s) at once, PoCL's CPU device alone, then the side-by-side summary
step all_vecsum_quick ./clx run vecsum --quick --device all --quiet --out $R/all_quick
if [ "$ngpu" -ge 2 ]; then
  step two_volkov ./clx run volkov_fma --device 0:0,0:1 --quiet --out $R/two_volkov
  step two_vecsum ./clx run vecsum --device 0:0,0:1 --quiet --out $R/two_vecsum
  step split_memcopy ./clx run memcopy_ilp --device 0:0,0:1 --split --quiet --out $R/split_memcopy
  step one_memcopy ./clx run memcopy_ilp --device 0:0 --quiet --out $R/one_memcopy
fi
tar czf $OUT/r10.tgz -C /tmp r10
cat $log
