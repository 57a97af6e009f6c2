# core_errors.sh — bad input gets one clear message naming the file and line, and a non-zero exit.
. tests/e2e/lib.sh
mkdir -p "$TMP"
$CLX run tests/e2e/fixtures/badspec.spec --out "$TMP/bad" > "$TMP/badspec.log" 2>&1; rc=$?
check badspec_exit test $rc -ne 0
check badspec_names_line grep -q 'tests/e2e/fixtures/badspec.spec:13: bytes: unknown name .NN.' "$TMP/badspec.log"
# A misspelt key in verify or in a buffer is refused with its line, not replaced by a default.
mkdir -p "$TMP/keys" && cp templates/vecsum.cl.m4 templates/vecsum.ref.c "$TMP/keys/"
sed 's/^verify = { reference = "vecsum"; };/verify = { reference = "vecsum"; tolerence = 1e-6; };/' templates/vecsum.spec > "$TMP/keys/vecsum.spec"
$CLX expand "$TMP/keys/vecsum.spec" --out "$TMP/keys/x" > "$TMP/keys/verify.log" 2>&1; rc=$?
check verify_key_typo_refused test $rc -ne 0 -a -n "$(grep "vecsum.spec:38: verify: unknown setting 'tolerence': did you mean tolerance? (reference, baseline, tolerance" "$TMP/keys/verify.log")"
sed '26s/range = \[/rnage = [/' templates/vecsum.spec > "$TMP/keys/vecsum.spec"
$CLX expand "$TMP/keys/vecsum.spec" --out "$TMP/keys/x" > "$TMP/keys/buffer.log" 2>&1; rc=$?
check buffer_key_typo_refused test $rc -ne 0 -a -n "$(grep "vecsum.spec:26: buffer: unknown setting 'rnage': did you mean range? (name, type, count, init, reset, range, vector)" "$TMP/keys/buffer.log")"
# A misspelt top-level key is said at its own line with the nearest name, not through what its
# absence breaks (bufers: "vecsum.spec:30: argument 1: no buffer named 'a'"; globl: "'global' is missing").
sed 's/^buffers = (/bufers = (/' templates/vecsum.spec > "$TMP/keys/vecsum.spec"
$CLX expand "$TMP/keys/vecsum.spec" --out "$TMP/keys/x" > "$TMP/keys/top.log" 2>&1; rc=$?
check top_key_typo_at_its_line test $rc -eq 4 -a "$(cat "$TMP/keys/top.log")" = "clx: $TMP/keys/vecsum.spec:25: unknown setting 'bufers': did you mean buffers?"
# A finding naming a variant the spec does not have is refused at load with its line and the
# nearest name (the report said only "cannot be checked ... no measured row matches").
line=$(grep -n 'compare = "gbs\[variant=gridstride\]' templates/vecsum.spec | cut -d: -f1)
sed "${line}s/variant=gridstride\]/variant=gridstrid]/" templates/vecsum.spec > "$TMP/keys/vecsum.spec"
$CLX run "$TMP/keys/vecsum.spec" --quick --out "$TMP/keys/x" > "$TMP/keys/variant.log" 2>&1; rc=$?
check finding_variant_typo_refused test $rc -eq 4 -a -n "$(grep -F "vecsum.spec:$line: finding compare: variant=gridstrid: 'gridstrid' is not a variant of vecsum: did you mean gridstride?" "$TMP/keys/variant.log")"
check finding_variant_typo_nothing_run test -z "$(ls -d "$TMP"/keys/x/*-*-* 2>/dev/null)"
# A comma missing between two sizes (libconfig joins the strings): refused at load with the axis'
# line, in a --quick run too (whose own sizes are fine; it ran, and the full sweep failed lineless).
sed '18s/"10M", "100M"/"10M" "100M"/' templates/vecsum.spec > "$TMP/keys/vecsum.spec"
$CLX run "$TMP/keys/vecsum.spec" --quick --out "$TMP/keys/x" > "$TMP/keys/joined.log" 2>&1; rc=$?
check launch_value_joined_refused test $rc -eq 4 -a -n "$(grep -F "vecsum.spec:18: axis N: '10M100M' is neither a number" "$TMP/keys/joined.log")"
# A launch axis of several values that nothing reads: said before the run, with its line (every
# configuration measured twice alike); the run goes on.
sed 's/^  local = 256;/  REP = [ 1, 2 ];\n  local = 256;/' templates/vecsum.spec > "$TMP/keys/vecsum.spec"
run_clx "$TMP/unused" run "$TMP/keys/vecsum.spec" --quick --set variant=naive --build '' --local 64
check unused_axis_warned test $rc -eq 0 -a "$(grep -c "vecsum.spec:20: launch axis 'REP' has 2 values but nothing reads it" "$TMP/unused.log")" -eq 1
check unused_axis_still_runs test "$(tsv_count "$rundir/results.tsv" status ok)" -eq 2
# The warning follows the values the run takes, said once: a --set of one value takes it back (the
# run measures once), a --set of several on an axis of one value gives it, naming the --set.
run_clx "$TMP/unused_one" run "$TMP/keys/vecsum.spec" --quick --set variant=naive --build '' --local 64 --set REP=2
check unused_axis_set_one_not_warned test $rc -eq 0 -a -z "$(grep "launch axis 'REP'" "$TMP/unused_one.log")" -a \
    "$(tsv_count "$rundir/results.tsv" status ok)" -eq 1
sed 's/^  local = 256;/  REP = 1;\n  local = 256;/' templates/vecsum.spec > "$TMP/keys/vecsum.spec"
run_clx "$TMP/unused_set" run "$TMP/keys/vecsum.spec" --quick --set variant=naive --build '' --local 64 --set REP=1,2
check unused_axis_set_several_warned test $rc -eq 0 -a "$(grep -c "vecsum.spec:20: launch axis 'REP' has 2 values (--set REP=1,2) but nothing reads it" "$TMP/unused_set.log")" -eq 1 -a \
    "$(grep -c "launch axis 'REP'" "$TMP/unused_set.log")" -eq 1
# A launch axis of words, or a fraction where an integer argument takes it: said as the spec's
# numbers, not as an unknown name in an expression or a kernel's wrong output.
$CLX run taylor --quick --set TERMS=abc > "$TMP/axis_word.log" 2>&1; rc=$?
check axis_word_refused test $rc -eq 2 -a -n "$(grep "'abc' is not a number" "$TMP/axis_word.log")"
# So is a word for a template parameter the spec gives only whole numbers: one line, exit 2, no
# results folder (before: m4's error at every build, rows build-failed, exit 4).
$CLX run volkov_fma --quick --set ILP=abc --out "$TMP/param_word" > "$TMP/param_word.log" 2>&1; rc=$?
check param_word_refused test $rc -eq 2 -a "$(wc -l < "$TMP/param_word.log")" -eq 1 -a ! -e "$TMP/param_word" -a \
    -n "$(grep -F "clx: --set ILP=abc: 'abc' is not a whole number, as every value volkov_fma gives ILP is (1, 2, " "$TMP/param_word.log")"
run_clx "$TMP/frac" run taylor --quick --set TERMS=1.5 --set variant=base --local 64
check frac_arg_error test "$(tsv_count "$rundir/results.tsv" status error)" -ge 1 -a \
    -n "$(grep 'argument 3 (uint:TERMS) is 1.5, not a whole number' "$rundir/results.tsv")"
# A kernel with more parameters than the spec's args: both counts said (CL_INVALID_KERNEL_ARGS alone before).
sed 's/^args = \[ "a", "b", "c", /args = [ "a", "c", /' templates/vecsum.spec > "$TMP/keys/vecsum.spec"
run_clx "$TMP/fewargs" run "$TMP/keys/vecsum.spec" --quick --set variant=naive --local 64
check few_args_said test -n "$(grep 'vecsum.spec:[0-9]*: kernel vecsum takes 4 arguments, the spec gives 3' "$rundir/results.tsv")"
# A kernel that requires a work-group size: a launch of another is skipped, saying both sizes.
sed 's/^__kernel void/__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void/' templates/vecsum.cl.m4 > "$TMP/keys/vecsum.cl.m4"
cp templates/vecsum.spec "$TMP/keys/vecsum.spec"
run_clx "$TMP/reqd" run "$TMP/keys/vecsum.spec" --quick --set variant=naive --local 64,128 --build ''
check reqd_size_ok test "$(tsv_count "$rundir/results.tsv" status ok)" -eq 1
check reqd_size_said test -n "$(grep "reqd_work_group_size is 64x1x1; this launch's is 128x1x1" "$rundir/results.tsv")"
$CLX run tests/e2e/fixtures/missing_param.spec --out "$TMP/mp" --quiet > "$TMP/missing.log" 2>&1; rc=$?
check missing_param_exit test $rc -ne 0
check missing_param_names_template grep -q 'broken.cl.m4:3: parameter KIND is not defined' "$TMP/missing.log"
# Nothing could be built from the template (m4 failed on every variant): it could not run (4), as
# a bad spec cannot, said in one line with the template's file and line; the rows are kept.
check missing_param_exit_4 test $rc -eq 4
# m4's own error (a macro call never closed) begins "m4:", which the line does not say twice.
rm -rf "$TMP/m4own"; mkdir -p "$TMP/m4own"; cp tests/e2e/fixtures/broken.spec tests/e2e/fixtures/broken.cl.m4 "$TMP/m4own/"
printf 'm4_define(`UNCLOSED'"'"', `m4_substr('"'"')\nUNCLOSED\n' >> "$TMP/m4own/broken.cl.m4"
$CLX run "$TMP/m4own/broken.spec" --set variant=good --build '' --out "$TMP/m4own/out" --quiet > "$TMP/m4own.log" 2>&1
# The run's end names the failure and points at the error just said, not the error again under it.
check m4_own_error_once sh -c "grep -q 'nothing could be built from .*broken.cl.m4: its row is build-failed; the first, variant good, build \"\" (the error above)$' '$TMP/m4own.log' &&
    test \$(grep -c 'broken.cl.m4:[0-9]*: ERROR: end of file' '$TMP/m4own.log') -eq 1 && ! grep -q 'm4: m4:' '$TMP/m4own.log'"
check missing_param_said_once sh -c "test \$(grep -c 'broken.cl.m4:3: parameter KIND is not defined' '$TMP/missing.log') -eq 1 &&
    grep -q '^clx: nothing could be built from .*broken.cl.m4: all 2 rows are build-failed; the first, variant missing_param, build \"\" (the error above)$' '$TMP/missing.log'"
check missing_param_rows_kept test "$(tsv_count "$(ls -d "$TMP"/mp/*-*-* | head -n 1)/results.tsv" status build-failed)" -eq 2
# Every build failed in the compiler: the same, naming the template line the compiler blames.
run_clx "$TMP/allbroken" run tests/e2e/fixtures/broken.spec --set variant=broken
check all_builds_failed_exit_4 test $rc -eq 4 -a -n "$(grep 'nothing could be built from .*broken.cl.m4: its row is build-failed; the first, variant broken, build "" (the error above)$' "$TMP/allbroken.log")" -a \
    "$(grep -c 'broken.cl.m4:9:[0-9]*: ' "$TMP/allbroken.log")" -eq 1
# Such a run keeps its folder (its build logs and build-failed rows: clx report reads them, --resume
# continues it), but is no run's latest, and clx history leaves it out, saying why, where it had
# refused the history of the runs beside it ("no configuration was measured in every run"); clx
# compare, whose sides the user names, says which side ran nothing and that it is to be left out.
bad=$rundir
check ran_none_keeps_folder_not_latest test -n "$bad" -a -f "$bad/results.tsv" -a ! -e "$TMP/allbroken/latest"
run_clx "$TMP/good1" run tests/e2e/fixtures/broken.spec --set variant=good --quick; good1=$rundir
run_clx "$TMP/good2" run tests/e2e/fixtures/broken.spec --set variant=good --quick; good2=$rundir
rm -rf "$TMP/hist_none" "$TMP/hist_one" "$TMP/cmp_none"
$CLX history "$good1" "$bad" "$good2" --out "$TMP/hist_none" > "$TMP/hist_none.log" 2>&1; rc=$?
check history_leaves_out_ran_none test $rc -eq 0 -a -n "$(grep -F "history: leaving out $bad: no configuration of it ran on the device (1 build-failed); $CLX report $bad reads its build logs and rows" "$TMP/hist_none.log")" -a \
    -z "$(grep -F "$bad" "$TMP/hist_none/history.tsv")" -a -n "$(grep -F "$good2" "$TMP/hist_none/history.tsv")"
$CLX history "$good1" "$bad" --out "$TMP/hist_one" > "$TMP/hist_one.log" 2>&1; rc=$?
check history_one_left_refused test $rc -eq 4 -a -n "$(grep -F "history: only one of the 2 runs given had a configuration that ran on the device: a history needs two" "$TMP/hist_one.log")" -a ! -e "$TMP/hist_one/history.md"
$CLX compare "$good1" "$bad" --out "$TMP/cmp_none" > "$TMP/cmp_none.log" 2>&1; rc=$?
check compare_names_ran_none_side test $rc -eq 4 -a -n "$(grep -F "compare: B ($bad) ran no configuration on the device (1 build-failed): $CLX report $bad reads its build logs and rows; leave it out of the comparison" "$TMP/cmp_none.log")"
# Stopped once its builds had all failed (CLX_STOP_AFTER_SWEEP: whatever the machine's speed). A
# sweep had written every row by then (each build-failed): the stop loses nothing, so the run ends as
# finished, pointing at the error said above it, with the stop's exit status, and --resume finds nothing to do
# (exit 4, as when it finished). A search does not build what failed before the stop (it exited 0,
# its kept rows uncounted): resumed, it exits as the first would, taking the line from the kept row's log.
for how in sweep search; do
    extra=; [ "$how" = search ] && extra=--search
    rm -rf "$TMP/allbroken_$how"
    CLX_STOP_AFTER_SWEEP=1 "$CLX" run tests/e2e/fixtures/broken.spec --set variant=broken $extra --out "$TMP/allbroken_$how" \
        --quiet > "$TMP/allbroken_$how.log" 2>&1; first=$?
    d=$(ls -d "$TMP/allbroken_$how"/*-*-* 2>/dev/null | head -n 1)
    "$CLX" run --resume "$d" --quiet > "$TMP/allbroken_$how.resume.log" 2>&1; rc=$?
    if [ "$how" = sweep ]; then
        check all_builds_failed_stopped_after_sweep_finished test $first -eq 130 -a -n "$(grep 'nothing could be built from .*broken.cl.m4: its row is build-failed; the first, variant broken, build "" (the error above)$' "$TMP/allbroken_$how.log")" -a -n "$(grep '"finished"' "$d/run.json")"
        check all_builds_failed_resumed_sweep_exit_4 test $rc -eq 4 -a -n "$(grep 'that run finished: every configuration has its row (there is nothing to resume); .*: exit 4, as when it finished' "$TMP/allbroken_$how.resume.log")"
    else
        check all_builds_failed_resumed_${how}_exit_4 test $rc -eq 4 -a -n "$(grep 'nothing could be built from .*broken.cl.m4: its row is build-failed; the first, variant broken, build "": .*broken.cl.m4:9:[0-9]*: ' "$TMP/allbroken_$how.resume.log")"
    fi
done
$CLX run no_such_experiment > "$TMP/noexp.log" 2>&1; rc=$?
check unknown_experiment test $rc -eq 2 -a -n "$(grep "no experiment 'no_such_experiment'" "$TMP/noexp.log")"
$CLX run vecsun --quick > "$TMP/typo.log" 2>&1; rc=$?
check unknown_experiment_did_you_mean test $rc -eq 2 -a -n "$(grep "no experiment 'vecsun': did you mean vecsum?" "$TMP/typo.log")"
$CLX run "$TMP" > "$TMP/dirspec.log" 2>&1; rc=$?
check spec_is_folder_says_why test $rc -eq 2 -a -n "$(grep "is neither an experiment name nor a spec file" "$TMP/dirspec.log")"
$CLX run "$TMP/missing.spec" > "$TMP/nospec.log" 2>&1; rc=$?
check spec_missing_says_why test $rc -eq 2 -a -n "$(grep "no spec file $TMP/missing.spec: No such file or directory" "$TMP/nospec.log")"
$CLX run vecsum --set NOPE=1 > "$TMP/noaxis.log" 2>&1; rc=$?
check unknown_axis test $rc -ne 0 -a -n "$(grep "'NOPE' is not an axis of vecsum" "$TMP/noaxis.log")"
$CLX run vecsum --set ILPP=2 > "$TMP/typoaxis.log" 2>&1; rc=$?
check unknown_axis_lists_all test $rc -eq 2 -a -n "$(grep "'ILPP' is not an axis of vecsum: did you mean ILP? (settable: variant STRIDE VEC ILP N GPC local)" "$TMP/typoaxis.log")"
# Build options the OpenCL C grammar does not have are refused before anything runs (PoCL would
# build them as the default and label the rows with them); --build-unchecked passes them.
$CLX run vecsum --quick --build -garbage > "$TMP/garbage.log" 2>&1; rc=$?
check build_option_refused test $rc -eq 2 -a -n "$(grep -- "--build -garbage: build option -garbage is not an OpenCL C build option" "$TMP/garbage.log")"
$CLX run vecsum --quick --build ',-cl-fast-relaxed-maths' > "$TMP/maths.log" 2>&1; rc=$?
check build_option_typo test $rc -eq 2 -a -n "$(grep "did you mean -cl-fast-relaxed-math?" "$TMP/maths.log")"
check build_option_nothing_run test -z "$(ls -d "$TMP"/garbage/*-*-* 2>/dev/null)"
run_clx "$TMP/unchecked" run vecsum --quick --size 4099 --set variant=naive --build -garbage --build-unchecked
check build_option_unchecked test "$rc" -eq 0 -a "$(tsv_count "$rundir/results.tsv" build -garbage)" -eq 2
sed 's/^builds = .*/builds = [ "", "-cl-opt-disabled" ];/' templates/vecsum.spec > "$TMP/badbuild.spec"
sed -i 's|^template = "vecsum.cl.m4";|template = "../../templates/vecsum.cl.m4";|' "$TMP/badbuild.spec"
$CLX run "$TMP/badbuild.spec" --quick > "$TMP/badbuild.log" 2>&1; rc=$?
check build_option_in_spec test $rc -eq 4 -a -n "$(grep "badbuild.spec:15: axis builds: build option -cl-opt-disabled is not an OpenCL C build option: did you mean -cl-opt-disable?" "$TMP/badbuild.log")"
# A named variant's own parameter set to another value: the variant's name says so, not a false gs_f4_ilp2.
run_clx "$TMP/ilp3" run vecsum --quick --size 4099 --set variant=gs_f4_ilp2 --set ILP=3 --build ''
check own_key_named test "$(tsv_col "$rundir/results.tsv" variant | sort -u)" = "gs_f4_ilp2:ILP=3"
# Set to its own value (ILP=2 is gs_f4_ilp2's), beside another, it keeps its name: its rows join a
# run without --set (they were "gs_f4_ilp2:ILP=2", and clx compare found nothing in common).
run_clx "$TMP/ilp23" run vecsum --quick --size 4099 --set variant=gs_f4_ilp2 --set ILP=2 --set ILP=3 --build '' --local 64
ilp23=$rundir
check own_value_keeps_name test "$(tsv_col "$ilp23/results.tsv" variant | sort -u | tr '\n' ' ')" = "gs_f4_ilp2 gs_f4_ilp2:ILP=3 "
run_clx "$TMP/ilp2" run vecsum --quick --size 4099 --set variant=gs_f4_ilp2 --build '' --local 64
rm -rf "$TMP/ilp2v23"
$CLX compare "$rundir" "$ilp23" --out "$TMP/ilp2v23" > "$TMP/ilp2v23.log" 2>&1; rc=$?
check own_value_compares test $rc -eq 0 -a -n "$(grep '1 configuration in common' "$TMP/ilp2v23.log")"
$CLX run vecsum --set ILP=1 --set variant=nope > "$TMP/novar.log" 2>&1; rc=$?
check unknown_variant test $rc -ne 0 -a -n "$(grep "no variant 'nope'" "$TMP/novar.log")"
$CLX run vecsum --local 1:x > "$TMP/badrange.log" 2>&1; rc=$?
check bad_range test $rc -ne 0 -a -n "$(grep -- "--local 1:x: 'x' is not a number" "$TMP/badrange.log")"
$CLX run vecsum --device 'no such device' > "$TMP/nodev.log" 2>&1; rc=$?
check unknown_device test $rc -eq 4 -a -n "$(grep -- "--device no such device: no such device (there are: " "$TMP/nodev.log")"
# A work-group the device refuses and a buffer too large are skipped with the reason; the rest runs.
run_clx "$TMP/skips" run vecsum --quick --set variant=naive --build '' --local 64,999999 --size 1000,100G
t=$rundir/results.tsv
check skips_exit_zero test "$rc" -eq 0
check skips_ok_row test "$(tsv_count "$t" status ok)" -eq 1
check skips_wg_reason grep -q 'local size 999999 in dimension 0 is above' "$t"
check skips_alloc_reason grep -q 'more than CL_DEVICE_MAX_MEM_ALLOC_SIZE' "$t"
# --quiet still says why, once per distinct reason, and how many rows shared it.
check skips_reason_on_console test "$(grep -c 'clx: skipped naive default .*local size 999999 in dimension 0 is above' "$TMP/skips.log")" -eq 1
check skips_alloc_on_console test "$(grep -c 'clx: skipped naive default N=100000000000 local=64: buffer a needs' "$TMP/skips.log")" -eq 1
check skips_repeats_counted grep -q 'more rows* skipped for the same reason (numbers aside) as: local size 999999' "$TMP/skips.log"
# Work-group sizes are launched and the driver decides: the ones it refuses are skipped rows
# with its answer, the run goes on and exits 0.
run_clx "$TMP/reqd" run tests/e2e/fixtures/reqd_wg.spec
t=$rundir/results.tsv
check reqd_wg_exit_zero test "$rc" -eq 0
check reqd_wg_ok_row test "$(tsv_count "$t" status ok)" -eq 1
check reqd_wg_refused_rows test "$(grep -c 'skipped.*clEnqueueNDRangeKernel: CL_INVALID_WORK_GROUP_SIZE' "$t")" -eq 2
# A size within the kernel's reported maximum has no note; the old flag is still accepted.
run_clx "$TMP/ignore" run vecsum --quick --set variant=naive --build '' --local 64 --ignore-kernel-wg-limit
check ignore_wg_no_false_note test "$rc" -eq 0 -a -z "$(grep 'launched anyway' "$rundir/results.tsv")"
run_clx "$TMP/respect" run vecsum --quick --set variant=naive --build '' --local 64 --respect-kernel-wg-limit
check respect_wg_accepted test "$rc" -eq 0
# No OpenCL driver at all: say why and how to fix it.
OCL_ICD_VENDORS=$TMP/empty-vendors $CLX devices > "$TMP/noicd.log" 2>&1; rc=$?
check no_platform_exit test $rc -eq 4
check no_platform_explains grep -q 'OCL_ICD_VENDORS' "$TMP/noicd.log"
finish
