#!/bin/sh
# implementations.sh — `make check-implementations`: every experiment's quick run on each OpenCL
# implementation installed here, one at a time. The ICD loader's vendors (OCL_ICD_VENDORS, else
# /etc/OpenCL/vendors) are read one .icd file at a time; each gets a vendors folder of its own
# under tests/tmp/implementations, so that clx sees that implementation alone, and its first device
# runs `clx run NAME --quick` for every experiment `clx list` names. A PASS needs clx to exit 0
# with every row ok (no FAIL, error, crash, build failure or unverified row: the outputs were
# checked on a second compiler), no row flagged IMPOSSIBLE (a rate above the device's peak: work
# optimised away or a timer that lies), and, where clx chose to time by the host clock because the
# events lie, every row saying so in its timer column. An implementation with no device is one
# SKIP line. Before the experiments, tests/unit/test_kernels.c (KERNELS_TEST, built by make
# check-implementations) builds each of clx's own kernels (src/FOLDER/kernels/NAME.cl) on that
# device: one PASS or FAIL "NAME kernel FILE" each, a FAIL with the build log. REQUIRE="pocl intel
# rusticl" makes each named implementation a FAIL when it is missing (CI names those it installs);
# IMPLEMENTATIONS="pocl rusticl" runs only those; IMPL_TESTS=pattern only the experiments matching
# it (and the kernels' builds where "kernels" matches it). Ends with "N passed, N failed".
cd "$(dirname "$0")/.." || exit 2
CLX=${CLX:-./clx}
KERNELS_TEST=${KERNELS_TEST:-build/tests/test_kernels}
T=tests/tmp/implementations
rm -rf "$T"; mkdir -p "$T"

# short_name ICD_FILE: the name an implementation goes by here, from the library its .icd names.
short_name() {
    case $(cat "$1") in
    *pocl*|*POCL*) echo pocl ;;
    *Rusticl*|*rusticl*) echo rusticl ;;
    *intelocl*) echo intel ;;
    *MesaOpenCL*) echo clover ;;
    *oclgrind*) echo oclgrind ;;
    *nvidia*) echo nvidia ;;
    *amdocl*) echo amd ;;
    *) basename "$1" .icd ;;
    esac
}
# impl_env NAME: what an implementation needs in the environment to show its devices (rusticl
# shows none by default: llvmpipe, its CPU driver, must be asked for).
impl_env() {
    case $1 in
    rusticl) echo "RUSTICL_ENABLE=${RUSTICL_ENABLE:-llvmpipe}" ;;
    *) echo "" ;;
    esac
}

from=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
if [ -d "$from" ]; then icds=$(ls "$from"/*.icd 2>/dev/null); else icds=$from; fi
# tools/install-deps.sh intel installs Intel's runtime into a folder the user owns when it cannot
# write /etc/OpenCL/vendors: its vendors folder counts as installed too.
for p in "${CLX_INTEL_PREFIX:-}" /opt/clx/intel-opencl "${XDG_DATA_HOME:-$HOME/.local/share}/clx/intel-opencl"; do
    [ -n "$p" ] && [ -f "$p/icd/intel.icd" ] && icds="$icds $p/icd/intel.icd"
done

passed=0; failed=0; found=""; ran=""
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; shift; [ $# -gt 0 ] && printf '  %s\n' "$@"; failed=$((failed + 1)); }

# check_run LABEL RUN_FOLDER LOG RC SECONDS: the verdict on one experiment's quick run.
check_run() {
    c_label=$1 c_dir=$2 c_log=$3 c_rc=$4 c_secs=$5
    t=$c_dir/results.tsv
    if [ "$c_rc" -ne 0 ] || [ ! -f "$t" ]; then
        fail "$c_label (${c_secs}s)" "clx exited $c_rc; log $c_log:" "$(tail -n 4 "$c_log")"
        return
    fi
    why=$(awk -F'\t' '/^#/ { next }
        !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
        { v = $c["variant"] " (" $c["build"] ")" }
        $c["status"] != "ok" && $c["status"] != "skipped" { print "row " v ": status " $c["status"] ": " $c["note"] }
        $c["flag"] ~ /IMPOSSIBLE/ { print "row " v ": flag " $c["flag"] }
        $c["timer"] != "" { timers[$c["timer"]] = 1 }    # a skipped row was not timed
        END { n = 0; for (k in timers) n++; if (n > 1) print "rows timed by both the events and the host clock" }' "$t" | head -n 5)
    used=$(awk '/"timer":/ { t = 1 } t && /"used":/ { gsub(/.*"used":[ \t]*"|".*/, ""); print; exit }' "$c_dir/run.json")
    if [ "$used" = host ] && [ "$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) if ($i == "timer") c = i; h = 1; next }
                                  $c != "host" && $c != "" { n++ } END { print n + 0 }' "$t")" -ne 0 ]; then
        why="$why
run.json says the host clock timed the rows, but not every row's timer column says host"
    fi
    # The driver's strings as run.json keeps them: trimmed (rusticl's platform version ends in a space).
    padded=$(grep -E '"(platform|platform_version|name|vendor|driver_version|device_version|opencl_c_version)":[[:space:]]*"( [^"]*|[^"]* )",?$' "$c_dir/run.json" | head -n 2)
    [ -n "$padded" ] && why="$why
run.json keeps a driver's string with a space at an end: $padded"
    if [ -n "$why" ]; then fail "$c_label (${c_secs}s)" "$why" "run: $c_dir"; else pass "$c_label (${c_secs}s)"; fi
}

# check_kernels NAME ENVS: clx's own kernels built on the implementation's first device, a verdict
# per file.
check_kernels() {
    k_log=$T/$1/kernels.log
    if [ ! -x "$KERNELS_TEST" ]; then
        fail "$1 kernels" "$KERNELS_TEST is missing (make check-implementations builds it)"
        return
    fi
    # shellcheck disable=SC2086 # envs is words on purpose
    env -u CLX_DEVICE $2 "$KERNELS_TEST" > "$k_log" 2>&1
    k_rc=$?
    k_lines=$(awk '($1 == "PASS" || $1 == "FAIL" || $1 == "SKIP") && $2 == "kernel"' "$k_log")
    while read -r k_v _ k_f k_why; do
        case $k_v in
        PASS) pass "$1 kernel $k_f" ;;
        SKIP) echo "SKIP $1 kernel $k_f $k_why" ;;
        FAIL) fail "$1 kernel $k_f" "$(awk -v f="  $k_f" 'index($0, f) == 1 { on = 1 }
                                         on && /^(PASS|FAIL|SKIP) / { exit } on' "$k_log" | head -n 12)" ;;
        esac
    done <<EOF
$k_lines
EOF
    if [ -z "$k_lines" ] || { [ "$k_rc" -ne 0 ] && ! grep -q '^FAIL kernel ' "$k_log"; }; then
        fail "$1 kernels" "$KERNELS_TEST exited $k_rc; log $k_log:" "$(tail -n 4 "$k_log")"
    fi
}

for icd in $icds; do
    [ -f "$icd" ] || continue
    name=$(short_name "$icd")
    case " $found " in *" $name "*) continue ;; esac     # one .icd per implementation
    found="$found $name"
    [ -n "${IMPLEMENTATIONS:-}" ] && case " $IMPLEMENTATIONS " in *" $name "*) ;; *) continue ;; esac
    mkdir -p "$T/$name/vendors"
    cp "$icd" "$T/$name/vendors/"
    # Each implementation's programs are cached apart, and never in the user's cache.
    envs="OCL_ICD_VENDORS=$PWD/$T/$name/vendors XDG_CACHE_HOME=$PWD/$T/$name/cache $(impl_env "$name")"
    # shellcheck disable=SC2086 # envs is words on purpose
    device=$(env -u CLX_DEVICE $envs "$CLX" devices 2>/dev/null | sed -n 's/^\(0:0\)  \(.*\)/\2/p' | head -n 1)
    if [ -z "$device" ]; then
        echo "SKIP $name (its driver, $(cat "$icd"), shows no device)"
        continue
    fi
    ran="$ran $name"
    echo "implementation $name: $device ($icd)"
    case kernels in *"${IMPL_TESTS:-}"*) check_kernels "$name" "$envs" ;; esac
    for exp in $("$CLX" list | awk '{ print $1 }'); do
        case "$exp" in *"${IMPL_TESTS:-}"*) ;; *) continue ;; esac
        out=$T/$name/$exp
        start=$(date +%s)
        # shellcheck disable=SC2086
        env -u CLX_DEVICE $envs "$CLX" run "$exp" --quick --out "$out" --quiet > "$out.log" 2>&1
        rc=$?
        secs=$(( $(date +%s) - start ))
        check_run "$name $exp" "$(ls -d "$out"/*-*-* 2>/dev/null | head -n 1)" "$out.log" "$rc" "$secs"
    done
done

for want in ${REQUIRE:-}; do
    case " $ran " in *" $want "*) continue ;; esac
    case " $found " in
    *" $want "*) fail "$want" "installed, but its driver shows no device" ;;
    *) fail "$want" "not installed (tools/install-deps.sh $want installs it)" ;;
    esac
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
