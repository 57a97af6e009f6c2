#!/bin/sh
# Runs every unit-test binary given as arguments, then every tests/e2e/*.sh script; each prints
# one "PASS name" or "FAIL name" line per case. Ends with "N passed, N failed"; exits 1 on failure.
# TESTS=pattern runs only the e2e scripts whose name matches; SKIP_TESTS="name ..." leaves out
# those named (without .sh); ONLY_TESTS="name ..." runs those alone, e2e scripts (without .sh) and
# unit binaries (test_estimate) alike; JOBS=N runs N tests side by side (tests/run-one.sh runs each).
cd "$(dirname "$0")/.." || exit 2
log=tests/tmp/run.log times=tests/tmp/times.log
mkdir -p tests/tmp && : > "$log"
# Built programs are cached under tests/tmp, never in the user's own cache; fresh for every check.
XDG_CACHE_HOME=$PWD/tests/tmp/cache; export XDG_CACHE_HOME
rm -rf "$XDG_CACHE_HOME"
# A run looks for its device's peaks run under its --out folder, then under results/: a peaks run in
# this checkout's results/ would give the tests' runs ceilings they do not expect. Empty: --out's only.
CLX_PEAKS_ROOT=""; export CLX_PEAKS_ROOT
# The suite's devices: PoCL's alone. The ICD loader reads a vendors folder holding only PoCL's .icd,
# so the tests meet the same devices on a GPU workstation, or beside Intel's runtime or rusticl, as
# on a CPU-only machine (POCL_DEVICES makes several where a test needs them). CHECK_DEVICE=P:D
# (make check-device) instead runs the device-neutral tests on that device, every vendor present.
if [ -z "${CHECK_DEVICE:-}" ]; then
    unset CLX_DEVICE
    from=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
    pocl=""
    if [ -d "$from" ]; then
        for f in "$from"/*.icd; do [ -f "$f" ] && grep -qi pocl "$f" && { pocl=$f; break; }; done
    elif [ -f "$from" ] && grep -qi pocl "$from"; then
        pocl=$from
    fi
    if [ -z "$pocl" ]; then
        echo "tests: no PoCL among the OpenCL drivers in $from: the suite runs on PoCL's CPU device" \
             "(tools/install-deps.sh installs pocl-opencl-icd)"
        echo "0 passed, 1 failed"
        exit 1
    fi
    rm -rf tests/tmp/vendors && mkdir -p tests/tmp/vendors && cp "$pocl" tests/tmp/vendors/
    OCL_ICD_VENDORS=$PWD/tests/tmp/vendors; export OCL_ICD_VENDORS
    echo "tests: on PoCL alone ($pocl, through OCL_ICD_VENDORS=tests/tmp/vendors)"
else
    CLX_DEVICE=$CHECK_DEVICE; export CLX_DEVICE
    echo "tests: the device-neutral tests on $CHECK_DEVICE (CLX_DEVICE)"
fi
# Tools a few tests need: missing, they are said once here and their cases are skipped, not failed.
command -v gnuplot > /dev/null 2>&1 || echo "tests: gnuplot not found: cases about the report's pictures are skipped (Debian: gnuplot-nox)"
case "$(man -w man 2>/dev/null)" in /*) ;; *) false ;; esac || echo "tests: man finds no page here: the case that reads clx's page through man is skipped"
case ${SANITIZER_LOGS:-/} in /*) ;; *) SANITIZER_LOGS=$PWD/$SANITIZER_LOGS; export SANITIZER_LOGS ;; esac
# The tests to run: the unit-test binaries given, then the e2e scripts (lib.sh is sourced by them,
# not one itself). A test whose source holds a line "clx-test: alone" runs after the others, by
# itself: it times launches, which tests beside it would stretch.
all=""; alone=""
add() {
    src=$1; case $1 in tests/e2e/*) ;; *) src=tests/unit/${1##*/}.c ;; esac
    if grep -q 'clx-test: alone' "$src" 2>/dev/null; then alone="$alone $1"; else all="$all $1"; fi
}
for t in "$@"; do
    [ -n "${ONLY_TESTS:-}" ] && case " $ONLY_TESTS " in *" ${t##*/} "*) ;; *) continue ;; esac
    add "$t"
done
for t in tests/e2e/*.sh; do
    [ -e "$t" ] || continue
    [ "$t" = tests/e2e/lib.sh ] && continue
    case "$t" in *"${TESTS:-}"*) ;; *) continue ;; esac
    n=${t##*/}; case " ${SKIP_TESTS:-} " in *" ${n%.sh} "*) continue ;; esac
    [ -n "${ONLY_TESTS:-}" ] && case " $ONLY_TESTS " in *" ${n%.sh} "*) ;; *) continue ;; esac
    add "$t"
done
# Side by side, JOBS at a time (one more than the machine's processors unless set; JOBS=1 runs one
# by one), the slowest first (by the last run's times) so that no long one starts last and runs on
# alone. One more: a test waits for a part of its time (a stop's moment, a worker's start, a
# timeout), and with as many tests as processors one sat idle then: on a quiet 2-core VM make check
# took 625 s two at a time (about 20 s of it building the unit tests), the tests alone 506 s three
# at a time, in the same clone (2026-12-05). On one real device (CHECK_DEVICE)
# the tests take turns unless JOBS says otherwise: they would share its time, and its rows were
# measured one run at a time when these tests were written.
jobs=${JOBS:-$(( $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1) + 1 ))}
[ -n "${CHECK_DEVICE:-}" ] && [ -z "${JOBS:-}" ] && jobs=1
res=tests/tmp/results
rm -rf "$res" tests/tmp/tmpdirs; mkdir -p "$res"
# PoCL's kernels compiled once for the whole suite (tests/run-one.sh says how): each test's cache and
# the pool they share, in a folder of this checkout's in /dev/shm, fresh for every check and removed
# after it. Only where that is a memory file system with 2 GiB free (the suite's caches take about
# 40 MiB) that runs programs (PoCL loads its kernels from the cache as shared objects; a container's
# /dev/shm is often mounted noexec): on this 2-core VM's disk, linking the pool into each test's
# cache (1 s a test) cost more than the compiles it saved. CLX_TEST_POCL= (empty) leaves each test
# its cold cache.
if [ "${CLX_TEST_POCL-unset}" != "" ]; then
    CLX_TEST_POCL=/dev/shm/clx-tests-$(printf %s "$PWD" | cksum | cut -d ' ' -f 1)
    [ "$(stat -f -c %T /dev/shm 2> /dev/null)" = tmpfs ] &&
        [ "$(df -Pk /dev/shm 2> /dev/null | awk 'NR == 2 { print $4 }')" -ge 2097152 ] 2> /dev/null &&
        rm -rf "$CLX_TEST_POCL" && mkdir -p "$CLX_TEST_POCL/pool" "$CLX_TEST_POCL/caches" &&
        cp "$(command -v cat)" "$CLX_TEST_POCL/runs" 2> /dev/null && "$CLX_TEST_POCL/runs" /dev/null 2> /dev/null ||
        { rm -rf "$CLX_TEST_POCL"; CLX_TEST_POCL=""; }
fi
export CLX_TEST_POCL
if [ -n "$CLX_TEST_POCL" ]; then
    trap 'rm -rf "$CLX_TEST_POCL"' EXIT; trap 'exit 130' INT TERM HUP
    echo "tests: PoCL's kernels compiled once for the suite, in $CLX_TEST_POCL"
else
    echo "tests: each test compiles PoCL's kernels it runs (no memory file system with room that runs programs in /dev/shm, or CLX_TEST_POCL is empty)"
fi
echo "tests: $(echo $all | wc -w) side by side, $jobs at a time; then $(echo $alone | wc -w) alone"
# Without a last run's times (a fresh clone), a test marked "clx-test: long" counts as a minute.
order=$(for t in $all; do
            s=$(sed -n "s| $t\$||p" "$times.last" 2>/dev/null | head -n 1)
            [ -z "$s" ] && grep -q 'clx-test: long' "$t" 2>/dev/null && s=60
            echo "${s:-0} $t"
        done | sort -rn | awk '{ print $NF }')
[ -n "$order" ] && printf '%s\n' $order | xargs -P "$jobs" -n 1 sh tests/run-one.sh
for t in $alone; do sh tests/run-one.sh "$t"; done
cat "$res"/*.log > "$log" 2>/dev/null
cat "$res"/*.time > "$times" 2>/dev/null
cp "$times" "$times.last" 2>/dev/null
passed=$(grep -c '^PASS ' "$log")
failed=$(grep -c '^FAIL ' "$log")
skipped=$(grep -c '^SKIP ' "$log")
[ "$skipped" -gt 0 ] && echo "$skipped skipped: $(sed -n 's/^SKIP .* (\([^()]*\))$/\1/p' "$log" | sort | uniq -c |
    awk '{ n = $1; $1 = ""; printf "%s%d for%s", sep, n, $0; sep = "; " }')"
# The slowest tests, to keep the suite's time in sight (each test's seconds are in $times).
echo "slowest: $(sort -rn "$times" | head -n 5 | awk '{ t = $NF; sub(/.*\//, "", t); printf "%s%s %ds", s, t, $1; s = ", " }')"
echo "tests' processor seconds: $(cat "$res"/*.cpu 2>/dev/null | awk '{ c += $1 } END { printf "%d", c }') (user and system: tests/tmp/results/NAME.cpu)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
