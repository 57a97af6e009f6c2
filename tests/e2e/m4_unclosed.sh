#!/bin/sh
# m4_unclosed.sh — a macro call whose ) is forgotten, said at the line where the call begins with
# "close it with `)`" (m4 names some later line: its last argument's, a call's inside it); and a
# failed expansion that keeps only its own template's last good sources in the experiment's folder,
# never another folder's template of the same name. Fixtures: tests/e2e/fixtures/mistakes.spec and
# m4_apostrophes.cl.m4, each broken here by sed.
. tests/e2e/lib.sh
T=$TMP/m4_unclosed
rm -rf "$T"; mkdir -p "$T"
# case_in DIR EXP SED: mistakes.spec as DIR/EXP.spec, with m4_apostrophes.cl.m4 changed by SED.
case_in() {
    mkdir -p "$1"
    sed "$3" tests/e2e/fixtures/m4_apostrophes.cl.m4 > "$1/m4_apostrophes.cl.m4"
    cp tests/e2e/fixtures/mistakes.spec "$1/$2.spec"
}
# line_of TEXT [NTH]: the template line of the NTH (default 1st) line of m4_apostrophes.cl.m4 holding TEXT.
line_of() { grep -n -F -e "$1" tests/e2e/fixtures/m4_apostrophes.cl.m4 | sed -n "${2:-1}s/:.*//p"; }
# expand DIR EXP OUT NAME: clx expand DIR/EXP.spec --out OUT: stdout and stderr in $T/NAME.out and
# $T/NAME.err, the exit status in $rc.
expand() { "$CLX" expand "$1/$2.spec" --out "$3" > "$T/$4.out" 2> "$T/$4.err"; rc=$?; }
# said NAME TEXT: stderr holds TEXT (fixed) exactly once.
said() { test "$(grep -c -F -e "$2" "$T/$1.err")" -eq 1; }

# 1. The ) of a one-line call forgotten (m4_assert_in on line 3, its m4_dnl eats the line's end):
#    clx names line 3 and what to do, once for the four variants, after m4's own line.
L=$(line_of "m4_assert_in(\`OPW'")
case_in "$T/assert" mistakes "${L}s/2)m4_dnl/2m4_dnl/"
expand "$T/assert" mistakes "$T/out_assert" assert
A=$(cd "$T/assert" && pwd -P)/m4_apostrophes.cl.m4
check assert_exit test "$rc" -eq 4
check assert_m4_said grep -q "^m4:$A:[0-9]*: ERROR: end of file in argument list\$" "$T/assert.err"
# (m4 names line 3 on some variants and a later one on others: clx names line 3 on all.)
check assert_line_said test "$(grep -c 'never closed' "$T/assert.err")" -ge 1 -a \
    "$(grep 'never closed' "$T/assert.err" | grep -c -v -F "$A:$L: the m4_assert_in( call begun here is never closed")" -eq 0
check assert_close_it grep -q -F "$A:$L: the m4_assert_in( call begun here is never closed (its parentheses, outside quotes and comments, do not balance before the file's end): close it with \`)\`" "$T/assert.err"

# 2. The ) of a call over many lines forgotten (m4_forloop's closing "')m4_dnl" left "'m4_dnl"): the
#    line where the loop begins (m4 names it too here, where the last argument begins on the same line).
F=$(line_of "m4_forloop(")
E=$(line_of "')m4_dnl" 3)
case_in "$T/loop" mistakes "${E}s/')m4_dnl/'m4_dnl/"
expand "$T/loop" mistakes "$T/out_loop" loop
A=$(cd "$T/loop" && pwd -P)/m4_apostrophes.cl.m4
check loop_exit test "$rc" -eq 4
check loop_line_said said loop "$A:$F: the m4_forloop( call begun here is never closed (its parentheses, outside quotes and comments, do not balance before the file's end): close it with \`)\`"

# 2b. The ) of an m4_ifelse inside the loop's body forgotten: the body closes, the call in it does
#    not; m4 reads the body again alone and fails at the file's end. The m4_ifelse's line is said.
I=$(line_of "m4_ifelse(KIND")
E=$(line_of "')m4_dnl" 2)
case_in "$T/branch" mistakes "${E}s/')m4_dnl/'m4_dnl/"
expand "$T/branch" mistakes "$T/out_branch" branch
A=$(cd "$T/branch" && pwd -P)/m4_apostrophes.cl.m4
check branch_exit test "$rc" -eq 4
check branch_line_said said branch "$A:$I: the m4_ifelse( call begun here is never closed (its parentheses, outside quotes and comments, do not balance before the end of the quoted text it stands in): close it with \`)\`"

# 3. Where the cause is a quote never closed, that is said, and no call is named.
case_in "$T/quote" mistakes "${I}s/1, \`m4_dnl/1, \`\`m4_dnl/"
expand "$T/quote" mistakes "$T/out_quote" quote
check quote_exit test "$rc" -eq 4
check quote_no_call_named sh -c "! grep -q 'close it with' '$T/quote.err'"

# 4. A failed expansion removes nothing: its own template's earlier files are the last good sources;
#    those another path's template wrote (a moved folder, or another experiment of the same name) are
#    kept too, and said with that template's path.
case_in "$T/one" same "s/^x//"
case_in "$T/two" same "${L}s/2)m4_dnl/2m4_dnl/"
O=$T/shared_out
expand "$T/one" same "$O" one
check other_first_written test "$rc" -eq 0 -a "$(ls "$O/same" | wc -l)" -eq 4
expand "$T/two" same "$O" two
ONE=$(cd "$T/one" && pwd -P)/m4_apostrophes.cl.m4
check other_exit test "$rc" -eq 4
check other_kept test "$(ls "$O/same" | wc -l)" -eq 4
check other_said said two "clx: kept 4 files in $O/same of an earlier expansion of $ONE, not this template's path (its folder moved, or another template of the same name): m4 failed on this one, so they are no sources of it; a successful expansion replaces them: OPW_1_KIND_0.cl OPW_1_KIND_1.cl OPW_2_KIND_0.cl OPW_2_KIND_1.cl"
check other_not_said_own sh -c "! grep -q 'that this one did not write' '$T/two.err'"
# Its own earlier files stay, as ever: the same folder expanded good, then broken.
expand "$T/one" same "$O" one_again
sed -i "${L}s/2)m4_dnl/2m4_dnl/" "$T/one/m4_apostrophes.cl.m4"
expand "$T/one" same "$O" one_broken
check own_kept test "$rc" -eq 4 -a "$(ls "$O/same" | wc -l)" -eq 4
check own_said_kept grep -q -F "clx: kept 4 files of an earlier expansion in $O/same that this one did not write" "$T/one_broken.err"
finish
