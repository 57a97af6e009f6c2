#!/bin/bash
# o-keep.sh CALL FILES_AT: unpack a call's tgz files into .device/out-o/CALL, then rebuild
# .device/picks-in.tsv from every call unpacked so far (each clx search's and KT run's pick).
set -e
cd "$(dirname "$0")/.."
c=$1; src=$2
mkdir -p .device/out-o/$c
for f in $(find "$src" -name '*.tgz'); do tar -C .device/out-o/$c -xzf "$f"; done
python3 studies/race_vs_kt.py --picks $(ls -d .device/out-o/*/*/g*/clx/sgemm-*/ 2>/dev/null) $(ls .device/out-o/*/*/g*/kt-*.jsonl 2>/dev/null) > .device/picks-in.tsv
wc -l < .device/picks-in.tsv
cat .device/out-o/$c/*/g*/walls.txt 2>/dev/null | awk '{print}' | grep -v 'rc=0' || echo "all rc=0"
