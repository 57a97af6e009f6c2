# devices_peaks_driver_env.sh — `clx devices --peaks` suggests the peaks run of a device with none
# under what the device needs to exist (RUSTICL_ENABLE=llvmpipe for rusticl's llvmpipe), as every
# command clx suggests for it does (docs/devices.md); PoCL's needs nothing. Skipped where rusticl or
# PoCL is not registered.
. tests/e2e/lib.sh
T=$TMP/devices_peaks_driver_env
rm -rf "$T"; mkdir -p "$T/results"
pocl_icd=$(grep -l libpocl "${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}"/*.icd /etc/OpenCL/vendors/*.icd 2>/dev/null | head -n 1)
rusticl_icd=$(grep -l libRusticlOpenCL /etc/OpenCL/vendors/*.icd 2>/dev/null | head -n 1)
names="devices_peaks_rusticl_env devices_peaks_pocl_bare"
if [ -z "$pocl_icd" ] || [ -z "$rusticl_icd" ]; then
    for n in $names; do skip "$n" "PoCL or rusticl not registered here"; done
    finish
fi
mkdir -p "$T/two-vendors" && cp "$pocl_icd" "$rusticl_icd" "$T/two-vendors/"
# An empty results folder: no device has a peaks run, so each gets the command that measures them.
RUSTICL_ENABLE=llvmpipe OCL_ICD_VENDORS=$T/two-vendors $CLX devices --peaks --results "$T/results" > "$T/out" 2>&1
# The device's P:D is the loader's order, which this test does not fix: read it from the heading.
pd_of() { sed -n "s/^measured peaks of \([0-9]*:[0-9]*\) $1.*/\1/p" "$T/out" | head -n 1; }
r=$(pd_of llvmpipe); p=$(pd_of pthread)
check devices_peaks_rusticl_env grep -q "^  none in .* (RUSTICL_ENABLE=llvmpipe [^ ]*clx\(-asan\)\? run peaks --device $r measures them)" "$T/out"
check devices_peaks_pocl_bare grep -q "^  none in .* ([^ ]*clx\(-asan\)\? run peaks --device $p measures them)" "$T/out"
finish
