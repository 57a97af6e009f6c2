#!/bin/sh
# verify_where.sh — outputs checked on the device catch what the host check catches (a wrong
# answer, an unwritten element, a NaN, one element just outside the tolerance), and give the
# same statuses, notes and max_rel_err as --verify host, for float, double and integer outputs.
# clx-test: long (tests/run.sh starts it first)
. tests/e2e/lib.sh
T=$TMP/verify_where
rm -rf "$T"; mkdir -p "$T"

# same_checks NAME DIR_A DIR_B: the two runs' results agree on everything a check decides (the
# note holds what verification said; how the trials were timed, which load shapes, is timing_note).
same_checks() {
    for col in variant build N status note max_rel_err; do
        tsv_col "$2/results.tsv" "$col" > "$T/a.$col"
        tsv_col "$3/results.tsv" "$col" > "$T/b.$col"
        if ! cmp -s "$T/a.$col" "$T/b.$col"; then fail "$1" "column $col differs: $(diff "$T/a.$col" "$T/b.$col" | head -4 | tr '\n' ' ')"; return; fi
    done
    pass "$1"
}
json_num() { grep -o "\"$2\":[[:space:]]*[0-9]*" "$1/run.json" | grep -o '[0-9]*$'; }

run_clx "$T/dev" run tests/e2e/fixtures/checks.spec --verify device; dev=$rundir; devrc=$rc
t=$dev/results.tsv
check where_device_fails_run test "$devrc" -eq 1
check where_device_good_ok test "$(awk -F'\t' '$2=="good" && $0 ~ /\tok\t/' "$t" | wc -l)" -eq 2
for v in wrong hole nan tiny; do
    check "where_device_catches_$v" test "$(awk -F'\t' -v v=$v '$2==v && $0 ~ /\tFAIL\t/' "$t" | wc -l)" -eq 2
done
# The elements are named as the host names them: n/2 = 2049 unwritten (the poison NaN), n/3 = 1366 NaN, n-1 = 4098 off by 1e-4.
check where_device_names_hole grep -q '1 of 4099 elements of c differ: c\[2049\]: got nan' "$t"
check where_device_names_nan grep -q '1 of 4099 elements of c differ: c\[1366\]: got nan' "$t"
check where_device_names_tiny grep -q '1 of 4099 elements of c differ: c\[4098\]' "$t"
check where_device_said grep -q '"verify_on":[[:space:]]*"device"' "$dev/run.json"
check where_device_counted test "$(json_num "$dev" outputs_checked_on_device)" -eq 10
check where_device_no_host test "$(json_num "$dev" outputs_checked_on_host)" -eq 0

run_clx "$T/host" run tests/e2e/fixtures/checks.spec --verify host
check where_host_said grep -q '"verify_on_why":[[:space:]]*"--verify host"' "$rundir/run.json"
check where_host_counted test "$(json_num "$rundir" outputs_checked_on_host)" -eq 10
same_checks where_same_as_host_fixture "$dev" "$rundir"

# Real experiments: sampled float and double outputs (maths), outputs with rounding errors to
# compare (expint), a zeroed integer output (histogram), and full float outputs (vecsum). Every
# variant, in the default build alone, at one work-group size, timed in one round of 2 trials ($FEW):
# where outputs are checked depends on none of them, and PoCL's compiles of each program at each
# size (-cl-opt-disable's builds before these) and the timing were most of the test's time.
for e in maths expint histogram vecsum; do
    case $e in maths|expint) one="--local 32" ;; *) one="--local 64" ;; esac
    run_clx "$T/$e-dev" run "$e" --quick --build= $one $FEW --verify device; a=$rundir
    run_clx "$T/$e-host" run "$e" --quick --build= $one $FEW --verify host; b=$rundir
    same_checks "where_same_as_host_$e" "$a" "$b"
    check "where_device_used_$e" test "$(json_num "$a" outputs_checked_on_device)" -gt 0
done
check where_expint_has_errors test "$(tsv_col "$T"/expint-dev/*-*/results.tsv max_rel_err | awk '$1 > 0' | wc -l)" -gt 0

check where_bad_value sh -c "! $CLX run vecsum --quick --verify gpu > $T/bad.log 2>&1 && grep -q \"\\-\\-verify needs 'device' or 'host'\" $T/bad.log"
finish
