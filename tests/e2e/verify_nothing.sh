# verify_nothing.sh — clx never says ok having compared nothing, and says why a row could not be
# checked: a verify with no output buffer (a baseline's or a reference's) refused at load with its
# line and the buffers; the baseline that FAILed at a point named on the rows checked against it
# (not "was it run?"); a plot that would take the name of clx's own chart refused at its line.
. tests/e2e/lib.sh
T=$TMP/verify_nothing
rm -rf "$T"; mkdir -p "$T"
cp tests/e2e/fixtures/broken.cl.m4 tests/e2e/fixtures/stray.cl.m4 "$T/"

# A student's init = "zero" on the output, verified against a baseline: nothing would be compared
# (every other variant was "ok (agrees with baseline good)", its store deleted or not).
sed 's/count = "N"; init = "output"/count = "N"; init = "zero"/' tests/e2e/fixtures/baseline.spec > "$T/zero_out.spec"
line=$(grep -n '^verify' "$T/zero_out.spec" | cut -d: -f1)
"$CLX" run "$T/zero_out.spec" --dry-run --out "$T/x" > "$T/zero_out.log" 2>&1; rc=$?
check nothing_baseline_refused test "$rc" -eq 4
check nothing_baseline_line grep -qF "$T/zero_out.spec:$line: verify = { baseline = \"good\"; } compares only the buffers with init = \"output\" that the kernel is given, and there is none (a: init = \"random\", b: init = \"random\", c: init = \"zero\")" "$T/zero_out.log"
check nothing_baseline_says_fix grep -qF 'give the buffer the kernel writes init = "output"' "$T/zero_out.log"
"$CLX" expand "$T/zero_out.spec" --out "$T/x" > "$T/zero_expand.log" 2>&1; rc=$?
check nothing_expand_refused test "$rc" -ne 0 -a -n "$(grep -F "zero_out.spec:$line: verify" "$T/zero_expand.log")"
# A host reference the same, and an output no argument of the kernel takes.
sed 's/count = "N"; init = "output"/count = "N"; init = "iota"/' tests/e2e/fixtures/stray.spec > "$T/ref_zero.spec"
line=$(grep -n '^verify' "$T/ref_zero.spec" | cut -d: -f1)
"$CLX" run "$T/ref_zero.spec" --dry-run --out "$T/x" > "$T/ref_zero.log" 2>&1; rc=$?
check nothing_reference_refused test "$rc" -eq 4 -a -n "$(grep -F "ref_zero.spec:$line: verify = { reference = \"vecsum\"; } compares only" "$T/ref_zero.log")"
sed 's/^args = .*/args = [ "a", "b", "a", "uint:N" ];/' tests/e2e/fixtures/stray.spec > "$T/unpassed.spec"
"$CLX" run "$T/unpassed.spec" --dry-run --out "$T/x" > "$T/unpassed.log" 2>&1; rc=$?
check nothing_unpassed_refused test "$rc" -eq 4 -a -n "$(grep -F 'c: init = "output" but no argument of the kernel' "$T/unpassed.log")"
# An output beside the one the kernel writes that no argument takes: compared as poisoned (an integer
# one agrees with itself under a baseline), refused at its own line.
sed 's/^  { name = "c"; type = "float"; count = "N"; init = "output"; }/  { name = "c"; type = "float"; count = "N"; init = "output"; },\n  { name = "d"; type = "int"; count = "N"; init = "output"; }/' \
    tests/e2e/fixtures/stray.spec > "$T/extra.spec"
line=$(grep -n 'name = "d"' "$T/extra.spec" | cut -d: -f1)
"$CLX" run "$T/extra.spec" --dry-run --out "$T/x" > "$T/extra.log" 2>&1; rc=$?
check nothing_extra_output_refused test "$rc" -eq 4 -a -n "$(grep -F "extra.spec:$line: buffer d has init = \"output\" but no argument of the kernel takes it" "$T/extra.log")"
# The good spec still loads.
"$CLX" run tests/e2e/fixtures/baseline.spec --dry-run --out "$T/x" > "$T/good.log" 2>&1; rc=$?
check nothing_good_loads test "$rc" -eq 0

# The baseline FAILs at every point (it writes past c): the others are not checked, and say why.
sed -e 's/^verify = .*/verify = { baseline = "past"; };/' tests/e2e/fixtures/stray.spec > "$T/basefail.spec"
run_clx "$T/basefail" run "$T/basefail.spec"
t=$rundir/results.tsv
note() { awk -F'\t' -v v="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["variant"] == v { print $c["status"] ": " $c["note"] }' "$t"; }
check basefail_exit_1 test "$rc" -eq 1
check basefail_baseline_fails test "$(note past | grep -c '^FAIL: wrote past the end of c')" -eq 2
check basefail_others_say_why test "$(note good | grep -c '^error: not checked: the baseline past FAILed at this point (wrote past the end of c (404 bytes past it at least)): mend the baseline')" -eq 2
check basefail_not_was_it_run sh -c "! grep -q 'was it run' '$t' '$T/basefail.log'"
check basefail_console grep -qF 'error good default local=32: not checked: the baseline past FAILed at this point' "$T/basefail.log"

# clx's own charts' names (plots/sol.png, search.png, latency.png) are no spec plot's: the user's
# plot 'sol' was overwritten by the speed-of-light chart, its heading over clx's picture.
for name in sol search latency; do
    sed "s/^verify = .*/&\nplots = ( { kind = \"lines\"; metric = \"gbs\"; x = \"N\"; },\n  { kind = \"lines\"; name = \"$name\"; metric = \"gbs\"; x = \"N\"; } );/" \
        tests/e2e/fixtures/baseline.spec > "$T/plot_$name.spec"
    line=$(grep -n "name = \"$name\"" "$T/plot_$name.spec" | cut -d: -f1)
    "$CLX" run "$T/plot_$name.spec" --dry-run --out "$T/x" > "$T/plot_$name.log" 2>&1; rc=$?
    check "plot_name_${name}_refused" test "$rc" -eq 4 -a -n "$(grep -F "plot_$name.spec:$line: plot 2: name '$name' is clx's own: " "$T/plot_$name.log")"
done
check plot_name_says_reserved grep -qF "is plots/sol.png; the names sol, search and latency are reserved: choose another" "$T/plot_sol.log"
finish
