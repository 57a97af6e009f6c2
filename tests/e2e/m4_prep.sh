# m4_prep.sh — what clx does around m4 (src/spec/m4prep.c): an apostrophe inside a word in a // comment
# of an m4_ifelse branch does not end the branch, a quote sign that does end one still does, and
# every line of quoted text is credited to its own template line (not to the line of the call).
. tests/e2e/lib.sh
T=$TMP/m4_prep
F=tests/e2e/fixtures/quoted.cl.m4
rm -rf "$T"
"$CLX" expand tests/e2e/fixtures/quoted.spec --out "$T" > "$T.log" 2>&1
check prep_expand_exit test $? -eq 0
check prep_apostrophe_kept grep -q "// it's the plain sum: don't change it" "$T/quoted/plain.cl"
check prep_apostrophe_other grep -q "// the sum's other half isn't here yet" "$T/quoted/other.cl"
check prep_quote_still_closes grep -q "c\[i\] \*= 1.0f; // a note that ends the quote$" "$T/quoted/plain.cl"
check prep_no_marker_bytes test "$(cat "$T"/quoted/*.cl | tr -d '\n' | tr -d '[:print:]\t' | wc -c)" -eq 0
# srcline FILE TEXT: the template line the #line directives give the first line holding TEXT.
srcline() {
    awk -v pat="$2" '/^#line / { cur = $2; next } { if (index($0, pat)) { print cur; exit }; cur++ }' "$1"
}
line_of() { grep -n -F -e "$1" "$F" | sed -n '1s/:.*//p'; }
check prep_branch_line test "$(srcline "$T/quoted/other.cl" PROBE_TWO)" = "$(line_of PROBE_TWO)"
check prep_branch_comment_line test "$(srcline "$T/quoted/other.cl" "isn't here")" = "$(line_of "isn't here")"
check prep_loop_body_line test "$(srcline "$T/quoted/other.cl" PROBE_LOOP)" = "$(line_of PROBE_LOOP)"
check prep_closing_brace_line test "$(awk '/^#line / { cur = $2; next } /^}$/ { print cur; exit } { cur++ }' "$T/quoted/other.cl")" = "$(grep -n '^}$' "$F" | cut -d: -f1)"
run_clx "$T/run" run tests/e2e/fixtures/quoted.spec
check prep_runs_verified test "$rc" -eq 0 -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 2
finish
