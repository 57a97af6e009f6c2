# guard.sh — nothing verified that was not: a kernel that writes outside its buffer is FAIL, never ok,
# even when every element inside the buffer is right (guard zones before and after each buffer,
# read back after the first trials), and on PoCL the stray writes land in the zone, not in the
# host's heap (glibc aborted such a run before, after writing 22 rows that looked verified).
. tests/e2e/lib.sh
T=$TMP/guard
rm -rf "$T"; mkdir -p "$T"

run_clx "$T/stray" run tests/e2e/fixtures/stray.spec
t=$rundir/results.tsv
check guard_exit_1 test "$rc" -eq 1
check guard_good_ok test "$(awk -F'\t' '$2 == "good" && $0 ~ /\tok\t/' "$t" | wc -l)" -eq 2
check guard_past_fail test "$(grep -c 'wrote past the end of c (404 bytes past it at least)' "$t")" -eq 2
check guard_before_fail test "$(grep -c 'wrote before the start of c (8 bytes before it at least)' "$t")" -eq 2
check guard_no_ok_stray test -z "$(awk -F'\t' '($2 == "past" || $2 == "before") && $0 ~ /\tok\t/' "$t")"

# vecsum with c of N / 2: every variant writes a whole launch's worth past c; every row FAIL.
cp templates/vecsum.cl.m4 "$T/"
sed 's/{ name = "c"; type = "float"; count = "N";/{ name = "c"; type = "float"; count = "N \/ 2";/' templates/vecsum.spec > "$T/vecsum.spec"
check guard_fixture_half grep -q 'count = "N / 2"' "$T/vecsum.spec"
run_clx "$T/half" run "$T/vecsum.spec" --quick
t=$rundir/results.tsv
check guard_half_exit_1 test "$rc" -eq 1
check guard_half_all_fail test "$(tsv_count "$t" status FAIL)" -eq 24 -a "$(tsv_rows "$t")" -eq 24
check guard_half_said test "$(grep -c 'wrote past the end of c' "$t")" -eq 24
# The naive kernel's rows (a work-item an element of a and b) say what an output too small suggests.
check guard_half_hint test "$(awk -F'\t' '$2 == "naive" && /output c has [0-9]* elements for [0-9]* work-items/' "$t" | wc -l)" -ge 1
check guard_half_no_abort sh -c "! grep -qE 'munmap_chunk|double free|corrupted|Aborted' '$T/half.log'"
check guard_half_summary grep -q '^clx: 0 ok, 24 FAIL' "$T/half.log"
finish
