#!/bin/sh
# Runs every unit-test binary given as arguments, then every tests/e2e/*.sh script; each prints
# one "PASS name" or "FAIL name" line per case. Ends with "N passed, N failed"; exits 1 on failure.
# TESTS=pattern runs only the e2e scripts whose name matches.
cd "$(dirname "$0")/.." || exit 2
log=tests/tmp/run.log
mkdir -p tests/tmp && : > "$log"
# Built programs are cached under tests/tmp, never in the user's own cache; fresh for every check.
XDG_CACHE_HOME=$PWD/tests/tmp/cache; export XDG_CACHE_HOME
rm -rf "$XDG_CACHE_HOME"
run_one() {
    # A program that crashes or prints no case still counts as one failure.
    out=$("$@" 2>&1); rc=$?
    printf '%s\n' "$out"
    printf '%s\n' "$out" | grep -E '^(PASS|FAIL) ' >> "$log"
    if [ $rc -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^FAIL '; then
        echo "FAIL $* (exit $rc)"; echo "FAIL $* (exit $rc)" >> "$log"
    fi
    if ! printf '%s\n' "$out" | grep -qE '^(PASS|FAIL) '; then
        echo "FAIL $* (ran no case)"; echo "FAIL $*" >> "$log"
    fi
}
for t in "$@"; do run_one "$t"; done
for t in tests/e2e/*.sh; do
    [ -e "$t" ] || continue
    [ "$t" = tests/e2e/lib.sh ] && continue       # sourced by the tests, not one itself
    case "$t" in *"${TESTS:-}"*) ;; *) continue ;; esac
    run_one sh "$t"
done
passed=$(grep -c '^PASS ' "$log")
failed=$(grep -c '^FAIL ' "$log")
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
