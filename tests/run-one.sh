#!/bin/sh
# Runs one test for tests/run.sh: TEST is a unit-test binary or a tests/e2e/*.sh script. Its output
# goes to tests/tmp/results/NAME.out and its PASS/FAIL/SKIP lines to NAME.log (a test that failed
# without saying so, or ran no case, gets a FAIL line there), its seconds to NAME.time; then the
# output is printed whole, under a lock, so that tests run side by side do not mix their lines.
# Each test has a TMPDIR of its own, so that clx's device lock (a file there) does not make the
# tests that run side by side take turns; the tests that need the machine to themselves run alone.
cd "$(dirname "$0")/.." || exit 2
t=$1
name=$(printf '%s' "${t##*/}" | tr -c 'A-Za-z0-9._-' _)
res=tests/tmp/results
out_f=$res/$name.out log_f=$res/$name.log
case $t in *.sh) set -- sh "$t" ;; *) set -- "$t" ;; esac
TMPDIR=$PWD/tests/tmp/tmpdirs/$name; export TMPDIR
# And a PoCL kernel cache of its own: PoCL's is shared by every process of a user, and two tests
# building one program at once met its races (pocl/pocl#586, #1480): a build failed with no log,
# or a binary read back without its kernels (pocl_binary.c "len > 0" aborted the next load).
# Where tests/run.sh made a pool in memory (CLX_TEST_POCL: tests/run.sh says when), the cache
# starts as hard links to what the tests before this one compiled, and what this one compiled is
# linked into the pool when it ends (pool_add): compiling kernels that others had compiled was
# most of many tests' time (verify_where.sh 50 s with a cold cache, 23 s with a warm one). PoCL
# writes a cache file once, to a temporary name renamed into place (a file it writes anew is removed
# first), and appends only to logs, so a file linked into two caches is never rewritten under a
# reader; the folders are each test's own.
pool=""
if [ -n "${CLX_TEST_POCL:-}" ] && [ -d "$CLX_TEST_POCL/pool" ] && command -v flock > /dev/null 2>&1; then
    pool=$CLX_TEST_POCL/pool
    POCL_CACHE_DIR=$CLX_TEST_POCL/caches/$name
    rm -rf "$POCL_CACHE_DIR"; mkdir -p "$POCL_CACHE_DIR"
    flock -s "$pool.lock" cp -al "$pool/." "$POCL_CACHE_DIR/" 2> /dev/null
else
    POCL_CACHE_DIR=$TMPDIR/pocl-cache
fi
export POCL_CACHE_DIR
rm -rf "$TMPDIR"; mkdir -p "$TMPDIR"
# pool_add: the files this test's processes compiled (one link: not the pool's) into the pool, under
# its lock (readers take it shared); not those a killed process left under a temporary name.
pool_add() {
    ( cd "$POCL_CACHE_DIR" && find . -type f -links 1 ! -name '*.temp' ! -name '*.tmp' ! -name 'tempfile_*' ) > "$TMPDIR/pocl-new"
    [ -s "$TMPDIR/pocl-new" ] &&
        ( cd "$POCL_CACHE_DIR" && flock "$pool.lock" xargs cp -l -n --parents -t "$pool" < "$TMPDIR/pocl-new" ) 2> /dev/null
    rm -rf "$POCL_CACHE_DIR"
}
# Under make check-asan, SANITIZER_LOGS names a folder: each test writes its ASan, UBSan and
# LeakSanitizer reports to a folder of its own there, and a test that left one fails, even where
# clx was meant to exit non-zero (then its exit status alone would not tell).
san_asan=${ASAN_OPTIONS:-}; san_ubsan=${UBSAN_OPTIONS:-}
# attempt: runs the test (under a sanitizer: with its own report folder $san); $rc.
attempt() {
    if [ -n "${SANITIZER_LOGS:-}" ]; then
        san=$SANITIZER_LOGS/$name
        rm -rf "$san"; mkdir -p "$san"
        ASAN_OPTIONS="$san_asan:log_path=$san/asan"; UBSAN_OPTIONS="$san_ubsan:log_path=$san/ubsan"
        export ASAN_OPTIONS UBSAN_OPTIONS
    fi
    if [ -n "$limit" ]; then timeout -k 10 "$limit" "$@" > "$out_f" 2>&1; rc=$?; else "$@" > "$out_f" 2>&1; rc=$?; fi
}
# A test still running after TEST_TIMEOUT seconds (900 unless set; 0: none) is stopped, its whole
# process group with it, and fails saying so: one test that hangs must not hold the suite (and CI)
# until its own limit.
limit=${TEST_TIMEOUT:-900}
[ "$limit" = 0 ] || ! command -v timeout > /dev/null 2>&1 && limit=""
# tracer_crash_only DIR: the reports say only that LeakSanitizer's own tracer crashed (it stops
# every thread, and PoCL's can be mid-exit; intermittent, google/sanitizers#1353): a tool
# failure, not a finding about clx, but that one process's leak check was lost.
tracer_crash_only() {
    [ -n "$(ls "$1")" ] && grep -q 'LeakSanitizer has encountered a fatal error' "$1"/* &&
        ! grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer: detected)|runtime error' "$1"/*
}
t0=$(date +%s); tries=1; note=""
attempt "$@"
# A tracer crash also makes that process exit 1: where a case failed with it, run the test again
# (up to five times); where every case passed, only the note remains.
while [ -n "${SANITIZER_LOGS:-}" ] && tracer_crash_only "$san"; do
    if [ $rc -eq 0 ] && ! grep -q '^FAIL ' "$out_f"; then
        note="  LeakSanitizer's tracer crashed in $* ($(ls "$san" | wc -l) process(es), no finding): their leak check is lost, every case passed"
        rm -f "$san"/*; break
    fi
    [ $tries -ge 5 ] && break
    note="  LeakSanitizer's tracer crashed in $* (no finding) and a case failed: it ran again"
    tries=$((tries + 1)); attempt "$@"
done
[ -n "$note" ] && echo "$note" >> "$out_f"
grep -E '^(PASS|FAIL|SKIP) ' "$out_f" > "$log_f"
if [ -n "$limit" ] && [ $rc -eq 124 ]; then
    echo "FAIL $* (still running after $limit s: stopped)" | tee -a "$out_f" >> "$log_f"
elif [ $rc -ne 0 ] && ! grep -q '^FAIL ' "$out_f"; then
    echo "FAIL $* (exit $rc)" | tee -a "$out_f" >> "$log_f"
fi
if ! grep -qE '^(PASS|FAIL|SKIP) ' "$out_f"; then
    echo "FAIL $* (ran no case)" | tee -a "$out_f" >> "$log_f"
fi
if [ -n "${SANITIZER_LOGS:-}" ] && [ -n "$(ls "$san")" ]; then
    echo "FAIL $* (sanitizer reports: $(ls -d "$san"/*))" | tee -a "$out_f" >> "$log_f"
fi
echo "$(($(date +%s) - t0)) $t" > "$res/$name.time"
# And the processor seconds its processes took (user and system, of those it waited for): what makes
# the suite slow on 2 cores, where a test's wall time also holds the others' share of them. (Into a
# file: in a pipe, times would run in a subshell, which has no children's times.)
times > "$res/$name.times"
awk 'NR == 2 { for (i = 1; i <= NF; i++) { m = $i; sub(/m.*/, "", m); x = $i; sub(/.*m/, "", x); sub(/s$/, "", x); c += m * 60 + x } }
             END { printf "%.1f\n", c }' "$res/$name.times" > "$res/$name.cpu"; rm -f "$res/$name.times"
[ -n "$pool" ] && pool_add
rm -rf "$TMPDIR"
if command -v flock > /dev/null 2>&1; then
    flock tests/tmp/print.lock cat "$out_f"
else
    cat "$out_f"
fi
