#!/bin/sh
# dry_run.sh — clx run --dry-run: the options, the spec and the sweep's plan checked as the run
# checks them, with no OpenCL at all (an ICD folder with no driver): the sweep's size and --shard's
# part said, exit 0, nothing written; a mistake refused with the run's own line and exit status (a
# malformed --device too; one that is well formed but not here passes, said so); a
# work-group range up to 'max' (the device's) neither refused nor counted; a kernel name the source
# defines nowhere refused. tools/slurm-sweep.sh
# asks it before queueing shards (slurm_sweep.sh).
. tests/e2e/lib.sh
T=$TMP/dry_run
rm -rf "$T"; mkdir -p "$T/no-icd"
# No driver: a dry run that opened a device would fail here. The suite's (PoCL) for the runs that
# compare with one.
ICD=$OCL_ICD_VENDORS
OCL_ICD_VENDORS=$PWD/$T/no-icd; export OCL_ICD_VENDORS

"$CLX" run vecsum --quick --dry-run --shard 2/3 --out "$T/out" > "$T/shard.log" 2>&1
check dry_run_exit_0 test $? -eq 0
check dry_run_size grep -qx "clx: vecsum: 6 variants x 2 builds x 2 launch points (quick mode): 24 configurations" "$T/shard.log"
# What the points count multiplies: each launch axis's values, as quick writes them.
check dry_run_points grep -qx "clx: launch points: N = 1000003 x GPC = 8 x local = 64, 256" "$T/shard.log"
# A value given twice is one point, and listed once, as the count has it (it said "1 launch point"
# beside "local = 64, 64").
"$CLX" run vecsum --quick --dry-run --local 64,64 > "$T/twice.log" 2>&1
check dry_run_repeat_listed_once sh -c "grep -qx 'clx: vecsum: 6 variants x 2 builds x 1 launch point (quick mode): 12 configurations' '$T/twice.log' && grep -qx 'clx: launch points: N = 1000003 x GPC = 8 x local = 64' '$T/twice.log'"
# The part as the shard's run says it: its 8, and the relative variant's 4 it times them against.
check dry_run_shard grep -q "^clx: shard 2/3 (whole variant x build groups): 8 of the sweep's 24 configurations, and 4 of the baseline" "$T/shard.log"
check dry_run_said grep -q "^clx: --dry-run: .*check out.*nothing run" "$T/shard.log"
check dry_run_wrote_nothing test ! -e "$T/out"
# --out is tried as the run makes its folder there (a folder, a file in it), then left as it was: one
# the run cannot use is refused with the run's own line and exit 4, not said to check out (the
# run's, with a device, last: its line is the dry run's).
"$CLX" run vecsum --quick --dry-run --out /proc/clx-nope > "$T/proc.log" 2>&1; rc=$?
check dry_run_out_refused sh -c "test $rc -eq 4 && grep -qx 'clx: cannot make a results folder under /proc/clx-nope: No such file or directory' '$T/proc.log' && ! grep -q 'check out' '$T/proc.log'"
printf 'x\n' > "$T/afile"
"$CLX" run vecsum --quick --dry-run --out "$T/afile/runs" > "$T/afile.log" 2>&1; rc=$?
check dry_run_out_not_a_folder sh -c "test $rc -eq 4 && grep -qx 'clx: cannot make a results folder under $T/afile/runs: Not a directory' '$T/afile.log'"
# --out naming a file itself is a command-line mistake, said with the option (exit 2, as clx compare's
# --out FILE): before, "cannot make a results folder under FILE: Not a directory", exit 4.
"$CLX" run vecsum --quick --dry-run --out "$T/afile" > "$T/afile-out.log" 2>&1; rc=$?
check dry_run_out_file_usage sh -c "test $rc -eq 2 && grep -qF -- 'clx run: --out $T/afile is a file, not a folder' '$T/afile-out.log'"
"$CLX" run vecsum --quick --out "$T/afile" > "$T/afile-out-run.log" 2>&1; rc=$?
check run_out_file_usage sh -c "test $rc -eq 2 && grep -qF -- 'clx run: --out $T/afile is a file, not a folder' '$T/afile-out-run.log'"
# A real run checks its --out the same way, before its device is looked for or its turn waited
# for (another clx may hold it for hours): the folder's line, not the missing device's (CLX_DEVICE
# names none).
OCL_ICD_VENDORS=$ICD CLX_DEVICE=9:9 "$CLX" run vecsum --quick --out "$T/afile/runs" > "$T/afile-run.log" 2>&1; rc=$?
check run_out_before_device sh -c "test $rc -eq 4 && test \"\$(cat '$T/afile-run.log')\" = 'clx: cannot make a results folder under $T/afile/runs: Not a directory'"
mkdir -p "$T/kept"; : > "$T/kept/mine"
"$CLX" run vecsum --quick --dry-run --out "$T/kept/a/b" > "$T/kept.log" 2>&1; rc=$?
check dry_run_out_checked sh -c "test $rc -eq 0 && grep -q 'check out.*, and a run.s folder can be made and written under $T/kept/a/b; nothing run' '$T/kept.log'"
check dry_run_out_left_as_found test "$(ls -A "$T/kept")" = mine

# 'max' is the device's largest work-group: the dry run counts the other axes' points and says the
# work-group sizes are the device's (a range from 2048 is not refused as empty: a device may go past it).
"$CLX" run vecsum --quick --dry-run --local 2048:max --shard 1/2 > "$T/max.log" 2>&1
check dry_run_max_exit_0 test $? -eq 0
check dry_run_max_said grep -qx "clx: vecsum: 6 variants x 2 builds x 1 launch point (quick mode), each at every work-group size up to the device's largest ('max')" "$T/max.log"
check dry_run_max_shard grep -q "^clx: shard 1/2: its part is counted when it runs" "$T/max.log"
check dry_run_max_points grep -qx "clx: launch points: N = 1000003 x GPC = 8 x local = 2048:max" "$T/max.log"

# A mistake: the line a run gives (said the same with and without --dry-run) and its exit status.
for bad in "--trials 0" "--local abc" "--set FOO=1" "--bogus" "--build -cl-nonsense" "--shard 1/2 --search"; do
    name=$(printf '%s' "$bad" | tr -c 'A-Za-z0-9' _)
    # shellcheck disable=SC2086  # the options are words
    "$CLX" run vecsum --quick --dry-run $bad --out "$T/out" > "$T/$name.dry" 2>&1
    rc=$?
    # The run itself, on the suite's device (some of these it refuses once it has opened the device;
    # --share-device: no wait for its turn on it, should another clx be timing it).
    # shellcheck disable=SC2086
    OCL_ICD_VENDORS=$ICD "$CLX" run vecsum --quick $bad --share-device --out "$T/out" > "$T/$name.run" 2>&1
    check "dry_run_refuses_$name" test "$rc" -eq 2 -a "$(wc -l < "$T/$name.dry")" -eq 1
    check "dry_run_as_run_$name" cmp -s "$T/$name.dry" "$T/$name.run"
done
check dry_run_refused_wrote_nothing test ! -e "$T/out"
# A malformed --device: the run's refusal and exit 2 (a dry run said it checked out), its line up to
# the devices there are, which a dry run does not look at (no driver here).
for dev in "7:" "2" "0:0,,"; do
    name=dev_$(printf '%s' "$dev" | tr -c 'A-Za-z0-9' _)
    "$CLX" run vecsum --quick --dry-run --device "$dev" --out "$T/out" > "$T/$name.dry" 2>&1; rc=$?
    OCL_ICD_VENDORS=$ICD "$CLX" run vecsum --quick --device "$dev" --share-device --out "$T/out" > "$T/$name.run" 2>&1; runrc=$?
    check "dry_run_refuses_$name" test "$rc" -eq 2 -a "$runrc" -eq 2 -a "$(wc -l < "$T/$name.dry")" -eq 1
    check "dry_run_as_run_$name" test "$(sed 's/ (there are: .*//' "$T/$name.run")" = "$(cat "$T/$name.dry")"
done
CLX_DEVICE=7: "$CLX" run vecsum --quick --dry-run --out "$T/out" > "$T/env.dry" 2>&1; rc=$?
check dry_run_refuses_env sh -c "test $rc -eq 2 && grep -qx \"clx: CLX_DEVICE=7:: '7:' is not a P:D .* name\" '$T/env.dry'"
check dry_run_device_wrote_nothing test ! -e "$T/out"
# A well-formed device that no device here has passes (the job may run on another node): said in
# one line. A blank CLX_DEVICE is none given, as the run takes it.
"$CLX" run vecsum --quick --dry-run --device 7:7 > "$T/elsewhere.dry" 2>&1; rc=$?
check dry_run_device_elsewhere sh -c "test $rc -eq 0 && grep -qx 'clx: --dry-run: --device 7:7 is well formed; whether it names a device is found when the sweep runs, on the host that runs it' '$T/elsewhere.dry' && grep -q 'check out' '$T/elsewhere.dry'"
CLX_DEVICE="  " "$CLX" run vecsum --quick --dry-run > "$T/blank.dry" 2>&1; rc=$?
check dry_run_device_blank sh -c "test $rc -eq 0 && ! grep -q 'well formed' '$T/blank.dry'"
# A spec mistake is the spec's (exit 4), as a run's.
printf 'this is not a spec\n' > "$T/bad.spec"
"$CLX" run "$T/bad.spec" --dry-run > "$T/spec.log" 2>&1
check dry_run_bad_spec test $? -eq 4
# m4 needs no device: a value the template refuses is found here, said as the run says it (the
# template's file:line, the variants it hit), with the run's exit status (4: nothing would build).
"$CLX" run vecsum --quick --set VEC=3 --dry-run --out "$T/out" > "$T/vec3.log" 2>&1
check dry_run_m4_exit_4 test $? -eq 4
check dry_run_m4_grouped grep -q "^clx: on 6 of 6 variants (naive:VEC=3; .*m4 failed" "$T/vec3.log"
check dry_run_m4_line grep -q "templates/vecsum.cl.m4:[0-9]*: parameter VEC=3 is not one of" "$T/vec3.log"
check dry_run_m4_refused sh -c "grep -q '^clx: --dry-run: no variant of vecsum expands' '$T/vec3.log' && ! grep -q 'check out' '$T/vec3.log'"
check dry_run_m4_wrote_nothing test ! -e "$T/out"
# A kernel name the expanded source defines nowhere (kernel = "vecsumx", a typo): every build would
# fail with CL_INVALID_KERNEL_NAME, which the dry run said "check out" (exit 0) to; said at the
# spec's kernel line with the kernels the source has, exit 4 as the run's.
mkdir -p "$T/kname"; cp templates/vecsum.cl.m4 "$T/kname/"
sed -e 's|^kernel = .*|kernel = "vecsumx";|' templates/vecsum.spec > "$T/kname/kname.spec"
"$CLX" run "$T/kname/kname.spec" --quick --dry-run > "$T/kname.log" 2>&1
check dry_run_kernel_name_exit_4 test $? -eq 4
check dry_run_kernel_name_said grep -qF "$T/kname/kname.spec:$(grep -n '^kernel' templates/vecsum.spec | cut -d: -f1): kernel \"vecsumx\" is defined nowhere in the expanded source: every build would fail (CL_INVALID_KERNEL_NAME); the source's kernels: vecsum" "$T/kname.log"
check dry_run_kernel_name_no_ok sh -c "! grep -q 'check out' '$T/kname.log'"
# A variant's own kernel = "..." misspelled, in a spec with no kernel line: said at the variant's line
# as the variant's name; it said "(with no kernel = ..., the kernel is named as the experiment)".
mkdir -p "$T/kvar"; cp templates/vecsum.cl.m4 "$T/kvar/"
sed -e '/^kernel = /d' -e 's|{ name = "naive"; |{ name = "naive"; kernel = "vecsumx"; |' templates/vecsum.spec > "$T/kvar/vecsum.spec"
"$CLX" run "$T/kvar/vecsum.spec" --quick --dry-run > "$T/kvar.log" 2>&1
check dry_run_variant_kernel_exit_1 test $? -eq 1
vline=$(grep -n 'name = "naive"' "$T/kvar/vecsum.spec" | cut -d: -f1)
check dry_run_variant_kernel_line grep -qF "$T/kvar/vecsum.spec:$vline: kernel \"vecsumx\" is defined nowhere" "$T/kvar.log"
check dry_run_variant_kernel_origin grep -qF "; the name is variant naive's kernel = \"vecsumx\" ($T/kvar/vecsum.spec:$vline)" "$T/kvar.log"
check dry_run_variant_kernel_not_experiments sh -c "! grep -q 'named as the experiment' '$T/kvar.log'"
# A template's own m4 mistake (a macro call never closed), in a spec of one's own.
mkdir -p "$T/m4own"; cp tests/e2e/fixtures/broken.spec tests/e2e/fixtures/broken.cl.m4 "$T/m4own/"
printf 'm4_define(`UNCLOSED'"'"', `m4_substr('"'"')\nUNCLOSED\n' >> "$T/m4own/broken.cl.m4"
"$CLX" run "$T/m4own/broken.spec" --dry-run > "$T/m4own.log" 2>&1
check dry_run_m4_own_exit_4 test $? -eq 4
check dry_run_m4_own_said grep -q "broken.cl.m4:[0-9]*: ERROR: end of file" "$T/m4own.log"
# --set ILP=1,2,4 crosses ILP into every named variant (each fixes its own): said once, with the
# one-variant form and the experiments that sweep ILP; those that do not build make it exit 1.
"$CLX" run vecsum --quick --set ILP=1,2,4 --dry-run > "$T/ilp.log" 2>&1
check dry_run_ilp_exit_1 test $? -eq 1
check dry_run_ilp_note test "$(grep -c "^clx: --set ILP=1,2,4 replaces the ILP that each of vecsum's 6 named variants sets (naive=1 .* gs_f4_ilp4=4)" "$T/ilp.log")" -eq 1
check dry_run_ilp_form grep -q -- "--set variant=gs_float4 --set ILP=1,2,4; experiments that sweep ILP as an axis: .*volkov_fma" "$T/ilp.log"
check dry_run_ilp_unexpanded grep -q "^clx: --dry-run: 4 of 18 variants do not expand" "$T/ilp.log"
"$CLX" run vecsum --quick --set variant=gs_float4 --set ILP=1,2,4 --dry-run > "$T/ilp1.log" 2>&1
check dry_run_ilp_one_variant sh -c "[ $? -eq 0 ] && ! grep -q 'replaces the ILP' '$T/ilp1.log' && grep -q 'check out' '$T/ilp1.log'"
OCL_ICD_VENDORS=$ICD "$CLX" run vecsum --quick --set variant=naive --out /proc/clx-nope > "$T/proc-run.log" 2>&1; rc=$?
check dry_run_out_as_the_run sh -c "test $rc -eq 4 && grep -qxF \"\$(grep '^clx: cannot make' '$T/proc.log')\" '$T/proc-run.log'"
finish
