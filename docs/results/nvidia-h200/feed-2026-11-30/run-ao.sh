#!/bin/bash
# Call ao (2026-11-30): studies/mtenq.c three times (host threads enqueuing one held batch), then taylor once at this code.
. .device/setup.sh > /dev/null
R=/tmp/${CALL:-ao}; mkdir -p $R
cat .device/rev > $R/rev.txt 2>/dev/null
{ date -u; nvidia-smi --query-gpu=index,name,driver_version --format=csv; nproc; } > $R/gpu.txt 2>&1
cc -O2 -Wall -Wextra -pthread studies/mtenq.c -lOpenCL -lm -o $R/mtenq 2> $R/cc.log
for p in 1 2 3; do $R/mtenq NVIDIA 15 p$p > $R/mtenq-$p.txt 2>&1; done
make -j16 clx > $R/make.log 2>&1
./clx run taylor --device 0:0 --quiet --out $R/taylor > $R/taylor.log 2>&1
rm -f $R/mtenq
tar -C /tmp -czf $OUT/${CALL:-ao}.tgz ${CALL:-ao}
cat $R/mtenq-*.txt; tail -5 $R/taylor.log; cat $R/gpu.txt
