#!/bin/sh
# quickstart.sh — one command from a fresh Debian/Ubuntu machine to a first result: installs what
# is missing, builds clx, lists the devices and runs the vecsum experiment on the first device
# (the first GPU, else e.g. PoCL on the CPU) with its report (pictures and the seed's findings
# checked). Extra arguments go to `clx run` (e.g. --device 1:0).
# On a CPU device it runs the quick configuration; on a GPU the full sweep: decided by the device
# the run takes (--device among the arguments, else CLX_DEVICE, else clx's default), not by whether
# the machine has a GPU anywhere.
set -e
cd "$(dirname "$0")/.."
tools/install-deps.sh
make
# The list of devices, one line each (the whole table, with every property and extension, is long:
# `./clx devices` shows it).
./clx devices | sed '/^$/q'
echo "(./clx devices shows each device's properties; --device P:D picks one)"
# The device the run takes: the last --device given (as clx run reads its options), else CLX_DEVICE
# (blank: clx's default), shown alone by clx devices --device, which refuses a wrong one as the run
# would. A list (--device all, 0:0,1:0) is quick unless every device here is a GPU or accelerator.
dev=${CLX_DEVICE:-} prev=""
for a in "$@"; do
    [ "$prev" = --device ] && dev=$a
    case $a in --device=*) dev=${a#--device=} ;; esac
    prev=$a
done
case $dev in
all|*,*) shown=$(./clx devices) ;;
*) shown=$(./clx devices --device "$dev") ;;
esac
if printf '%s\n' "$shown" | grep '^type ' | grep -qv 'CPU\|DEFAULT\|CUSTOM'; then mode=""; else mode="--quick"; fi
exec ./clx run vecsum $mode --report "$@"
