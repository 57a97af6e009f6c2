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
# Other OpenCL implementations, for `make check-implementations` (every experiment on each):
# `install-deps.sh rusticl` adds Mesa's rusticl (mesa-opencl-icd; its CPU device, llvmpipe, shows
# only with RUSTICL_ENABLE=llvmpipe in the environment); `install-deps.sh intel` adds Intel's
# OpenCL CPU runtime from PyPI (the wheels intel-opencl-rt, tbb and intel-cmplr-lib-rt, about 800
# MB, into a Python venv at CLX_INTEL_PREFIX: /opt/clx/intel-opencl as root, else
# ~/.local/share/clx/intel-opencl) and registers it with the ICD loader: as root in
# /etc/OpenCL/vendors, else in the prefix's vendors folder, beside links to the system's
# drivers, which the script prints the one line to export for.
set -e
llvm=$(apt-cache depends libpocl2 2>/dev/null | sed -n 's/.*Depends: libllvm\([0-9][0-9]*\).*/llvm-\1/p' | head -n 1)
pkgs="gcc make m4 clinfo ocl-icd-opencl-dev opencl-c-headers pocl-opencl-icd libconfig-dev libmuparser-dev libcjson-dev gnuplot-nox fonts-dejavu-core binutils ${llvm:-llvm}"
for extra in "$@"; do
    case $extra in
    oclgrind) pkgs="$pkgs oclgrind" ;;
    slurm) pkgs="$pkgs slurm-wlm munge" ;;
    rusticl) pkgs="$pkgs mesa-opencl-icd" ;;
    intel) pkgs="$pkgs python3 python3-venv"; intel=1 ;;
    *) echo "install-deps: unknown extra '$extra' (known: oclgrind, slurm, rusticl, intel)" >&2; exit 2 ;;
    esac
done

# intel_runtime: Intel's CPU runtime into its prefix, registered with the ICD loader. The wheels
# put every library in the venv's lib/ and libintelocl.so finds its neighbours there by its
# RUNPATH ($ORIGIN): no LD_LIBRARY_PATH is needed, only the .icd file naming it.
intel_runtime() {
    if [ "$(id -u)" -eq 0 ]; then prefix=${CLX_INTEL_PREFIX:-/opt/clx/intel-opencl}
    else prefix=${CLX_INTEL_PREFIX:-${XDG_DATA_HOME:-$HOME/.local/share}/clx/intel-opencl}; fi
    lib=$prefix/lib/libintelocl.so
    if [ -f "$lib" ]; then
        echo "install-deps: Intel's OpenCL CPU runtime present in $prefix"
    else
        echo "install-deps: installing Intel's OpenCL CPU runtime (PyPI: intel-opencl-rt tbb intel-cmplr-lib-rt) into $prefix"
        py=python3; [ -x /usr/bin/python3 ] && py=/usr/bin/python3
        "$py" -m venv "$prefix"
        "$prefix/bin/python3" -m pip install --quiet --disable-pip-version-check intel-opencl-rt tbb intel-cmplr-lib-rt
        [ -f "$lib" ] || { echo "install-deps: the wheels did not bring $lib" >&2; exit 1; }
    fi
    # icd/: Intel's alone (what a check of this one driver reads); vendors/: it beside the system's.
    mkdir -p "$prefix/icd" "$prefix/vendors"
    echo "$lib" > "$prefix/icd/intel.icd"
    echo "$lib" > "$prefix/vendors/intel.icd"
    for f in /etc/OpenCL/vendors/*.icd; do
        [ -f "$f" ] && [ "$(cat "$f")" != "$lib" ] && ln -sf "$f" "$prefix/vendors/"
    done
    devices=$(OCL_ICD_VENDORS=$prefix/icd clinfo -l 2>&1 | sed -n 's/.*Device #0: //p')
    [ -n "$devices" ] || { echo "install-deps: Intel's runtime in $prefix shows no device (clinfo -l)" >&2; exit 1; }
    echo "install-deps: Intel's OpenCL CPU runtime works: $devices"
    if [ "$(id -u)" -eq 0 ]; then
        echo "$lib" > /etc/OpenCL/vendors/intel-cpu-clx.icd
        echo "install-deps: registered in /etc/OpenCL/vendors/intel-cpu-clx.icd: every OpenCL program sees it"
    else
        echo "install-deps: to see it beside the other drivers:  export OCL_ICD_VENDORS=$prefix/vendors"
    fi
}
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -z "$missing" ]; then
    echo "install-deps: all packages present:$(printf ' %s' $pkgs)"
    [ -z "${intel:-}" ] || intel_runtime
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
[ -z "${intel:-}" ] || intel_runtime
