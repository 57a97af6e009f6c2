#!/bin/sh
# m4_mistakes.sh — the template mistakes a newcomer meets in a first experiment, each said once at
# its template line with what to do, and nothing mangled written: apostrophes in comments inside
# quoted text and backticks in comments m4 reads (kept as prose), a character literal or a comment's prose that ends a quote, a
# misspelt macro, clx.m4 not included, a loop macro given the wrong arguments (m4's message
# without clx's line markers), a parameter missing from the spec or named unquoted, a variant m4 warned on (with
# clx's advice at its line: a bad m4_eval, an m4_index given too few arguments), the files an
# earlier expansion left, and a file of the user's where a variant's goes. Fixtures: tests/e2e/fixtures/mistakes.spec and m4_*.cl.m4.
. tests/e2e/lib.sh
T=$TMP/m4_mistakes
rm -rf "$T"; mkdir -p "$T/exp"
# expand_case NAME [ARGS...]: mistakes.spec with the template m4_NAME.cl.m4, as $T/exp/NAME.spec,
# expanded into $T/NAME: the exit status in $rc, stdout in $T/NAME.out, stderr in $T/NAME.err.
spec_case() {
    cp "tests/e2e/fixtures/m4_$1.cl.m4" "$T/exp/"
    sed "s|^template = .*|template = \"m4_$1.cl.m4\";|" tests/e2e/fixtures/mistakes.spec > "$T/exp/$1.spec"
}
expand_case() {
    n=$1; shift
    spec_case "$n"
    "$CLX" expand "$T/exp/$n.spec" --out "$T/$n" "$@" > "$T/$n.out" 2> "$T/$n.err"; rc=$?
}
# at NAME TEXT: "TEMPLATE:LINE" of the first line of m4_NAME.cl.m4 holding TEXT, as clx names it.
at() { echo "$T/exp/m4_$1.cl.m4:$(grep -n -F -e "$2" "tests/e2e/fixtures/m4_$1.cl.m4" | sed -n '1s/:.*//p')"; }
# said NAME TEXT: stderr holds TEXT (fixed) exactly once.
said() { test "$(grep -c -F -e "$2" "$T/$1.err")" -eq 1; }
# nothing_written NAME: no file listed, none in the experiment's folder.
nothing_written() { test ! -s "$T/$1.out" -a -z "$(ls "$T/$1/$1" 2>/dev/null)"; }
# no_marker_bytes FILE...: none of the bytes clx marks a template with (m4prep.c) in them.
no_marker_bytes() { test "$(cat "$@" | tr -d '\n' | tr -d '[:print:]\t' | wc -c)" -eq 0; }

# 1. Apostrophes in /* */ and // comments inside an m4_ifelse branch of an m4_forloop body (it's,
#    'in'): prose, not the end of a quote; every variant as written, comments whole, lines right.
expand_case apostrophes
check apostrophes_exit test "$rc" -eq 0 -a "$(wc -l < "$T/apostrophes.out")" -eq 4 -a ! -s "$T/apostrophes.err"
check apostrophes_block_comment grep -q -F "/* the left neighbour's value, 0 at i=0 */" "$T/apostrophes/apostrophes/OPW_2_KIND_1.cl"
check apostrophes_quoted_word grep -q -F "/* 'in' is zero outside */" "$T/apostrophes/apostrophes/OPW_2_KIND_0.cl"
check apostrophes_line_comment grep -q -F "// 'x' isn't b's" "$T/apostrophes/apostrophes/OPW_2_KIND_0.cl"
check apostrophes_each_branch_once test "$(grep -c 'const float x' "$T/apostrophes/apostrophes/OPW_2_KIND_1.cl")" -eq 2 \
    -a -z "$(grep -l "'in'" "$T/apostrophes/apostrophes/"*KIND_1.cl)"
check apostrophes_no_stray grep -q -x '}' "$T/apostrophes/apostrophes/OPW_1_KIND_0.cl"
check apostrophes_no_markers no_marker_bytes "$T/apostrophes/apostrophes/"*.cl
# The line after "')m4_dnl" is credited to its own template line, not to the loop's first.
last_line=$(awk '/^#line / { cur = $2; next } /^}$/ { print cur; exit } { cur++ }' "$T/apostrophes/apostrophes/OPW_1_KIND_0.cl")
check apostrophes_closing_line test "$last_line" = "$(grep -c '' tests/e2e/fixtures/m4_apostrophes.cl.m4)"
run_clx "$T/run_apostrophes" run "$T/exp/apostrophes.spec"
check apostrophes_run_verified test "$rc" -eq 0 -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 4

# 1b. Backticks in comments that m4 reads (/* */ anywhere, // inside quoted text) whose quote the
#    comment does not close (`clx expand`, `x): prose too, where m4 had quoted the rest of the
#    template ("end of file in string" at the comment, or a later ' closing it and the code between
#    left unexpanded); a quote the comment closes (`OPW') is still one, as m4 says.
expand_case backticks
check backticks_exit test "$rc" -eq 0 -a "$(wc -l < "$T/backticks.out")" -eq 4 -a ! -s "$T/backticks.err"
check backticks_block_comment grep -q -x -F '/* c = a + b: `clx expand` shows each variant'"'"'s code */' "$T/backticks/backticks/OPW_2_KIND_1.cl"
check backticks_closed_quote_kept grep -q -F '* 2;   /* the `base index; OPW is not expanded here */' "$T/backticks/backticks/OPW_2_KIND_1.cl"
check backticks_branch_block test "$(grep -c -F "/* \`x is a's element, 0 past the end */" "$T/backticks/backticks/OPW_2_KIND_1.cl")" -eq 2
check backticks_branch_line grep -q -F "// \`x as in the other branch" "$T/backticks/backticks/OPW_1_KIND_0.cl"
check backticks_no_markers no_marker_bytes "$T/backticks/backticks/"*.cl
run_clx "$T/run_backticks" run "$T/exp/backticks.spec"
check backticks_run_verified test "$rc" -eq 0 -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 4

# 2. A character literal, or a comment's prose ("the inputs' values"), ends the quote it stands
#    in: refused before m4 runs, at its line and the quote's, once for all four variants (exit 4).
expand_case charlit
check charlit_exit test "$rc" -eq 4
check charlit_said said charlit "$(at charlit "('a' - 97)"): the ' of this character literal ends the quote opened at line $(at charlit 'm4_ifelse(KIND' | cut -d: -f2)"
check charlit_once said charlit "clx: on 4 of 4 variants ("
check charlit_nothing_written nothing_written charlit
expand_case comment_quote
check comment_quote_exit test "$rc" -eq 4
check comment_quote_said said comment_quote "$(at comment_quote "the inputs'"): the ' in this comment ends the quote opened at line $(at comment_quote 'm4_ifelse(KIND' | cut -d: -f2)"
check comment_quote_nothing_written nothing_written comment_quote
# 2b. A branch whose opening quote is forgotten (m4_ifelse(KIND, 0, branch')): m4 copies its closing
#    ' out with it and exits 0; said at the m4_ifelse's line as the m4 mistake it is, on the two
#    variants it reaches (KIND=0), not written, before a compiler's "missing terminating '
#    character"; the others are (exit 1, as for m4's warnings). The character literal and the
#    apostrophes in comments on the other lines are no such quote.
expand_case unopened
check unopened_exit test "$rc" -eq 1 -a "$(ls "$T/unopened/unopened")" = "$(printf 'OPW_1_KIND_1.cl\nOPW_2_KIND_1.cl')"
check unopened_said said unopened "$(at unopened 'm4_ifelse(KIND, 0'): a ' is left in the expanded source outside any comment, string or character literal: an m4 closing quote whose opening \` is missing"
check unopened_variants said unopened "clx: on 2 of 4 variants ("
# 2c. The same with a comma in the branch's text (const float x = a[i], y = b[i];): m4 splits the
#    branch there into more arguments than m4_ifelse takes and says only "excess arguments to
#    builtin `m4_ifelse' ignored"; clx adds at the same line what slip makes that, on every variant
#    (each warned), and writes none (exit 4, as every variant failed).
expand_case unopened_comma
check unopened_comma_exit test "$rc" -eq 4
check unopened_comma_nothing_written nothing_written unopened_comma
# Nothing written is no folder either: an empty $T/unopened_comma/unopened_comma was left behind.
check unopened_comma_no_folder test ! -e "$T/unopened_comma"
check unopened_comma_m4_said said unopened_comma "$(at unopened_comma 'm4_ifelse(KIND, 0'): Warning: excess arguments to builtin \`m4_ifelse' ignored"
check unopened_comma_advice said unopened_comma "$(at unopened_comma 'm4_ifelse(KIND, 0'): this m4_ifelse( was given more arguments than it takes: a branch lost its opening quote \` (its text, unquoted, is split at each comma into arguments of its own), or a comma splits an unquoted argument"
check unopened_comma_once said unopened_comma "clx: on 4 of 4 variants ("

# 3. A misspelt macro and a forgotten m4_include(`clx.m4'): an m4_ name left in m4's output, said
#    at its line with the macro meant, before any compiler sees it (exit 4, as for m4's errors).
expand_case misspelt
check misspelt_exit test "$rc" -eq 4
check misspelt_said said misspelt "$(at misspelt m4_asert_in): m4_asert_in is not a macro (did you mean m4_assert_in?)"
check misspelt_loop_said said misspelt "$(at misspelt m4_forlop): m4_forlop is not a macro (did you mean m4_forloop?)"
check misspelt_only_causes sh -c "! grep -q 'm4_dnl is a macro\|m4_i is' '$T/misspelt.err'"
check misspelt_nothing_written nothing_written misspelt
run_clx "$T/run_misspelt" run "$T/exp/misspelt.spec"
check misspelt_run_exit_4 test "$rc" -eq 4
check misspelt_run_said grep -q 'm4_asert_in is not a macro (did you mean m4_assert_in?)' "$T/run_misspelt.log"
check misspelt_run_not_compiled sh -c "! grep -q 'error:' '$T/run_misspelt.log'"
expand_case noinclude
check noinclude_exit test "$rc" -eq 4
check noinclude_said said noinclude "$(at noinclude 'm4_assert_in(`OPW'): m4_assert_in is a macro of clx.m4, which the template does not include: start it with m4_include(\`clx.m4')m4_dnl"
check noinclude_nothing_written nothing_written noinclude

# 4. A loop macro given the wrong arguments: m4_forloop without its variable says what it takes;
#    m4_unroll with its arguments swapped gets m4's own message, which quotes the body back without
#    clx's line markers; each said once for the four variants.
expand_case loop_args
check loop_args_exit test "$rc" -eq 4
check loop_args_said said loop_args "$(at loop_args 'm4_forloop(0'): m4_forloop takes 4 arguments (\`VAR', FROM, TO, \`BODY'), not 3"
check loop_args_once said loop_args "clx: on 4 of 4 variants ("
check loop_args_nothing_written nothing_written loop_args
expand_case unroll_swapped
check unroll_swapped_exit test "$rc" -eq 4
check unroll_swapped_once test "$(grep -c 'bad expression in eval' "$T/unroll_swapped.err")" -eq 1 -a \
    "$(grep -c '^clx: on 4 of 4 variants' "$T/unroll_swapped.err")" -eq 1
check unroll_swapped_no_markers no_marker_bytes "$T/unroll_swapped.err"
check unroll_swapped_body_shown grep -q -x -F '        c[base + m4_u] = a[base + m4_u] + b[base + m4_u];' "$T/unroll_swapped.err"

# 5. A template parameter the spec does not give: said as what to add to the spec, not as m4's -D.
spec_case apostrophes
sed 's/ KIND = \[ 0, 1 \];//' "$T/exp/apostrophes.spec" > "$T/exp/nokind.spec"
"$CLX" expand "$T/exp/nokind.spec" --out "$T/nokind" > "$T/nokind.out" 2> "$T/nokind.err"; rc=$?
check missing_param_exit test "$rc" -eq 4
check missing_param_said said nokind "$(at apostrophes 'm4_assert_in(`KIND'): parameter KIND is not defined: add KIND to the params of the spec (or to each variant)"
check missing_param_no_dash_d sh -c "! grep -q 'pass -D' '$T/nokind.err'"
# Run, its rows' note says it as the console does (the template's line and what to add; not "m4
# failed on TEMPLATE (exit 1):" with the reason cut off), one line, then the log.
run_clx "$T/run_nokind" run "$T/exp/nokind.spec"
# (a run names its template by its real path)
nokind_note="m4: $(cd "$T/exp" && pwd -P)/$(at apostrophes 'm4_assert_in(`KIND' | sed 's|.*/||'): parameter KIND is not defined: add KIND to the params of the spec (or to each variant); log: logs/"
check missing_param_run_exit test "$rc" -eq 4
check missing_param_run_note test "$(tsv_rows "$rundir/results.tsv")" -eq 2 -a \
    "$(tsv_col "$rundir/results.tsv" note | grep -c -F -e "$nokind_note")" -eq 2

# 5b. A parameter's name left unquoted in an assertion, its value a name (KIND=plain): said as the
#     name left unquoted, as a number is, not as "parameter plain is not defined: add plain".
cp tests/e2e/fixtures/m4_apostrophes.cl.m4 "$T/exp/m4_named.cl.m4"
sed -i "s/m4_assert_in(\`KIND'/m4_assert_in(KIND/" "$T/exp/m4_named.cl.m4"
sed -e 's/ KIND = \[ 0, 1 \];/ KIND = [ "plain" ];/' -e 's|^template = .*|template = "m4_named.cl.m4";|' \
    tests/e2e/fixtures/mistakes.spec > "$T/exp/named.spec"
"$CLX" expand "$T/exp/named.spec" --out "$T/named" > "$T/named.out" 2> "$T/named.err"; rc=$?
check unquoted_name_exit test "$rc" -eq 4
check unquoted_name_said grep -q -F "m4_named.cl.m4:4: m4_assert_in was given plain, not a parameter name: a name left unquoted is replaced by its value before the macro reads it: quote the name, m4_assert_in(\`NAME', ...)" "$T/named.err"
check unquoted_name_not_undefined sh -c "! grep -q 'parameter plain is not defined' '$T/named.err'"

# 6. m4 warned (a bad m4_eval) but exited 0 on the variants with KIND=1: not written as good.
expand_case warns
check warns_exit_1 test "$rc" -eq 1 -a "$(wc -l < "$T/warns.out")" -eq 2
check warns_only_good_written test "$(ls "$T/warns/warns")" = "$(printf 'OPW_1_KIND_0.cl\nOPW_2_KIND_0.cl')"
check warns_said grep -q "^clx: variant OPW=1,KIND=1: m4 warned on " "$T/warns.err"
# With clx's advice at the line m4 names (the loop's: m4 counts a macro call from its start), once
# for each variant's message, not once for each pass of the loop that warned alike.
check warns_advice test "$(grep -c -F "$(at warns 'm4_forloop('): this m4_eval( was given what is no expression: an operand missing (a parameter not set, or set to nothing), or a word where a number must be" "$T/warns.err")" -eq 2
# 6b. m4_index given one argument of its two: m4's "too few arguments" warning, with the advice.
expand_case few_args
check few_args_exit_1 test "$rc" -eq 1 -a "$(wc -l < "$T/few_args.out")" -eq 2
check few_args_m4_said grep -q -F "$(at few_args 'm4_forloop('): Warning: too few arguments to builtin \`m4_index'" "$T/few_args.err"
check few_args_advice test "$(grep -c -F "$(at few_args 'm4_forloop('): this m4_index( was given fewer arguments than it takes: one is missing, or a quote \`...' around several took their commas into one argument" "$T/few_args.err")" -eq 2

# 7. The experiment's folder holds this expansion's files alone once it wrote every variant: a
#    variant no longer expanded leaves no file of an earlier expansion; files clx did not write stay.
#    An expansion m4 failed on removes nothing: the earlier files are the last good sources (the old
#    code removed them all, then wrote nothing), kept and named until one writes every variant.
D=$T/again/apostrophes
"$CLX" expand "$T/exp/apostrophes.spec" --out "$T/again" > /dev/null 2>&1
echo "// my notes" > "$D/notes.cl"
"$CLX" expand "$T/exp/apostrophes.spec" --set KIND=1 --out "$T/again" > "$T/again.out" 2> "$T/again.err"; rc=$?
# (KIND no longer varies: the variants' files are named by OPW alone.)
check stale_removed test "$rc" -eq 0 -a "$(ls "$D" | LC_ALL=C sort | tr '\n' ' ')" = "OPW_1.cl OPW_2.cl notes.cl "
check stale_said grep -q -x -F "clx: removed 4 files of an earlier expansion from $D that this one did not write: OPW_1_KIND_0.cl OPW_1_KIND_1.cl OPW_2_KIND_0.cl OPW_2_KIND_1.cl" "$T/again.err"
good=$(cat "$D/OPW_1.cl" "$D/OPW_2.cl" | cksum)
cp "$T/exp/m4_apostrophes.cl.m4" "$T/exp/m4_apostrophes.good"
cp tests/e2e/fixtures/m4_charlit.cl.m4 "$T/exp/m4_apostrophes.cl.m4"
"$CLX" expand "$T/exp/apostrophes.spec" --out "$T/again" > "$T/again2.out" 2> "$T/again2.err"; rc=$?
check failed_keeps_old test "$rc" -eq 4 -a "$(ls "$D" | LC_ALL=C sort | tr '\n' ' ')" = "OPW_1.cl OPW_2.cl notes.cl " \
    -a "$(cat "$D/OPW_1.cl" "$D/OPW_2.cl" | cksum)" = "$good"
check failed_says_kept grep -q -x -F "clx: kept 2 files of an earlier expansion in $D that this one did not write (m4 failed: the last good sources stay until an expansion writes every variant): OPW_1.cl OPW_2.cl" "$T/again2.err"
check failed_removes_nothing sh -c "! grep -q 'removed' '$T/again2.err'"
check failed_says_nothing_written grep -q "^clx: m4 failed on every variant of apostrophes (4): nothing written\$" "$T/again2.err"
# Mended: the expansion writes every variant, and only then are the earlier files removed.
cp "$T/exp/m4_apostrophes.good" "$T/exp/m4_apostrophes.cl.m4"
"$CLX" expand "$T/exp/apostrophes.spec" --out "$T/again" > "$T/again3.out" 2> "$T/again3.err"; rc=$?
check mended_removes_old test "$rc" -eq 0 -a "$(ls "$D" | LC_ALL=C sort | tr '\n' ' ')" = "OPW_1_KIND_0.cl OPW_1_KIND_1.cl OPW_2_KIND_0.cl OPW_2_KIND_1.cl notes.cl "
check mended_said grep -q -x -F "clx: removed 2 files of an earlier expansion from $D that this one did not write: OPW_1.cl OPW_2.cl" "$T/again3.err"
# Some variants failed (m4 warned on KIND=1): those written replace theirs, nothing is removed.
spec_case warns
W=$T/partial/warns
"$CLX" expand "$T/exp/warns.spec" --set KIND=0 --out "$T/partial" > /dev/null 2>&1
"$CLX" expand "$T/exp/warns.spec" --out "$T/partial" > "$T/partial.out" 2> "$T/partial.err"; rc=$?
check partial_keeps_old test "$rc" -eq 1 -a "$(ls "$W" | LC_ALL=C sort | tr '\n' ' ')" = "OPW_1.cl OPW_1_KIND_0.cl OPW_2.cl OPW_2_KIND_0.cl "
check partial_says_kept grep -q -F "clx: kept 2 files of an earlier expansion in $W that this one did not write (m4 failed: " "$T/partial.err"

# 8. A file clx did not write where a variant's goes (a kernel of the user's: the experiment's own
#    folder given as --out) is never overwritten: refused before anything is written, exit 4 (it was
#    replaced, exit 0). Moved away, the expansion writes.
H=$T/hand/apostrophes
mkdir -p "$H" && echo "// my hand-written kernel" > "$H/OPW_2.cl"
"$CLX" expand "$T/exp/apostrophes.spec" --set KIND=1 --out "$T/hand" > "$T/hand.out" 2> "$T/hand.err"; rc=$?
check hand_written_refused test "$rc" -eq 4 -a ! -s "$T/hand.out" -a "$(ls "$H")" = "OPW_2.cl" \
    -a "$(cat "$H/OPW_2.cl")" = "// my hand-written kernel"
check hand_written_said grep -q -x -F "clx: $H/OPW_2.cl was not written by clx (its first line is not clx's header) and this expansion would overwrite it: move it away or give --out another folder; nothing written" "$T/hand.err"
mv "$H/OPW_2.cl" "$T/mine.cl"
"$CLX" expand "$T/exp/apostrophes.spec" --set KIND=1 --out "$T/hand" > /dev/null 2>&1; rc=$?
check hand_written_moved_away test "$rc" -eq 0 -a "$(ls "$H" | tr '\n' ' ')" = "OPW_1.cl OPW_2.cl "
finish
