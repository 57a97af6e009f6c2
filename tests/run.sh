#!/bin/sh
# Runs every unit-test binary given as arguments, then every tests/e2e/*.sh script; each prints
# one "PASS name" or "FAIL name" line per case. Ends with "N passed, N failed"; exits 1 on failure.
# TESTS=pattern runs only the e2e scripts whose name matches; SKIP_TESTS="name ..." leaves out
# those named (without .sh).
cd "$(dirname "$0")/.." || exit 2
log=tests/tmp/run.log
mkdir -p tests/tmp && : > "$log"
# Built programs are cached under tests/tmp, never in the user's own cache; fresh for every check.
XDG_CACHE_HOME=$PWD/tests/tmp/cache; export XDG_CACHE_HOME
rm -rf "$XDG_CACHE_HOME"
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
# Under make check-asan, SANITIZER_LOGS names a folder: each test writes its ASan, UBSan and
# LeakSanitizer reports to a folder of its own there, and a test that left one fails, even where
# clx was meant to exit non-zero (then its exit status alone would not tell).
san_asan=${ASAN_OPTIONS:-}; san_ubsan=${UBSAN_OPTIONS:-}
case ${SANITIZER_LOGS:-/} in /*) ;; *) SANITIZER_LOGS=$PWD/$SANITIZER_LOGS ;; esac
# attempt: runs one test (under a sanitizer: with its own report folder $san); $out and $rc.
attempt() {
    if [ -n "${SANITIZER_LOGS:-}" ]; then
        for a; do san=$a; done           # the test: the last argument
        san=$SANITIZER_LOGS/$(printf '%s' "${san##*/}" | tr -c 'A-Za-z0-9._-' _)
        rm -rf "$san"; mkdir -p "$san"
        ASAN_OPTIONS="$san_asan:log_path=$san/asan"; UBSAN_OPTIONS="$san_ubsan:log_path=$san/ubsan"
        export ASAN_OPTIONS UBSAN_OPTIONS
    fi
    out=$("$@" 2>&1); rc=$?
}
# tracer_crash_only DIR: the reports say only that LeakSanitizer's own tracer crashed (it stops
# every thread, and PoCL's can be mid-exit; intermittent, google/sanitizers#1353): a tool
# failure, not a finding about clx, but that one process's leak check was lost.
tracer_crash_only() {
    [ -n "$(ls "$1")" ] && grep -q 'LeakSanitizer has encountered a fatal error' "$1"/* &&
        ! grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer: detected)|runtime error' "$1"/*
}
run_one() {
    tries=1
    attempt "$@"
    # A tracer crash also makes that process exit 1: where a case failed with it, run the test
    # again (up to five times); where every case passed, only the note remains.
    while [ -n "${SANITIZER_LOGS:-}" ] && tracer_crash_only "$san"; do
        if [ $rc -eq 0 ] && ! printf '%s\n' "$out" | grep -q '^FAIL '; then
            echo "  LeakSanitizer's tracer crashed in $* ($(ls "$san" | wc -l) process(es), no" \
                 "finding): their leak check is lost, every case passed"
            rm -f "$san"/*; break
        fi
        [ $tries -ge 5 ] && break
        echo "  LeakSanitizer's tracer crashed in $* (no finding) and a case failed: running it again"
        tries=$((tries + 1)); attempt "$@"
    done
    printf '%s\n' "$out"
    printf '%s\n' "$out" | grep -E '^(PASS|FAIL|SKIP) ' >> "$log"
    if [ $rc -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^FAIL '; then
        echo "FAIL $* (exit $rc)"; echo "FAIL $* (exit $rc)" >> "$log"
    fi
    if ! printf '%s\n' "$out" | grep -qE '^(PASS|FAIL|SKIP) '; then
        echo "FAIL $* (ran no case)"; echo "FAIL $*" >> "$log"
    fi
    if [ -n "${SANITIZER_LOGS:-}" ] && [ -n "$(ls "$san")" ]; then
        echo "FAIL $* (sanitizer reports: $(ls -d "$san"/*))"; echo "FAIL $* (sanitizer)" >> "$log"
    fi
}
for t in "$@"; do run_one "$t"; done
for t in tests/e2e/*.sh; do
    [ -e "$t" ] || continue
    [ "$t" = tests/e2e/lib.sh ] && continue       # sourced by the tests, not one itself
    case "$t" in *"${TESTS:-}"*) ;; *) continue ;; esac
    n=${t##*/}; case " ${SKIP_TESTS:-} " in *" ${n%.sh} "*) continue ;; esac
    [ -n "${ONLY_TESTS:-}" ] && case " $ONLY_TESTS " in *" ${n%.sh} "*) ;; *) continue ;; esac
    run_one sh "$t"
done
passed=$(grep -c '^PASS ' "$log")
failed=$(grep -c '^FAIL ' "$log")
skipped=$(grep -c '^SKIP ' "$log")
[ "$skipped" -gt 0 ] && echo "$skipped skipped: $(sed -n 's/^SKIP .* (\([^()]*\))$/\1/p' "$log" | sort | uniq -c |
    awk '{ n = $1; $1 = ""; printf "%s%d for%s", sep, n, $0; sep = "; " }')"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
