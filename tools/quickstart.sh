#!/bin/sh
# quickstart.sh — one command from a fresh Debian/Ubuntu machine to a first result: installs what
# is missing, builds clx, lists the devices and runs the vecsum experiment on the first device
# (the first GPU, else e.g. PoCL on the CPU) with its report (pictures and the seed's findings
# checked). Extra arguments go to `clx run` (e.g. --device 1:0).
# On a CPU device it runs the quick configuration; on a GPU the full sweep.
set -e
cd "$(dirname "$0")/.."
tools/install-deps.sh
make
# The list of devices, one line each (the whole table, with every property and extension, is long:
# `./clx devices` shows it).
./clx devices | sed '/^$/q'
echo "(./clx devices shows each device's properties; --device P:D picks one)"
if ./clx devices | grep -q '^type .*GPU' ; then mode=""; else mode="--quick"; fi
exec ./clx run vecsum $mode --report "$@"
