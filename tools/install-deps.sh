#!/bin/sh
# install-deps.sh — installs the Debian/Ubuntu packages clx needs, only those missing. Without root
# (and without sudo) it prints the exact apt-get line to run instead.
#   OpenCL ICD loader + Khronos headers: ocl-icd-opencl-dev opencl-c-headers
#   a CPU OpenCL device, so clx runs anywhere: pocl-opencl-icd;  clinfo
#   template expansion: m4;  build: gcc make
#   spec files: libconfig-dev;  expressions: libmuparser-dev;  run.json: libcjson-dev
#   clx report and compare pictures: gnuplot-nox (SVG and PNG), fonts-dejavu-core (for the PNGs)
#   clx dump --asm: objdump (binutils); clx dump --ir: llvm-dis of the LLVM that PoCL is built with,
#     llvm-N (Debian 12: llvm-15; its plain "llvm" is LLVM 14, whose llvm-dis cannot read LLVM 15
#     bitcode); N is read from PoCL's package, "llvm" when apt cannot say. Without it clx falls back
#     to clang-N, which PoCL's package already needs.
# Optional, only when named: `install-deps.sh oclgrind` adds oclgrind, the OpenCL simulator that
# `make check-oclgrind` runs the kernels on (it brings its own LLVM, so not everyone wants it);
# `install-deps.sh slurm` adds slurm-wlm and munge, the one-node Slurm that `make check-slurm`
# starts on localhost (daemons a workstation does not want unless asked).
set -e
llvm=$(apt-cache depends libpocl2 2>/dev/null | sed -n 's/.*Depends: libllvm\([0-9][0-9]*\).*/llvm-\1/p' | head -n 1)
pkgs="gcc make m4 clinfo ocl-icd-opencl-dev opencl-c-headers pocl-opencl-icd libconfig-dev libmuparser-dev libcjson-dev gnuplot-nox fonts-dejavu-core binutils ${llvm:-llvm}"
for extra in "$@"; do
    case $extra in
    oclgrind) pkgs="$pkgs oclgrind" ;;
    slurm) pkgs="$pkgs slurm-wlm munge" ;;
    *) echo "install-deps: unknown extra '$extra' (known: oclgrind, slurm)" >&2; exit 2 ;;
    esac
done
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -z "$missing" ]; then
    echo "install-deps: all packages present:$(printf ' %s' $pkgs)"
    exit 0
fi
line="apt-get install -y --no-install-recommends$missing"
if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo="sudo"
else
    echo "install-deps: missing:$missing"
    echo "install-deps: run as root:  apt-get update && $line"
    exit 1
fi
echo "install-deps: installing:$missing"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive $line
