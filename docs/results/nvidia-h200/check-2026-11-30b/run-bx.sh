#!/bin/bash
# Call bx (2026-11-30, sixth session): a GPU user's first hour on the H200, as a stranger would go:
# devices, the seeds' questions (optflags, volkov_fma, memcopy_ilp), peaks, reports, compare --by
# build, a dump, --energy, a ^C and its --resume. Everything the user sees is kept to be read.
. .device/setup.sh > /dev/null
C=${CALL:-bx}; R=/tmp/$C; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } > $R/gpu.txt 2>&1
pack() { tar -C /tmp -czf $OUT/$C.tgz --exclude='*/bin' --exclude='*/cl' --exclude='*/logs' $C; }
( time make -j16 clx ) > $R/build.log 2>&1 || { tail -20 $R/build.log; pack; exit 1; }
./clx devices > $R/devices.txt 2>&1
step() { local name=$1; shift; local s=$(date +%s.%N); "$@" > $R/$name.log 2>&1; local rc=$?
  echo "$name rc=$rc $(awk "BEGIN{printf \"%.1f\", $(date +%s.%N) - $s}") s: $*" >> $R/walls.txt; }
latest() { ls -d $R/res/$1-* 2>/dev/null | grep -v -- '-parts$' | tail -1; }
step optflags ./clx run optflags --device NVIDIA --out $R/res
step volkov ./clx run volkov_fma --device NVIDIA --out $R/res
pack
step peaks ./clx run peaks --device NVIDIA --out $R/res
step memcopy ./clx run memcopy_ilp --device NVIDIA --out $R/res
pack
for e in optflags volkov_fma memcopy_ilp peaks; do d=$(latest $e); step report-$e ./clx report $d; done
for e in optflags volkov_fma; do d=$(latest $e); step bybuild-$e ./clx compare $d --by build --out $R/bybuild-$e; done
step dump ./clx dump volkov_fma ILP=4 --out $R/dumps
pack
step energy ./clx run vecsum --device NVIDIA --energy --out $R/res-energy
step report-energy ./clx report $(ls -d $R/res-energy/vecsum-* | tail -1)
step stopped timeout -s INT 6 ./clx run taylor --device NVIDIA --out $R/res-stop
d=$(ls -d $R/res-stop/taylor-* | tail -1)
step report-stopped ./clx report $d
step resumed ./clx run taylor --device NVIDIA --resume $d
step report-resumed ./clx report $d
pack
cat $R/walls.txt
