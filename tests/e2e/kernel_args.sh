#!/bin/sh
# kernel_args.sh — a kernel that does not fit its spec is refused before the sweep, said once with
# the spec's line: a buffer of double read through a float* (with a host reference the reference
# was blamed; with --no-verify the run timed the kernel reading doubles as floats), a cached build
# as much as a compiled one; a double scalar for a float parameter; a kernel name the template
# does not have, with the kernels it does have and where the name came from, once for every
# variant that fails the same way.
. tests/e2e/lib.sh
T=$TMP/kernel_args
rm -rf "$T"; mkdir -p "$T"
cp templates/vecsum.cl.m4 templates/vecsum.ref.c "$T/"
line_of() { grep -n "$1" "$2" | head -n 1 | cut -d: -f1; }

# Buffer a as double, the kernel's a a float*: refused (exit 4, as a template nothing builds from),
# said once, the reference never run; the row build-failed with the reason; the run's end says that
# the kernel was refused for the spec's arguments, not that nothing could be built.
sed 's/{ name = "a"; type = "float";/{ name = "a"; type = "double";/' templates/vecsum.spec > "$T/vecsum.spec"
a_line=$(line_of '{ name = "a"; type = "double"' "$T/vecsum.spec")
said="$T/vecsum.spec:$a_line: buffer a is double, but the kernel's parameter a is float*: the kernel would read its double elements as float"
run_clx "$T/double" run "$T/vecsum.spec" --quick --build ''
check double_exit_4 test "$rc" -eq 4
check double_said grep -qF "$said" "$T/double.log"
check double_said_once_in_full test "$(grep -c "^  $T/vecsum.spec:$a_line: buffer a is double" "$T/double.log")" -eq 1
check double_others_counted grep -qF "clx: 5 more rows build-failed for the same reason (numbers aside) as: $said" "$T/double.log"
check double_reference_not_blamed sh -c "! grep -q 'the reference needs' '$T/double.log'"
check double_rows test "$(tsv_count "$rundir/results.tsv" status build-failed)" -eq 6 -a \
    -n "$(tsv_col "$rundir/results.tsv" note | grep -F "$said")"
check double_nothing_timed test "$(tsv_count "$rundir/results.tsv" status ok)" -eq 0
# Said as what it is, built and refused, not as a build that failed or a template nothing builds from.
check double_built_refused grep -qF "clx: variant naive, build \"\" built, but its kernel does not take the spec's arguments (no compile error; source " "$T/double.log"
# Its row's status is build-failed, its note and its log say that nothing failed to compile.
check double_note_no_compile_error test "$(tsv_col "$rundir/results.tsv" note | grep -cF "built, but its kernel does not take the spec's arguments (no compile error): $said; log: logs/")" -eq 6
check double_log_refused grep -qF "# REFUSED: built, but its kernel does not take the spec's arguments (no compile error): $said" "$rundir/logs/naive__default.log"
# The end points at the error said above rather than repeating it under itself.
check double_end_said grep -qxF "clx: nothing ran: the kernel does not take the spec's buffers and arguments, so every configuration was refused before the sweep (all 6 rows are build-failed); the first, variant naive, build \"\" (the error above)" "$T/double.log"
check double_no_build_failure sh -c "! grep -q 'nothing could be built\|build \"\" failed' '$T/double.log'"
# Two builds of one variant: the second counted as one more row.
run_clx "$T/two" run "$T/vecsum.spec" --quick --set variant=naive
check two_one_more_row grep -qF "clx: 1 more row build-failed for the same reason (numbers aside) as: $said" "$T/two.log"
# Not verified, and its builds now in the build cache (PoCL's program from a binary names no
# parameter types: the cache keeps the build's): refused all the same.
run_clx "$T/noverify" run "$T/vecsum.spec" --quick --set variant=naive --build '' --no-verify
check noverify_cached test "$(tsv_col "$rundir/kernels.tsv" cached)" = 1
check noverify_refused test "$rc" -eq 4 -a -n "$(grep -F "$said" "$T/noverify.log")"
check noverify_end_said grep -qF "so its configuration was refused before the sweep (its row is build-failed); the first, variant naive, build \"\" (the error above)" "$T/noverify.log"

# One argument fewer than the kernel's parameters: the kernel's name and both counts, as a kernel
# that does not fit the spec, not as a compile error.
sed 's/^args = \[ "a", "b", "c", "uint:N" \];/args = [ "a", "b", "c" ];/' templates/vecsum.spec > "$T/vecsum.spec"
args_line=$(line_of '^args' "$T/vecsum.spec")
count_said="$T/vecsum.spec:$args_line: kernel vecsum takes 4 arguments, the spec gives 3 (does the template's argument list match the spec's args?)"
run_clx "$T/count" run "$T/vecsum.spec" --quick --set variant=naive --build ''
check count_refused test "$rc" -eq 4 -a "$(tsv_count "$rundir/results.tsv" status build-failed)" -eq 1
check count_said grep -qF "clx: variant naive, build \"\" built, but its kernel does not take the spec's arguments (no compile error; source " "$T/count.log"
check count_said_why grep -qxF "  $count_said" "$T/count.log"
check count_note test "$(tsv_count "$rundir/results.tsv" note "built, but its kernel does not take the spec's arguments (no compile error): $count_said; log: logs/naive__default.log")" -eq 1

# A scalar argument of another type than its parameter: the args' line and both types.
sed 's/^args = \[ "a", "b", "c", "uint:N" \];/args = [ "a", "b", "c", "double:N" ];/' templates/vecsum.spec > "$T/vecsum.spec"
args_line=$(line_of '^args' "$T/vecsum.spec")
run_clx "$T/scalar" run "$T/vecsum.spec" --quick --set variant=naive --build ''
check scalar_refused test "$rc" -eq 4 -a -n "$(grep -F "$T/vecsum.spec:$args_line: argument double:N is a double, but the kernel's parameter n is a uint" "$T/scalar.log")"
check scalar_end_said grep -qxF "clx: nothing ran: the kernel does not take the spec's buffers and arguments, so its configuration was refused before the sweep (its row is build-failed); the first, variant naive, build \"\" (the error above)" "$T/scalar.log"
check scalar_said_once test "$(grep -c "$T/vecsum.spec:$args_line: argument double:N is a double" "$T/scalar.log")" -eq 1

# A float4* parameter reads a buffer of float: no complaint, the run goes on.
sed 's/^__kernel void vecsum(__global const float \*restrict a,/__kernel void vecsum(__global const float4 *restrict a4,/; s/^\(    __global const VT \*av = (__global const VT \*)\)a;/\1a4;/; s/c\[t\] = a\[t\] + b\[t\]/c[t] = ((__global const float *)a4)[t] + b[t]/' \
    templates/vecsum.cl.m4 > "$T/vecsum.cl.m4"
cp templates/vecsum.spec "$T/vecsum.spec"
run_clx "$T/vector" run "$T/vecsum.spec" --quick --set variant=naive --build '' --local 64
check vector_param_fits test "$rc" -eq 0 -a "$(tsv_count "$rundir/results.tsv" status ok)" -eq 1
cp templates/vecsum.cl.m4 "$T/"

# A kernel name the template does not have: the experiment's own (the spec sets no kernel), said
# once for the six variants with the kernels the program has.
sed '/^kernel = /d' templates/vecsum.spec > "$T/vsum.spec"
sed -i 's|^template = "vecsum.cl.m4";|template = "vecsum.cl.m4";|' "$T/vsum.spec"
run_clx "$T/name" run "$T/vsum.spec" --quick --build ''
named="clCreateKernel(\"vsum\"): CL_INVALID_KERNEL_NAME: the program's one kernel is vecsum; the name is the experiment's ($T/vsum.spec sets no kernel = \"...\")"
check name_exit_4 test "$rc" -eq 4
check name_said_once test "$(grep -cF "  $named" "$T/name.log")" -eq 1
check name_others_counted grep -qF "clx: 5 more rows build-failed for the same reason (numbers aside) as: $named" "$T/name.log"
# Set by the spec: its line.
sed 's/^kernel = "vecsum";/kernel = "vecsun";/' templates/vecsum.spec > "$T/vecsum.spec"
k_line=$(line_of '^kernel = ' "$T/vecsum.spec")
run_clx "$T/set" run "$T/vecsum.spec" --quick --set variant=naive --build ''
check name_set_said grep -qF "clCreateKernel(\"vecsun\"): CL_INVALID_KERNEL_NAME: the program's one kernel is vecsum; the name is the spec's kernel = \"vecsun\" ($T/vecsum.spec:$k_line)" "$T/set.log"
finish
