#!/bin/sh
# modes.sh — clx run EXP --modes: expint's modes on two PoCL devices (float and double at once,
# the double range split over both, double alone), every mode verified over its joined range; on
# one device the same modes with every part there; transfers from pinned host memory; a spec mistake in modes is named at its line;
# outputs that cannot be read back by columns (vector outputs, grid-stride variants) are refused;
# a part on a device the list does not have is refused; flops and bytes are checked as a sweep's
# are; clx report shows the table; ^C, SIGTERM and a closed stdout stop it as they stop a sweep (in
# the wait for the devices' turn too); --dir-file names its folder.
. tests/e2e/lib.sh
mkdir -p "$TMP"
T=$TMP/modes
rm -rf "$T"; mkdir -p "$T"

# Two devices: PoCL shows the CPU twice.
POCL_DEVICES="pthread pthread" "$CLX" run expint --modes --quick --device 0:0,0:1 --out "$T/two" --dir-file "$T/two.dir" \
    > "$T/two.log" 2>&1
rc=$?
# PoCL 5.0 aborts inside itself (pocl_release_dlhandle_cache: Assertion `found->ref_count > 0')
# when two of its CPU devices run kernels in one process, with one program text per device too;
# PoCL 3.1 does not. Where PoCL asserted, the two-device cases say so and are skipped.
check_two() {
    if grep -q 'pocl_release_dlhandle_cache: Assertion' "$T/two.log"; then skip "$1" "PoCL's own assertion with two of its devices in one process"
    else check "$@"; fi
}
m=$(ls -d "$T"/two/expint-modes-* 2>/dev/null | head -n 1)/modes.tsv
check_two modes_two_exit_0 test "$rc" -eq 0
check_two modes_two_rows test "$(tsv_rows "$m")" -eq 5
check_two modes_two_all_ok test "$(tsv_count "$m" status ok)" -eq 5
# --dir-file names the modes run's folder, the one folder made.
check_two modes_dir_file test "$(cat "$T/two.dir")" = "${m%/modes.tsv}"
check_two modes_run_json_documented runjson_documented "${m%/modes.tsv}"
check_two modes_two_devices test "$(awk -F'\t' '$1 == "float+double" { print $3 }' "$m" | tr '\n' ' ')" = "0:0 0:1 "
# The split's two parts, on the two devices, meet and cover the whole range (1000 samples quick).
check_two modes_split_covers test "$(awk -F'\t' '$1 == "double-split" { printf "%s %s %s;", $3, $7, $8 }' "$m")" = "0:0 0 512;0:1 512 1000;"
check_two modes_wall_positive test -z "$(tsv_col "$m" wall_ms | awk '!($1 > 0)')"
check_two modes_speedup_present test -z "$(tsv_col "$m" speedup_vs_cpu | awk '!($1 > 0)')"
check_two modes_cpu_ms_present test -z "$(tsv_col "$m" cpu_ms | awk '!($1 > 0)')"
check_two modes_kernel_ms_positive test -z "$(tsv_col "$m" kernel_ms | awk '!($1 > 0)')"
check_two modes_cpu_said grep -q "not meaningful as a GPU comparison" "$T/two.log"
check_two modes_run_json_devices test "$(grep -c '"index":' "$(dirname "$m")/run.json")" -eq 2
# Every transfer's host side pinned: each slot's input x (float on 0:0, double on 0:1 and 0:0) and
# each variant's home output e (the same three slots), none left pageable, no note about it.
check_two modes_host_pinned test "$(tr -d ' \t\n' < "$(dirname "$m")/run.json" | sed -n 's/.*"host_memory":{"pinned":\([0-9]*\),"pageable":\([0-9]*\)}.*/\1 \2/p')" = "6 0"
check_two modes_no_pageable_note test -z "$(grep pageable "$m")"
"$CLX" report "$(dirname "$m")" > "$T/report.log" 2>&1; rrc=$?
check_two modes_report_exit test $rrc -eq 0
check_two modes_report_table test "$(grep -c '^| double-split | ' "$(dirname "$m")/report.md")" -eq 2

# One device: the same modes, every part on it, and it says so.
"$CLX" run expint --modes --quick --out "$T/one" > "$T/one.log" 2>&1
rc=$?
m1=$(ls -d "$T"/one/expint-modes-* 2>/dev/null | head -n 1)/modes.tsv
check modes_one_exit_0 test "$rc" -eq 0
check modes_one_said grep -q "modes on one device: every part runs on" "$T/one.log"
check modes_one_all_ok test "$(tsv_count "$m1" status ok)" -eq 5
check modes_one_device_only test "$(tsv_col "$m1" device | sort -u | wc -l)" -eq 1
# Each mode keeps its trials' spread: the fastest and slowest trial and the IQR of wall_ms, in
# modes.tsv and the report's table (what cannot depend on load: present, ordered, not negative).
check modes_spread_columns test -n "$(head -n 1 "$m1" | tr '\t' '\n' | grep -x wall_min_ms)" \
    -a -n "$(head -n 1 "$m1" | tr '\t' '\n' | grep -x wall_max_ms)" -a -n "$(head -n 1 "$m1" | tr '\t' '\n' | grep -x wall_iqr_ms)"
spread_bad() {
    awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
                 !($c["wall_iqr_ms"] >= 0 && $c["wall_min_ms"] + 0 <= $c["wall_ms"] + 0 && $c["wall_ms"] + 0 <= $c["wall_max_ms"] + 0 \
                   && $c["wall_iqr_ms"] != "" && $c["wall_min_ms"] != "" && $c["wall_max_ms"] != "") { print }' "$1"
}
check modes_spread_ordered test "$(tsv_rows "$m1")" -eq 5 -a -z "$(spread_bad "$m1")"
"$CLX" report "$(dirname "$m1")" > /dev/null 2>&1
check modes_report_spread grep -q '^| mode | .* | wall_ms | wall_range | wall_iqr | ' "$(dirname "$m1")/report.md"
# Which mode is faster is said only where the medians differ by more than the IQRs together: the
# one-device folder with its wall times set (set_walls MODE=MEDIAN:IQR ...), so no load decides it.
set_walls() {
    dir=$1; shift
    awk -F'\t' -v OFS='\t' -v spec="$*" 'BEGIN { n = split(spec, a, " "); for (i = 1; i <= n; i++) { split(a[i], kv, "[=:]"); med[kv[1]] = kv[2]; iqr[kv[1]] = kv[3] } }
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        ($c["mode"] in med) { $c["wall_ms"] = med[$c["mode"]]; $c["wall_iqr_ms"] = iqr[$c["mode"]];
                              $c["wall_min_ms"] = med[$c["mode"]] - iqr[$c["mode"]]; $c["wall_max_ms"] = med[$c["mode"]] + iqr[$c["mode"]] }
        { print }' "$dir/modes.tsv" > "$dir/modes.tsv.new" && mv "$dir/modes.tsv.new" "$dir/modes.tsv"
    "$CLX" report "$dir" > /dev/null 2>&1
}
rm -rf "$T/near" "$T/far"; cp -R "$(dirname "$m1")" "$T/near"; cp -R "$(dirname "$m1")" "$T/far"
set_walls "$T/near" float+double=10:1 double-split=11.5:1 double-one=30:1
check modes_near_not_faster test -z "$(grep 'Fastest by' "$T/near/report.md")" \
    -a -n "$(grep 'Not told apart by these trials: `float+double` (median 10.000 ms, IQR 1.000 ms), `double-split` (median 11.500 ms, IQR 1.000 ms): ' "$T/near/report.md")" \
    -a -n "$(grep 'The other modes are slower by more than that.' "$T/near/report.md")"
set_walls "$T/far" float+double=10:1 double-split=12.5:1 double-one=30:1
check modes_far_fastest test -z "$(grep 'Not told apart' "$T/far/report.md")" \
    -a -n "$(grep 'Fastest by wall_ms: `float+double` (median 10.000 ms)' "$T/far/report.md")"

# A mistake in the modes section names its file and line; a part on device 3 of two is refused.
cp templates/expint.cl.m4 templates/expint.ref.c "$T/"
sed 's/{ variant = "double"; device = 2; share = 0.5; }/{ variant = "double"; device = 0; share = 0.5; }/' \
    templates/expint.spec > "$T/expint.spec"
line=$(grep -n 'device = 0; share' "$T/expint.spec" | cut -d: -f1)
"$CLX" run "$T/expint.spec" --modes --quick --out "$T/bad" > "$T/bad.log" 2>&1
check modes_spec_error_exit test $? -eq 4
check modes_spec_error_line grep -q "expint.spec:$line: device = 0 is outside 1..64" "$T/bad.log"
sed 's/{ variant = "double"; device = 2; share = 0.5; }/{ variant = "double"; device = 3; share = 0.5; }/' \
    templates/expint.spec > "$T/expint.spec"
POCL_DEVICES="pthread pthread" "$CLX" run "$T/expint.spec" --modes --quick --device 0:0,0:1 --out "$T/bad3" > "$T/bad3.log" 2>&1
check modes_device_refused test $? -eq 2
check modes_device_named grep -q "part 2 runs on device 3, but --device lists 2 devices" "$T/bad3.log"
sed 's/share = 0.5; },$/share = 0.4; },/' templates/expint.spec > "$T/expint.spec"
"$CLX" run "$T/expint.spec" --modes --quick --out "$T/bad4" > "$T/bad4.log" 2>&1
check modes_shares_sum grep -q "the shares of variant 'double' sum to 0.9, not 1" "$T/bad4.log"
sed 's/point = { Y = 128; local = 256; };/point = { Z = 128; local = 256; };/' templates/expint.spec > "$T/expint.spec"
line=$(grep -n 'point = { Z = 128' "$T/expint.spec" | cut -d: -f1)
"$CLX" run "$T/expint.spec" --modes --quick --out "$T/bad5" > "$T/bad5.log" 2>&1
check modes_point_axis_named grep -q "expint.spec:$line: modes: point: 'Z' is not an axis of launch" "$T/bad5.log"
# flops and bytes checked as a sweep checks them, before anything runs: negative, or no number.
sed '$a bytes = "-8 * SAMPLES";' templates/expint.spec > "$T/expint.spec"
line=$(grep -n '^bytes = ' "$T/expint.spec" | cut -d: -f1)
"$CLX" run "$T/expint.spec" --modes --quick --out "$T/bad6" > "$T/bad6.log" 2>&1
check modes_work_negative_exit test $? -eq 4 -a -z "$(ls "$T/bad6" 2>/dev/null)"
check modes_work_negative_said grep -q "^clx: bytes = '-8 \* SAMPLES' ($T/expint.spec:$line) is negative (-[0-9.e+]*) at SAMPLES=" "$T/bad6.log"
sed '$a flops = "SAMPLES / (SAMPLES - SAMPLES)";' templates/expint.spec > "$T/expint.spec"
"$CLX" run "$T/expint.spec" --modes --quick --out "$T/bad7" > "$T/bad7.log" 2>&1
check modes_work_divzero_exit test $? -eq 4
check modes_work_divzero_said grep -q "^clx: flops = 'SAMPLES / (SAMPLES - SAMPLES)' (.*) is .* division by zero" "$T/bad7.log"
# A variant whose output a work-item writes as a vector (vecsum's float4, declared by its buffer's
# vector = "VEC") is an error row that says why, before any launch, not the read's OpenCL error.
mkdir -p "$T/vs"; cp templates/vecsum.cl.m4 templates/vecsum.ref.c "$T/vs/"
modes_spec templates/vecsum.spec "$T/vs/vecsum.spec" 256 '' '' f4=float4 naive=naive
"$CLX" run "$T/vs/vecsum.spec" --modes --quick --out "$T/vs/out" > "$T/vs.log" 2>&1
vm=$(ls -d "$T"/vs/out/vecsum-modes-* 2>/dev/null | head -n 1)/modes.tsv
check modes_rows_refused_status test "$(tsv_count "$vm" status error)" -eq 1 -a "$(tsv_count "$vm" status ok)" -eq 1
vector_said="output c is written as float4 by each work-item (.*/vecsum.spec:[0-9]*: vector = 'VEC', 4 here), not one float per work-item: --modes reads a part's columns back from each row, so each work-item i must write column i"
check modes_rows_refused_said grep -q "^clx: mode f4: error: part 1 (float4 on 0:0): $vector_said" "$T/vs.log"
check modes_rows_refused_not_ocl test -z "$(grep CL_INVALID_BUFFER_SIZE "$T/vs.log")"
# The same where its size is a whole number of rows (1000000 floats over 250000 work-items: 4 rows),
# which read back as columns was wrong (FAIL where parts split the range), not refused.
"$CLX" run "$T/vs/vecsum.spec" --modes --quick --set N=1000000 --out "$T/vs/whole" > "$T/vs-whole.log" 2>&1
vm=$(ls -d "$T"/vs/whole/vecsum-modes-* 2>/dev/null | head -n 1)/modes.tsv
check modes_vector_whole_rows_refused test "$(tsv_count "$vm" status error)" -eq 1 -a "$(tsv_count "$vm" status ok)" -eq 1 \
    -a -n "$(grep "^clx: mode f4: error: part 1 (float4 on 0:0): $vector_said" "$T/vs-whole.log")"
# Where the spec declares nothing, the kernel's parameter type tells (a float4* output over N / 4
# work-items, whole rows); float4* inputs with one float written per work-item run and verify (their
# host side pinned, uploaded whole); a scalar output of no whole number of rows is refused by its size.
mkdir -p "$T/vr"; cp tests/e2e/fixtures/vecrows.cl.m4 tests/e2e/fixtures/vecrows.spec "$T/vr/"
"$CLX" run "$T/vr/vecrows.spec" --modes --out "$T/vr/out" > "$T/vr.log" 2>&1
vm=$(ls -d "$T"/vr/out/vecrows-modes-* 2>/dev/null | head -n 1)/modes.tsv
check modes_vector_param_refused grep -q "^clx: mode out: error: part 1 (out on 0:0): output c is written as float4 by each work-item (the kernel's parameter c is float4\*), not one float per work-item: --modes reads" "$T/vr.log"
check modes_vector_inputs_ok test "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        ($c["mode"] == "in" || $c["mode"] == "scalar") && $c["status"] == "ok"' "$vm" | wc -l)" -eq 4 \
    -a "$(tsv_count "$vm" status FAIL)" -eq 0 -a "$(tsv_count "$vm" status error)" -eq 3
pin=$(tr -d ' \t\n' < "$(dirname "$vm")/run.json" | sed -n 's/.*"host_memory":{"pinned":\([0-9]*\),"pageable":\([0-9]*\)}.*/\1 \2/p')
check modes_vector_inputs_pinned test "${pin% *}" -gt 0 -a "${pin#* }" = 0
check modes_scalar_short_refused grep -q "^clx: mode short: error: part 1 (short on 0:0): output c holds 4096 elements, not a whole number of rows of the range's 1365 work-items" "$T/vr.log"
# A grid-stride variant (vecsum's gridstride, declared by grid_stride = "STRIDE") is refused before
# its build where its sizes divide too: N = 1048576 is 256 rows of CU * GPC * local = 4096 work-items
# on a 2-CU device (any power of two of CUs divides it), where each chunk's work-items strode by the
# chunk's size and its first chunk wrote every element (verified ok by luck, its time that of the
# whole range many times over); where it does not divide, the same words come first. One part alone
# or a split, the same words.
{ cat templates/vecsum.spec; printf '%s\n' 'modes = {' '  point = { local = 256; };' '  run = (' \
    '    { name = "gs"; parts = ( { variant = "gridstride"; device = 1; } ); },' \
    '    { name = "gs-split"; parts = ( { variant = "gridstride"; device = 1; share = 0.5; },' \
    '                                   { variant = "gridstride"; device = 1; share = 0.5; } ); },' \
    '    { name = "naive"; parts = ( { variant = "naive"; device = 1; } ); }' '  );' '};'; } > "$T/vs/gs.spec"
gsline=$(grep -n '^grid_stride = "STRIDE";' "$T/vs/gs.spec" | cut -d: -f1)
"$CLX" run "$T/vs/gs.spec" --modes --quick --set N=1048576 --out "$T/vs/gs" > "$T/vs-gs.log" 2>&1
vm=$(ls -d "$T"/vs/gs/gs-modes-* "$T"/vs/gs/vecsum-modes-* 2>/dev/null | head -n 1)/modes.tsv
stride_said="variant gridstride's work-items stride over the range by get_global_size(0) (.*/gs.spec:$gsline: grid_stride = 'STRIDE', 1 here), which under a part or chunk is that launch's size, not the range's: --modes reads a part's columns back from each row, so each work-item i must write column i"
check modes_gridstride_refused test "$(tsv_count "$vm" status error)" -eq 3 -a "$(tsv_count "$vm" status ok)" -eq 1 \
    -a "$(tsv_count "$vm" status FAIL)" -eq 0
check modes_gridstride_said test "$(grep -c "^clx: mode gs\(-split\)\{0,1\}: error: part 1 (gridstride on 0:0): $stride_said" "$T/vs-gs.log")" -eq 2
# Nothing of it launched: its rows have no columns, chunks or times.
check modes_gridstride_not_launched test -z "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["variant"] == "gridstride" && ($c["chunks"] != "" || $c["kernel_ms"] != "")' "$vm")"
# A name grid_stride does not know is the spec's mistake, at its line, before anything runs.
sed 's/^grid_stride = "STRIDE";/grid_stride = "STRDE";/' "$T/vs/gs.spec" > "$T/vs/gs-typo.spec"
"$CLX" run "$T/vs/gs-typo.spec" --modes --quick --out "$T/vs/gs-typo" > "$T/vs-gs-typo.log" 2>&1
check modes_gridstride_typo test $? -eq 4 -a -n "$(grep -F "gs-typo.spec:$gsline: grid_stride: unknown name 'STRDE' in 'STRDE': did you mean STRIDE?" "$T/vs-gs-typo.log")"
# --report reports the modes folder; the point's values reach the launch (--set sizes it too).
"$CLX" run expint --modes --quick --set SAMPLES=700 --report --out "$T/rep" > "$T/rep.log" 2>&1
check modes_report_flag test $? -eq 0
check modes_report_flag_md grep -q '^| double-one | 1 | ' "$(ls -d "$T"/rep/expint-modes-* | head -n 1)/report.md"
check modes_set_reaches test "$(tsv_col "$(ls -d "$T"/rep/expint-modes-* | head -n 1)/modes.tsv" to | sort -nu | tail -n 1)" = 700
# An experiment without modes is told so.
"$CLX" run vecsum --modes --quick --out "$T/none" > "$T/none.log" 2>&1
check modes_none_refused test $? -eq 2
check modes_none_names_those grep -q 'has no modes section (docs/spec.md, "Modes"); experiments with one: .*expint' "$T/none.log"
# The options a modes run does not honour are refused, all named in one line, before anything runs
# (they were dropped unsaid: run.json kept --trials 50 beside the spec's 5 trials).
"$CLX" run expint --modes --quick --trials 50 --target-cv 0.01 --energy --cold --out "$T/opts" > "$T/opts.log" 2>&1
check modes_untaken_exit_2 test $? -eq 2 -a ! -e "$T/opts"
check modes_untaken_named grep -q '^clx run: --modes does not take --trials --target-cv --energy --cold: ' "$T/opts.log"
"$CLX" run expint --modes --quick --shard 1/2 --out "$T/opts" > "$T/opts2.log" 2>&1
check modes_shard_refused test $? -eq 2 -a -n "$(grep -e '--modes does not take --shard (it takes --device, ' "$T/opts2.log")"
# An option that times nothing is not refused as if it did: --dry-run and --shard were told that a
# modes run's "trials, chunks and launch point are the spec's modes section's".
check modes_shard_no_trials_reason test -z "$(grep -e 'trials, chunks' "$T/opts2.log")"
"$CLX" run expint --modes --quick --dry-run --out "$T/opts" > "$T/opts5.log" 2>&1
check modes_dry_run_refused test $? -eq 2 -a -n "$(grep -e '^clx run: --modes does not take --dry-run (it takes --device, ' "$T/opts5.log")"
check modes_dry_run_no_trials_reason test -z "$(grep -e 'trials, chunks' "$T/opts5.log")"
# An axis the modes' point sets (--local is its local) would be dropped: refused, naming the point.
"$CLX" run expint --modes --quick --set Y=8 --out "$T/opts" > "$T/opts3.log" 2>&1
check modes_point_set_refused test $? -eq 2 -a -n "$(grep -e '--set Y=8: the modes. point sets Y = 128' "$T/opts3.log")"
"$CLX" run expint --modes --quick --local 32 --out "$T/opts" > "$T/opts4.log" 2>&1
check modes_point_local_refused test $? -eq 2 -a -n "$(grep -e '--local 32: the modes. point sets local = 256' "$T/opts4.log")"
# A kernel that never ends: stopped past --timeout, said in one line, the modes before it kept.
mkdir -p "$T/hang"
cp tests/e2e/fixtures/worker.cl.m4 "$T/hang/"
modes_spec tests/e2e/fixtures/worker.spec "$T/hang/worker.spec" 32 2 1 good=good hang=hang
start=$(date +%s)
"$CLX" run "$T/hang/worker.spec" --modes --timeout 2 --out "$T/hang/out" > "$T/hang.log" 2>&1; rc=$?
check modes_hang_exit_1 test "$rc" -eq 1
check modes_hang_within_time test $(($(date +%s) - start)) -lt 30
check modes_hang_said grep -q "a mode's wait on the device ran past its limit (--timeout" "$T/hang.log"
check modes_hang_kept_good test "$(tsv_count "$(ls -d "$T"/hang/out/worker-modes-* | head -n 1)/modes.tsv" status ok)" -eq 1
# Stopped as a sweep is: SIGINT or SIGTERM to clx alone (a batch system's) while the mode that never
# ends is in flight (the good one written): said at once, exit 128+N, the good mode kept, the one in
# flight named as not kept (in the same words whether the worker stopped itself or clx killed it once
# the stop's grace ended: what only the stop leaves, since with --timeout 600 nothing else ends that
# mode, so no stopwatch), run.json interrupted and not finished, no worker left running.
# stop_modes SIG NAME: $rc and $md (the run's folder) of a run stopped by SIG.
stop_modes() {
    rm -rf "$T/hang/$2"
    "$CLX" run "$T/hang/worker.spec" --modes --timeout 600 --out "$T/hang/$2" > "$T/hang-$2.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 600); do
        [ "$(cat "$T"/hang/$2/worker-modes-*/modes.tsv 2>/dev/null | wc -l)" -ge 2 ] && break
        sleep 0.1
    done
    kill "-$1" $pid
    wait $pid; rc=$?
    md=$(ls -d "$T"/hang/$2/worker-modes-* | head -n 1)
}
# not_finished DIR BY: DIR/run.json says interrupted by BY, and not finished.
not_finished() {
    grep -q "\"interrupted_by\":[[:space:]]*\"$2\"" "$1/run.json" && ! grep -q '"finished"' "$1/run.json"
}
# The watchdog's stop above too: its run.json, written at the start, says so rather than running.
check modes_hang_run_json not_finished "$(ls -d "$T"/hang/out/worker-modes-* | head -n 1)" "a launch that ran past its time limit"
stop_modes INT int
check modes_stop_int_exit_130 test "$rc" -eq 130
check modes_stop_int_in_flight_dropped grep -Eq '^clx: stopped by SIGINT: 1 of 2 modes in .* \(the mode in flight, hang, is not kept\)' "$T/hang-int.log"
check modes_stop_int_said grep -q '^clx: stopping the modes run; every finished mode is kept, the one in flight is not' "$T/hang-int.log"
check modes_stop_int_kept test "$(tsv_count "$md/modes.tsv" status ok)" -eq 1 -a "$(tsv_rows "$md/modes.tsv")" -eq 1
check modes_stop_int_run_json not_finished "$md" SIGINT
check modes_stop_int_no_process_left test -z "$(ours_running "hang/int")"
# Its report says it holds only the modes finished before the stop.
"$CLX" report "$md" > "$T/hang-int-report.log" 2>&1; rc=$?
check modes_stop_report_exit_4 test "$rc" -eq 4
check modes_stop_report_says grep -q "^\*\*Part of a run:\*\* $md was stopped by SIGINT at " "$md/report.md"
# compare takes sweeps: a modes folder is named as one, not as a folder with no results.tsv.
"$CLX" compare "$md" "$md" --out "$T/mcmp" > "$T/mcmp.log" 2>&1; rc=$?
check modes_compare_said test "$rc" -eq 4 -a -n "$(grep "is a --modes run's folder (modes.tsv, no results.tsv)" "$T/mcmp.log")"
stop_modes TERM term
check modes_stop_term_exit_143 test "$rc" -eq 143
check modes_stop_term_in_flight_dropped grep -Eq '^clx: stopped by SIGTERM: 1 of 2 modes in .* \(the mode in flight, hang, is not kept\)' "$T/hang-term.log"
check modes_stop_term_kept test "$(tsv_count "$md/modes.tsv" status ok)" -eq 1
check modes_stop_term_run_json not_finished "$md" SIGTERM
check modes_stop_term_no_process_left test -z "$(ours_running "hang/term")"
# clx killed outright (kill -9) with the mode that never ends in flight: its worker, a child of
# its own with no parent left to end it, ends itself (it ran on for ever); the good mode stays.
stop_modes KILL kill
for _ in $(seq 1 100); do [ -z "$(ours_running "hang/kill")" ] && break; sleep 0.1; done
check modes_kill_exit_137 test "$rc" -eq 137
check modes_kill_no_process_left test -z "$(ours_running "hang/kill")"
check modes_kill_kept test "$(tsv_count "$md/modes.tsv" status ok)" -eq 1
# A closed stdout: before the run writes anything (stop_pipe.sh's way: the reader gone first), and
# once it has begun (head -n 1), stops it as ^C does: exit 141, run.json interrupted, never finished.
rm -f "$T/gone"
{ while [ ! -e "$T/gone" ]; do sleep 0.05; done
  "$CLX" run "$T/hang/worker.spec" --modes --timeout 600 --out "$T/hang/before" 2> "$T/before.err"; echo $? > "$T/before.rc"; } |
    { exec 0<&-; : > "$T/gone"; }
md=$(ls -d "$T"/hang/before/worker-modes-* | head -n 1)
check modes_pipe_before_exit_141 test "$(cat "$T/before.rc")" -eq 141
check modes_pipe_before_said grep -q '^clx: stdout was closed (the reader of its pipe is gone): stopping the modes run' "$T/before.err"
check modes_pipe_before_no_modes test "$(tsv_rows "$md/modes.tsv")" -eq 0
check modes_pipe_before_run_json not_finished "$md" "SIGPIPE (stdout closed)"
{ "$CLX" run "$T/hang/worker.spec" --modes --timeout 600 --out "$T/hang/head" 2> "$T/head.err"; echo $? > "$T/head.rc"; } |
    head -n 1 > /dev/null
check modes_pipe_head_exit_141 test "$(cat "$T/head.rc")" -eq 141
# The stop, not the watchdog's 600 s, ended it: the console says so (no stopwatch needed).
check modes_pipe_head_stop_said grep -q '^clx: stdout was closed (the reader of its pipe is gone): stopping the modes run' "$T/head.err"
check modes_pipe_head_run_json not_finished "$(ls -d "$T"/hang/head/worker-modes-* | head -n 1)" "SIGPIPE (stdout closed)"
check modes_pipe_head_no_process_left test -z "$(ours_running "hang/head")"
# A modes run has no --resume (docs/clusters.md): asked for one, that is what is said, and how to run it again;
# not that an older clx wrote its run.json.
"$CLX" run --resume "$(ls -d "$T"/hang/head/worker-modes-* | head -n 1)" > "$T/resume.log" 2>&1; rc=$?
check modes_resume_refused test "$rc" -eq 4
check modes_resume_said grep -q 'it is a clx run --modes run (run.json "kind"), which has no --resume: run it again (clx run .*--modes' "$T/resume.log"
# A restriction that reads a launch axis holds in modes too: at the modes' point (Y = 128) every
# part is skipped, naming it (clx run's rows do the same).
sed 's/^launch = {/restrictions = [ "Y != 128" ];\nlaunch = {/' templates/expint.spec > "$T/expint.spec"
"$CLX" run "$T/expint.spec" --modes --quick --out "$T/restricted" > "$T/restricted.log" 2>&1
check modes_restricted_said grep -q "skipped: part 1 (float on 0:0): left out by the spec's restrictions\[1\] 'Y != 128'" "$T/restricted.log"
# The devices' turn, as a sweep's (device_lock.sh, faults.sh): a modes run waits for another clx
# timing the device, saying so, before it makes its folder; --share-device runs beside it, each
# mode's note saying shared. The lock files in a folder of this test's own: no other clx takes part.
own_locks
"$CLX" run expint --modes --quick --build -cl-fast-relaxed-math --out "$T/lk" --quiet > "$T/lk.log" 2>&1
check modes_lock_exit_0 test $? -eq 0
md=$(ls -d "$T"/lk/expint-modes-* | head -n 1)
lock=$(sed -n 's/.*"device_lock":[[:space:]]*"\([^"]*\)".*/\1/p' "$md/run.json")
check modes_lock_named test -n "$lock" -a -e "$lock"
check modes_lock_held grep -qE '"device_turn":[[:space:]]*"held"' "$md/run.json"
check modes_build_recorded grep -qE '"build":[[:space:]]*"-cl-fast-relaxed-math"' "$md/run.json"
check modes_lock_run_json_documented runjson_documented "$md"
hold_lock -x "$lock"
"$CLX" run expint --modes --quick --out "$T/lkw" --quiet > "$T/lkw.log" 2>&1 & pid=$!
waiting_in "$T/lkw.log"
check modes_lock_waits grep -q 'is being timed by another clx (.*); waiting for its turn' "$T/lkw.log"
check modes_lock_nothing_before_turn test -z "$(ls "$T/lkw" 2>/dev/null)"
kill $holder; wait $holder 2>/dev/null
wait $pid; rc=$?
check modes_lock_wait_exit_0 test "$rc" -eq 0
check modes_lock_went_on grep -q 'is free now; this run goes on' "$T/lkw.log"
check modes_lock_not_shared test -z "$(grep shared "$(ls -d "$T"/lkw/expint-modes-* | head -n 1)/modes.tsv")"
# ^C while waiting: the run ends at once (130), nothing written, and says so as a sweep does (it ran
# on to a folder of 0 modes, "every finished mode is kept"); --dir-file's file stays empty.
hold_lock -x "$lock"
echo stale > "$T/lkc.dirfile"
"$CLX" run expint --modes --quick --out "$T/lkc" --dir-file "$T/lkc.dirfile" > "$T/lkc.log" 2>&1 & pid=$!
waiting_in "$T/lkc.log"
kill -INT $pid; wait $pid; rc=$?
kill $holder; wait $holder 2>/dev/null
check modes_lock_interrupt test "$rc" -eq 130 -a -z "$(ls "$T/lkc" 2>/dev/null)"
check modes_lock_interrupt_said grep -q "^clx: stopped by SIGINT while waiting for the device's turn: nothing was run, no results folder made\$" "$T/lkc.log"
check modes_lock_interrupt_dir_file test -f "$T/lkc.dirfile" -a ! -s "$T/lkc.dirfile"
check modes_lock_interrupt_no_modes_said test -z "$(grep -e 'every finished mode is kept' -e 'modes in' "$T/lkc.log")"
hold_lock -x "$lock"
"$CLX" run expint --modes --quick --share-device --out "$T/lks" > "$T/lks.log" 2>&1; rc=$?
kill $holder; wait $holder 2>/dev/null
md=$(ls -d "$T"/lks/expint-modes-* | head -n 1)
check modes_share_exit_0 test "$rc" -eq 0
check modes_share_no_wait test -z "$(grep 'waiting for its turn' "$T/lks.log")"
check modes_share_rows_shared test "$(grep -c 'shared: another clx ran on a device meanwhile (--share-device is what lets two run at once)' "$md/modes.tsv")" -eq 5
check modes_share_said grep -q '^clx: 3 modes flagged shared' "$T/lks.log"
check modes_share_turn grep -qE '"device_turn":[[:space:]]*"shared"' "$md/run.json"
finish
