#!/bin/sh
# ref_reads_output.sh — a host reference whose answer a kernel that writes nothing would match is no
# check: an in-place SAXPY (y = a*x + y) whose reference reads y (which starts as the NaN poison)
# makes error rows that say so and what to do, for its right kernel and for one that writes nothing
# (which matched the NaN-for-NaN answer before); the reference runs once more for one configuration
# only; an answer NaN wherever checked verifies nothing unless verify's nan_answer says it is meant;
# a separate output (z = a*x + y) is verified ok; a reference writing an input says what to do.
. tests/e2e/lib.sh
T=$TMP/ref_reads_output
rm -rf "$T"; mkdir -p "$T/exps"
E=$T/exps
CALLS=$(cd "$T" && pwd -P)/ref_calls
XDG_CACHE_HOME=$T/cache; export XDG_CACHE_HOME
CLX_PATH=$E; export CLX_PATH

# kernel BODY: the template, its kernel's body for element i that BODY.
kernel() {
    cat > "$E/saxpy.cl.m4" <<EOF
m4_include(\`clx.m4')m4_dnl
__kernel void saxpy(__global const float *restrict x, __global float *restrict y, __global float *restrict z,
                    const float a, const uint n)
{
    const uint i = get_global_id(0);
    if (i < n) { $1 }
}
EOF
}
# spec OUT [VERIFY_KEYS] [NS]: the spec whose output is OUT (y: in place; z: beside y), with those
# keys in verify and those values of N.
spec() {
    if [ "$1" = y ]; then yinit=output; zinit=zero; else yinit=random; zinit=output; fi
    cat > "$E/saxpy.spec" <<EOF
description = "SAXPY, in place or not";
template = "saxpy.cl.m4";
builds = [ "" ];
launch = { N = [ ${3:-"4096"} ]; local = 64; };
global = "N";
buffers = ( { name = "x"; type = "float"; count = "N"; init = "random"; },
            { name = "y"; type = "float"; count = "N"; init = "$yinit"; },
            { name = "z"; type = "float"; count = "N"; init = "$zinit"; } );
args = [ "x", "y", "z", "float:2.5", "uint:N" ];
verify = { reference = "saxpy"; $2 };
EOF
}
# ref OUT EXPR: the reference, OUT[i] = EXPR (y: y's input, or the output y itself in place); each
# call adds a line to $CALLS.
ref() {
    cat > "$E/saxpy.ref.c" <<EOF
#include <clx/ref.h>
#include <math.h>
#include <stdio.h>
CLX_REF(saxpy, "$1[i] = $2")
{
    size_t n;
    const float *x = ref_in(c, "x", CT_FLOAT, NULL);
    const struct ref_buf *yb = ref_buffer(c, "y");
    float *out = ref_out(c, "$1", CT_FLOAT, &n);
    if (!x || !yb || !out) return -1;
    const float *y = yb->input ? (const float *)yb->input : out;
    FILE *f = fopen("$CALLS", "a");
    if (f) { fputs("call\n", f); fclose(f); }
    for (size_t k = 0, m = ref_count(c, n); k < m; k++) {
        size_t i = ref_index(c, k);
        out[i] = $2;
    }
    (void)y;
    return 0;
}
EOF
}
run_saxpy() { rm -f "$CALLS"; run_clx "$T/$1" run saxpy --trials 2 --warmups 0; }
# says_reads FILE: FILE holds the note of a reference that reads its output y.
says_reads() {
    grep -q "reference saxpy reads its output buffer y before writing it: y\[0\] is expected to be nan over the poison the buffer starts as and .* over another fill, so a kernel that writes nothing would pass; an in-place kernel (y = a\*x + y) cannot be verified across repeated launches, since every launch changes y: give the kernel a separate output (z = a\*x + y, z with init = \"output\") that the reference writes without reading it" "$1"
}

# In place: the right kernel and one that writes nothing are both error rows, saying why.
spec y
ref y '2.5f * x[i] + y[i]'
kernel 'y[i] = a * x[i] + y[i];'
run_saxpy inplace
check inplace_exit test "$rc" -ne 0
check inplace_error test "$(tsv_count "$rundir/results.tsv" status error)" -eq 1
check inplace_says says_reads "$rundir/results.tsv"
check inplace_says_console says_reads "$T/inplace.log"
kernel ';'
run_saxpy nothing
check nothing_exit test "$rc" -ne 0
check nothing_not_ok test "$(tsv_count "$rundir/results.tsv" status ok)" -eq 0
check nothing_says says_reads "$rundir/results.tsv"

# Sampled too (only the sampled elements computed, twice).
spec y 'sample = 100;'
run_saxpy nothing_sampled
check sampled_exit test "$rc" -ne 0
check sampled_says says_reads "$rundir/results.tsv"

# The second run is for one configuration of the run: three launch points, four calls.
spec y '' '"1000", "2000", "3000"'
run_saxpy calls
check calls_error_rows test "$(tsv_count "$rundir/results.tsv" status error)" -eq 3
check calls_once_more test "$(wc -l < "$CALLS")" -eq 4

# A separate output: verified, and a kernel writing nothing to it fails.
spec z
ref z '2.5f * x[i] + y[i]'
kernel 'z[i] = a * x[i] + y[i];'
run_saxpy separate
check separate_exit test "$rc" -eq 0
check separate_ok test "$(tsv_count "$rundir/results.tsv" status ok)" -eq 1
check separate_once_more test "$(wc -l < "$CALLS")" -eq 2
kernel ';'
run_saxpy separate_nothing
check separate_nothing_fails test "$rc" -ne 0 -a "$(tsv_count "$rundir/results.tsv" status FAIL)" -eq 1

# An answer NaN wherever checked verifies nothing (the untouched poison is NaN too), unless verify
# says NaN is the answer.
ref z 'NAN'
run_saxpy allnan
check allnan_exit test "$rc" -ne 0
check allnan_error test "$(tsv_count "$rundir/results.tsv" status error)" -eq 1
check allnan_says grep -q "every checked element of z is expected to be NaN, which an output the kernel never wrote holds too (the poison): the row verified nothing" "$rundir/results.tsv"
spec z 'nan_answer = true;'
run_saxpy allnan_meant
check allnan_meant_ok test "$rc" -eq 0 -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 1
spec z 'nan_answer = 1;'
run_saxpy nan_answer_bool
check nan_answer_bool_refused grep -q "saxpy.spec:10: nan_answer must be true or false" "$T/nan_answer_bool.log"

# A reference that writes an input is told what to do, not only to make it an output.
spec z
ref y '2.5f * x[i]'
run_saxpy writes_input
check writes_input_exit test "$rc" -ne 0
check writes_input_says grep -q 'buffer y is an input: only an output (init = "output") is the reference.s to write, and it starts as the poison, which the reference must not read; for a kernel that updates y in place (y = a\*x + y), give the kernel a separate output' "$T/writes_input.log"
finish
