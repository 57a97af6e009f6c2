#!/bin/sh
# tolerance_shape.sh — a spec that could not verify, or could not be launched as written, is refused
# at its line before anything runs, saying what to write: verify's relative tolerance of 1 or more
# (it passes an output of zeros: "6 ok" for a kernel writing 0); one above a tenth is warned of at
# its line. local_size's documented default [ "local", "1", "1" ] written out beside a 1-D global
# runs as the default does; another entry past global's dimensions is refused at local_size's line.
. tests/e2e/lib.sh
T=$TMP/tolerance_shape
rm -rf "$T"; mkdir -p "$T"
cp tests/e2e/fixtures/broken.cl.m4 "$T/"

# spec_from SED: the checks fixture edited by SED as $T/s.spec; $line is the line it changed or added.
spec_from() {
    sed "$1" tests/e2e/fixtures/checks.spec > "$T/s.spec"
    line=$(diff tests/e2e/fixtures/checks.spec "$T/s.spec" | sed -n 's/^[0-9,]*[ac]\([0-9]*\).*/\1/p' | head -n 1)
}
verify_with() { spec_from "s|verify = { reference = \"vecsum\"; };|verify = { reference = \"vecsum\"; tolerance = $1; };|"; }
dry() { "$CLX" run "$T/s.spec" --set variant=good --dry-run > "$T/$1.log" 2>&1; rc=$?; }

verify_with 1.0
dry tol1
check tol1_refused test "$rc" -eq 4
check tol1_at_its_line grep -q "s.spec:$line: verify: tolerance = 1 is relative" "$T/tol1.log"
check tol1_says_why grep -q "passes an output of zeros, so every row would be ok having verified nothing" "$T/tol1.log"
check tol1_says_what grep -q "write a fraction (0.01 for 1%;" "$T/tol1.log"

verify_with 0.5
dry tol_half
check tol_half_loads test "$rc" -eq 0
check tol_half_warned_at_its_line grep -q "s.spec:$line: verify: tolerance = 0.5 passes an answer up to 50% off" "$T/tol_half.log"
check tol_half_says_what grep -q "for 0.5%, write 0.005" "$T/tol_half.log"
verify_with 1e-4
dry tol_small
check tol_small_loads test "$rc" -eq 0
check tol_small_quiet test "$(grep -c "tolerance" "$T/tol_small.log")" -eq 0

# The default written out, beside global = "N": it runs, as the default does.
spec_from 's|^global = "N";|global = "N";\nlocal_size = [ "local", "1", "1" ];|'
run_clx "$T/ls" run "$T/s.spec" --set variant=good --local 32
check local_default_runs test "$rc" -eq 0
check local_default_ok grep -q "1 ok, 0 FAIL" "$T/ls.log"
spec_from 's|^global = "N";|global = "N";\nlocal_size = [ "local", "1", "2" ];|'
dry ls2
check local_past_global_refused test "$rc" -eq 4
check local_past_global_at_its_line grep -q "s.spec:$line: local_size has 3 entries and global 1 (line $((line - 1)))" "$T/ls2.log"
check local_past_global_says_what grep -q 'give as many entries as global has: \[ "local" \]' "$T/ls2.log"
finish
