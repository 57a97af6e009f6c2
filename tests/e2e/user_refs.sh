#!/bin/sh
# user_refs.sh — a user's own experiment outside clx (spec, template and NAME.ref.c in a folder on CLX_PATH): listed with its origin, expanded without its reference, run and verified against the reference clx compiles, recompiled after an edit; a compile error is one file:line message.
. tests/e2e/lib.sh
T=$TMP/user_refs
rm -rf "$T"; mkdir -p "$T/exps" "$T/data/clx/templates"
E=$T/exps
# Its own cache, to count the compiled objects.
XDG_CACHE_HOME=$T/cache; export XDG_CACHE_HOME
cat > "$E/scale.cl.m4" <<'EOF'
m4_include(`clx.m4')m4_dnl
m4_assert_in(`VEC', 1, 4)m4_dnl
__kernel void scale(__global const float *restrict x, __global float *restrict y, const float k, const uint n)
{
    const uint i = get_global_id(0) * VEC;
    for (uint j = 0; j < VEC; j++)
        if (i + j < n) y[i + j] = x[i + j] * k + 1.0f;
}
EOF
cat > "$E/scale.spec" <<'EOF'
description = "y = K * x + 1, a user's own experiment";
template = "scale.cl.m4";
params = { VEC = [ 1, 4 ]; };
builds = [ "" ];
launch = { N = [ "100000" ]; K = 3; local = 64; };
global = "ceil_div(N, VEC)";
buffers = ( { name = "x"; type = "float"; count = "N"; init = "random"; },
            { name = "y"; type = "float"; count = "N"; init = "output"; } );
args = [ "x", "y", "float:K", "uint:N" ];
verify = { reference = "scale"; };
quick = { N = "1000"; };
EOF
# write_ref PLUS [TAIL]: the reference, computing K * x + PLUS; TAIL ends its loop's statement.
write_ref() {
    cat > "$E/scale.ref.c" <<EOF
/* scale.ref.c — host reference of the scale experiment: y = K * x + 1. */
#include <clx/ref.h>

CLX_REF_SPLIT(scale, "y[i] = K * x[i] + 1")
{
    size_t nx, ny;
    const float *x = ref_in(c, "x", CT_FLOAT, &nx);
    float *y = ref_out(c, "y", CT_FLOAT, &ny);
    double k = ref_var(c, "K");
    if (!x || !y || c->err) return -1;
    for (size_t j = 0, n = ref_count(c, ny); j < n; j++) {
        size_t i = ref_index(c, j);
        y[i] = x[i] * (float)k + $1f${2-;}
    }
    return 0;
}
EOF
}
objects() { ls "$T/cache/clx/refs/"*.so 2>/dev/null | wc -l; }
run_scale() { run_clx "$T/$1" run scale --quick --trials 2 --warmups 0; }
CLX_PATH=$E; export CLX_PATH

# Found along CLX_PATH, listed with where it comes from; expanding needs no reference.
$CLX list > "$T/list.log" 2>&1
check list_shows_origin grep -qE "^scale +$E +y = K" "$T/list.log"
check list_shipped_origin grep -qE '^vecsum +shipped ' "$T/list.log"
# One spec there that cannot be read: said with its file and line and a hint, the others listed,
# exit 4 (a bad spec, as clx run of it; it was 1, which is failed rows).
B=$T/badpath; mkdir -p "$B"
printf '%s\n' 'description = "d";' 'template = "scale.cl.m4";' 'builds = [ "",' 'launch = { local = 64; };' > "$B/broken.spec"
CLX_PATH=$E:$B $CLX list > "$T/badlist.out" 2> "$T/badlist.err"; rc=$?
check list_bad_spec_exit_4 test "$rc" -eq 4
check list_bad_spec_said grep -qxF "clx: $B/broken.spec:4: syntax error (the array '[' opened on line 3 is not closed with ']' before this setting?)" "$T/badlist.err"
check list_bad_spec_rest_listed sh -c "grep -qE '^scale +$E ' '$T/badlist.out' && grep -qE '^vecsum +shipped ' '$T/badlist.out'"
$CLX expand scale --out "$T/x" > "$T/expand.log" 2>&1; rc=$?
check expand_without_ref test "$rc" -eq 0 -a -f "$T/x/scale/VEC_4.cl"
run_scale noref
check run_without_ref_fails test "$rc" -ne 0
check run_without_ref_says grep -q "scale.spec:10: no host reference named 'scale'" "$T/noref.log"

# With its reference: compiled once, every row verified ok.
write_ref 1.0
$CLX list --refs > "$T/refs.log" 2>&1
check list_refs_origin grep -qE "^scale +$E +y\[i\] = K \* x\[i\] \+ 1$" "$T/refs.log"
check list_refs_shipped grep -qE '^vecsum +shipped ' "$T/refs.log"
run_scale ok
check run_exit test "$rc" -eq 0
check run_rows_ok test "$(tsv_count "$rundir/results.tsv" status ok 2>/dev/null)" -eq 2
check one_object test "$(objects)" -eq 1
"$CLX" report "$rundir" --quiet > "$T/report.log" 2>&1
check report_finds_spec test $? -eq 0 -a -s "$rundir/report.md"
run_scale again
check cached_object_reused test "$rc" -eq 0 -a "$(objects)" -eq 1

# A run stopped part-way is not resumed once its reference was edited (its rows would be checked
# against two answers); with the reference as it was, it is.
export CLX_STOP_AFTER_ROUNDS=1
run_clx "$T/stopped" run scale --quick --trials 2 --warmups 0 --rounds 1
unset CLX_STOP_AFTER_ROUNDS
stopped=$rundir
check stopped_part_way sh -c "grep -q '\"interrupted\"' '$stopped/run.json'"
write_ref 1.5
$CLX run --resume "$stopped" --quiet > "$T/resume-edited.log" 2>&1; rc=$?
check resume_refuses_edited_ref test "$rc" -ne 0 -a -n "$(grep "differs from the interrupted one in the host reference's source (it was edited since)" "$T/resume-edited.log")"
write_ref 1.0
$CLX run --resume "$stopped" --quiet > "$T/resume-same.log" 2>&1; rc=$?
check resume_same_ref test "$rc" -eq 0

# The reference decides: a wrong one fails the rows (and the edit compiled a new object).
before=$(objects)
write_ref 2.0
run_scale wrong
check wrong_ref_fails test "$rc" -ne 0 -a "$(tsv_count "$rundir/results.tsv" status FAIL 2>/dev/null)" -eq 2
check edit_recompiles test "$(objects)" -eq "$((before + 1))"
# Every kernel disagreeing alike points at the reference too: said once, naming it and its line.
check wrong_ref_suspected grep -qF "every row FAILed its check against the host reference 'scale' ($E/scale.spec:10), every variant alike" "$T/wrong.log"
check ok_ref_not_suspected sh -c "! grep -q 'every row FAILed' '$T/ok.log'"

# A syntax error: one line, FILE:LINE: error:, and no run.
write_ref 1.0 ' '
run_scale broken
check syntax_error_exit test "$rc" -ne 0
check syntax_error_one_line test "$(wc -l < "$T/broken.log")" -eq 1
check syntax_error_file_line grep -qE "^clx: $E/scale.ref.c:1[0-9]:[0-9]+: error: " "$T/broken.log"
check syntax_error_no_run test -z "$rundir"

# A variable it reads that is not set (misspelt): every row error, said at the file and line that
# reads it with the nearest name and the names set, in full once on the console (its list on a line
# of its own, which the count of the rows that repeat it leaves out), in full in each row's note.
write_ref 1.0
sed 's/ref_var(c, "K")/ref_var(c, "lcoal")/' "$E/scale.ref.c" > "$T/misspelt.ref.c" && mv "$T/misspelt.ref.c" "$E/scale.ref.c"
line=$(grep -n 'ref_var(c, "lcoal")' "$E/scale.ref.c" | cut -d: -f1)
run_scale misspelt
said="reference scale: $E/scale.ref.c:$line: the reference needs the variable lcoal, which is not set (a template parameter, launch axis or derived value): did you mean local?"
check misspelt_var_rows_error test "$rc" -ne 0 -a "$(tsv_count "$rundir/results.tsv" status error 2>/dev/null)" -eq 2
check misspelt_var_said_at_line grep -qF "$said" "$T/misspelt.log"
check misspelt_var_names_set grep -qE '^\(the variables set: (.*, )?K, (.*, )?local(, .*)?\)$' "$T/misspelt.log"
check misspelt_var_list_once test "$(grep -c '^(the variables set: ' "$T/misspelt.log")" -eq 1
check misspelt_var_repeat_counted grep -qF "clx: 1 more row error for the same reason (numbers aside) as: $said ..." "$T/misspelt.log"
check misspelt_var_notes test "$(tsv_col "$rundir/results.tsv" note | grep -cF "$said (the variables set: ")" -eq 2

# Without CLX_PATH, the user's data folder is searched too.
write_ref 1.0
cp "$E/scale.cl.m4" "$E/scale.spec" "$E/scale.ref.c" "$T/data/clx/templates/"
unset CLX_PATH
XDG_DATA_HOME=$T/data; export XDG_DATA_HOME
run_scale xdg
check xdg_data_home test "$rc" -eq 0 -a "$(tsv_count "$rundir/results.tsv" status ok 2>/dev/null)" -eq 2
finish
