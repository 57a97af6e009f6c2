#!/bin/sh
# spec_read.sh — a user's own spec (fixtures/saxpy_user.spec), its mistakes said when it is read, not
# found blank in the results: flops that divide by zero at VEC=4 or are negative (exit 4, the setting,
# its line and why, as derived and global say theirs), with a global that reads the device too (by
# --dry-run, and by the run with the device's values before any row), and a report's words for a
# bytes negative where only the rows know it; a missing comma that makes two builds one, which
# a plot's and a finding's build=default then never matches (a warning naming them, and no promise
# that the full sweep decides the finding); a finding that names no N, ambiguous in the full sweep as
# in any (said when read, and a quick run's verdict not marked as a foretaste of the full sweep's, nor
# the marks spoken of where none is); a plot's where with a typo in a launch value (N=265Ki: did you mean N=256Ki?), as a finding's; the
# count of rows a where leaves with its launch values counted (none said where they are quick's); and
# the nearest name for a compare's metric, a plot's setting, a plot's metric (else what a metric is), a quick axis, a variant's key (also one
# set beside the key it copies; one a params axis replaces), a compare's claimed side of 1 against its words (not where
# they state no side's speed), a name written short (lcl) or a one-letter size's other letter (M),
# and a check's names listed where none is near; libconfig's syntax errors with what to do; builds or
# local_size written as [ ], refused at its line.
. tests/e2e/lib.sh
T=$TMP/spec_read
rm -rf "$T"; mkdir -p "$T/no-icd"
spec=tests/e2e/fixtures/saxpy_user.spec
cp tests/e2e/fixtures/saxpy_user.cl.m4 "$T/"
nodev() { OCL_ICD_VENDORS=$PWD/$T/no-icd "$CLX" "$@"; }
line_of() { grep -n "$1" "$2" | head -n 1 | cut -d: -f1; }
# mistake NAME SED...: a copy of the spec with one mistake, read by --dry-run into $T/NAME.log; $rc.
mistake() {
    name=$1; shift
    sed "$@" "$spec" > "$T/$name.spec"
    nodev run "$T/$name.spec" --dry-run > "$T/$name.log" 2>&1
    rc=$?
}

# The spec as it is: nothing to say.
nodev run "$spec" --dry-run > "$T/clean.log" 2>&1
check clean_exit_0 test $? -eq 0
check clean_quiet sh -c "! grep -q 'ambiguous\|matches it\|did you mean\|negative\|infinite' '$T/clean.log'"

# 1. flops that are no number at VEC=4, or negative: the spec's mistake, before anything runs.
mistake divzero -e 's|^flops = .*|flops = "2 * N / (4 - VEC)";|'
check divzero_exit_4 test "$rc" -eq 4
check divzero_said grep -qxF "clx: flops = '2 * N / (4 - VEC)' ($T/divzero.spec:$(line_of '^flops' "$spec")) is infinite at VEC=4: division by zero" "$T/divzero.log"
mistake negative -e 's|^bytes = .*|bytes = "-12 * N";|'
check negative_exit_4 test "$rc" -eq 4
check negative_said grep -qxF "clx: bytes = '-12 * N' ($T/negative.spec:$(line_of '^bytes' "$spec")) is negative (-786432) at N=64Ki" "$T/negative.log"
# The run says it too, before it measures anything.
OCL_ICD_VENDORS=$PWD/$T/no-icd "$CLX" run "$T/negative.spec" --quick --out "$T/negrun" > "$T/negrun.log" 2>&1
check negative_run_exit_4 test $? -eq 4
# A global that reads the device (a grid-stride's CU): the bytes, which reads N alone, is still
# checked at every configuration by --dry-run, and by the run on a device before any row.
mistake cuneg -e 's|^global = .*|global = "N / VEC + 0 * CU";|' -e 's|^bytes = .*|bytes = "-12 * N";|'
check cuneg_exit_4 test "$rc" -eq 4
check cuneg_said grep -qxF "clx: bytes = '-12 * N' ($T/cuneg.spec:$(line_of '^bytes' "$spec")) is negative (-786432) at N=64Ki" "$T/cuneg.log"
"$CLX" run "$T/cuneg.spec" --quick --out "$T/cunegrun" > "$T/cunegrun.log" 2>&1
check cuneg_run_exit_4 test $? -eq 4
check cuneg_run_said grep -qxF "clx: bytes = '-12 * N' ($T/cuneg.spec:$(line_of '^bytes' "$spec")) is negative (-196608) at N=16Ki" "$T/cunegrun.log"
check cuneg_run_no_rows sh -c "! ls '$T/cunegrun'/*/results.tsv"
# A bytes that reads the device itself: no dry run can know it; the run on the device says it.
mistake cubytes -e 's|^global = .*|global = "N / VEC + 0 * CU";|' -e 's|^bytes = .*|bytes = "12 * N - 1e12 * CU";|'
check cubytes_dry_exit_0 test "$rc" -eq 0
"$CLX" run "$T/cubytes.spec" --quick --out "$T/cubytesrun" > "$T/cubytesrun.log" 2>&1
check cubytes_run_exit_4 test $? -eq 4
check cubytes_run_said grep -qx "clx: bytes = '12 \* N - 1e12 \* CU' ($T/cubytes.spec:$(line_of '^bytes' "$spec")) is negative (-[0-9.e+]*) at CU=[0-9]*, N=16Ki" "$T/cubytesrun.log"
check cubytes_run_no_rows sh -c "! ls '$T/cubytesrun'/*/results.tsv"
# A bytes that reads a built kernel's property is known only at each row: the rows run with no
# GB/s, and the report says the spec's bytes is not above 0 there, not that it is not given (nor
# that the device gives none).
mistake kneg -e 's|^bytes = .*|bytes = "-12 * N + 0 * KMAX_WG";|'
run_clx "$T/knegrun" run "$T/kneg.spec" --quick --report
check kneg_run_exit_0 test "$rc" -eq 0
check kneg_plot_said grep -qF "none with a value of gbs: the spec's bytes = '-12 * N + 0 * KMAX_WG' is not above 0 at them (0, negative or no number): the rate needs bytes" "$rundir/report.md"
check kneg_finding_said grep -qF "no measured row of this run has a value of gbs (a rate of the spec's bytes, which it does not give or which is not above 0 at them)" "$rundir/report.md"
check kneg_not_given_unsaid sh -c "! grep -q 'or not given\|the device or the run' '$rundir/report.md' '$T/knegrun.log'"
# The same rows under a bytes negative at the rows' own values (a run of a clx that did not refuse it).
mkdir -p "$T/old"
sed -e 's|^bytes = .*|bytes = "-12 * N";|' "$T/kneg.spec" > "$T/old/kneg.spec"
cp tests/e2e/fixtures/saxpy_user.cl.m4 "$T/old/"
"$CLX" report "$rundir" --spec "$T/old/kneg.spec" > "$T/kneg_old.log" 2>&1
check kneg_old_said grep -qF "none with a value of gbs: the spec's bytes = '-12 * N' is negative at them (-196608 at the first): the rate needs bytes" "$rundir/report.md"

# 2. "" "-cl-opt-disable": libconfig joins them into one build, which build=default never matches.
mistake comma -e 's|^builds = .*|builds = [ "" "-cl-opt-disable" ];|'
check comma_exit_0 test "$rc" -eq 0
none="build=default excludes all 8 rows the other conditions leave (build there: -cl-opt-disable)"
check comma_plot grep -qxF "clx: $T/comma.spec:$(line_of '^  { kind = "bars"' "$spec"): plot 1 (bw): where 'build=default': $none: no row of the spec's sweep matches it, and the plot draws nothing" "$T/comma.log"
# The finding's where leaves 2 of those 8 rows (its local=64, N=256Ki counted too).
check comma_finding grep -qxF "clx: $T/comma.spec:$(line_of 'where = "build=default, local' "$spec"): finding 1 ('float4 beats float'): where 'build=default, local=64, N=256Ki': build=default excludes all 2 rows the other conditions leave (build there: -cl-opt-disable): no row of the spec's sweep matches it" "$T/comma.log"
# A template parameter's value that no variant has.
mistake vec8 -e 's|gbs\[variant=f4\] vs|gbs[VEC=8] vs|'
check vec8_said grep -qxF "clx: $T/vec8.spec:$(line_of 'compare = ' "$spec"): finding 1 ('float4 beats float'): gbs[VEC=8]: VEC=8 excludes all 2 rows the other conditions leave (VEC there: 1, 4): no row of the spec's sweep matches it" "$T/vec8.log"
# With N=16Ki, quick's alone, the rows left are not the full sweep's: no count.
mistake vec8_quickN -e 's|gbs\[variant=f4\] vs|gbs[VEC=8] vs|' -e 's|local=64, N=256Ki"|local=64, N=16Ki"|'
check vec8_quickN_said grep -qxF "clx: $T/vec8_quickN.spec:$(line_of 'compare = ' "$spec"): finding 1 ('float4 beats float'): gbs[VEC=8]: VEC=8 excludes every row the other conditions leave (VEC there: 1, 4): no row of the spec's sweep matches it" "$T/vec8_quickN.log"
# A plot's where with a launch value a tenth from the spec's: said as a finding's, before the sweep.
mistake plotN -e 's|where = "build=default"; }|where = "build=default, N=265Ki"; }|'
check plotN_exit_0 test "$rc" -eq 0
check plotN_said grep -qxF "clx: $T/plotN.spec:$(line_of '^  { kind = "bars"' "$spec"): plot 1 (bw): N=265Ki is none of the spec's values of N (64Ki/256Ki/16Ki): no row of the spec's sweep matches it (did you mean N=256Ki?), and the plot draws nothing" "$T/plotN.log"
mistake plotN_quick -e 's|where = "build=default"; }|where = "build=default, N=16Ki"; }|'
check plotN_quick_quiet sh -c "! grep -q 'plot 1' '$T/plotN_quick.log'"
# The same finding said unrunnable by the spec (kept for the record, its reason given): no warning.
mistake vec8_unrun -e 's|gbs\[variant=f4\] vs|gbs[VEC=8] vs|' -e 's|claimed = ">= 1.0"; }|claimed = ">= 1.0"; unrunnable = "this sweep has no VEC 8"; }|'
check vec8_unrun_exit_0 test "$rc" -eq 0
check vec8_unrun_quiet sh -c "! grep -q 'matches it' '$T/vec8_unrun.log'"

# 3. No N named: two rows of the full sweep match each side, in any run of the spec.
mistake noN -e 's|local=64, N=256Ki"|local=64"|'
ambiguous="gbs[variant=f4] is ambiguous: 2 rows of the spec's sweep match (they differ in N: 64Ki/256Ki)"
check noN_said grep -qF "clx: $T/noN.spec:$(line_of 'compare = ' "$spec"): finding 1 ('float4 beats float'): $ambiguous" "$T/noN.log"

# 4. The nearest name, everywhere a name is checked.
mistake gbz -e 's|compare = "gbs\[variant=f4\]|compare = "gbz[variant=f4]|'
check gbz_exit_4 test "$rc" -eq 4
check gbz_said grep -qxF "clx: $T/gbz.spec:$(line_of 'compare = ' "$spec"): finding compare: 'gbz[variant=f4]': 'gbz' is not a column: did you mean gbs?" "$T/gbz.log"
mistake seris -e 's|series = "N";|seris = "N";|'
check seris_said grep -qxF "clx: $T/seris.spec:$(line_of '^  { kind = "bars"' "$spec"): plot: unknown setting 'seris': did you mean series?" "$T/seris.log"
# A plot's metric near no column ("bandwidth" for gbs) says what a metric is, not the bare unknown name.
mistake bandwidth -e 's|metric = "gbs"; x = "variant"|metric = "bandwidth"; x = "variant"|'
check bandwidth_exit_4 test "$rc" -eq 4
check bandwidth_said grep -qxF "clx: $T/bandwidth.spec:$(line_of '^  { kind = "bars"' "$spec"): plot metric: unknown name 'bandwidth' in 'bandwidth': a plot's metric is a column of results.tsv (gbs, gflops, median_ms, rel_time, pct_bw_peak, ...: docs/results.md) or an expression over a row's numbers" "$T/bandwidth.log"
mistake gbss -e 's|metric = "gbs"; x = "variant"|metric = "gbss"; x = "variant"|'
check gbss_said_near_only grep -qxF "clx: $T/gbss.spec:$(line_of '^  { kind = "bars"' "$spec"): plot metric: unknown name 'gbss' in 'gbss': did you mean gbs?" "$T/gbss.log"
mistake NN -e 's|^quick = { N = |quick = { NN = |'
check NN_said grep -qxF "clx: $T/NN.spec:$(line_of '^quick' "$spec"): quick: 'NN' is not an axis of this experiment: did you mean N?" "$T/NN.log"
mistake claimd -e 's|claimed = |claimd = |'
# claim is set already: the one missing is meant.
check claimd_said grep -qF "finding: unknown setting 'claimd': did you mean claimed?" "$T/claimd.log"

# 5. A variant's key the template does not read: its own line, beside m4's.
mistake vecc -e 's|{ name = "f4"; VEC = 4; }|{ name = "f4"; VECC = 4; }|'
check vecc_said grep -qxF "clx: $T/vecc.spec:$(line_of 'name = "f4"' "$spec"): variant f4 sets VECC, which neither the template nor the spec reads: did you mean VEC?" "$T/vecc.log"
check vecc_m4_too grep -qF "parameter VEC is not defined" "$T/vecc.log"
# Beside the key it copies: said all the same (nothing else is, m4 finding VEC set).
mistake vecc_beside -e 's|{ name = "f4"; VEC = 4; }|{ name = "f4"; VEC = 4; VECC = 4; }|'
check vecc_beside_exit_0 test "$rc" -eq 0
check vecc_beside_said grep -qxF "clx: $T/vecc_beside.spec:$(line_of 'name = "f4"' "$spec"): variant f4 sets VECC, which neither the template nor the spec reads, beside VEC: remove VECC if it is a slip" "$T/vecc_beside.log"
# A variant's key that a params axis also sets: the params replace it in every variant, so the
# variant's value never reaches the template; said at the variant's line (the run goes on, exit 0).
mistake over -e 's|^builds = |params = { VEC = [ 1, 4 ]; };\nbuilds = |'
check over_exit_0 test "$rc" -eq 0
check over_said grep -qxF "clx: $T/over.spec:$(line_of 'name = "f4"' "$spec"): variant f4 sets VEC = 4, which the params' VEC (line $(line_of '^builds' "$spec"): 1, 4) replaces, as it does in every variant: remove VEC from the variant, or from params to keep the variant's own" "$T/over.log"
check over_said_each test "$(grep -c "which the params' VEC" "$T/over.log")" -eq 2
# A compare whose claimed side of 1 says the opposite of the claim's words ("faster" with a time's
# ratio >= 1.5): said at claimed's line, with what the words would take (exit 0: the words are a
# guess); the same claim on a rate, or with its sides swapped, says nothing.
mistake sense_time -e 's|claim = "float4 beats float"|claim = "f4 is 1.5x faster than f1"|' \
    -e 's|compare = "gbs\[variant=f4\] vs gbs\[variant=f1\]"; claimed = ">= 1.0"|compare = "median_ms[variant=f4] vs median_ms[variant=f1]"; claimed = ">= 1.5"|'
check sense_time_exit_0 test "$rc" -eq 0
check sense_time_said grep -qxF "clx: $T/sense_time.spec:$(line_of 'compare = ' "$spec"): finding 1 ('f4 is 1.5x faster than f1'): its words say faster, but claimed '>= 1.5' of median_ms (a time: A / B is below 1 where A is faster) holds only where median_ms[variant=f4], the side they say is faster, is slower: for 2x faster, claimed = \"<= 0.5\"" "$T/sense_time.log"
mistake sense_rate -e 's|claim = "float4 beats float"|claim = "f4 is 1.5x faster than f1"|' -e 's|claimed = ">= 1.0"|claimed = ">= 1.5"|'
check sense_rate_quiet sh -c "! grep -q 'its words say' '$T/sense_rate.log'"
mistake sense_swapped -e 's|claim = "float4 beats float"|claim = "f1 is slower than f4"|' \
    -e 's|compare = "gbs\[variant=f4\] vs gbs\[variant=f1\]"; claimed = ">= 1.0"|compare = "median_ms[variant=f4] vs median_ms[variant=f1]"; claimed = "<= 0.8"|'
check sense_swapped_quiet sh -c "! grep -q 'its words say' '$T/sense_swapped.log'"
mistake sense_swapped_wrong -e 's|claim = "float4 beats float"|claim = "f1 is slower than f4"|' \
    -e 's|compare = "gbs\[variant=f4\] vs gbs\[variant=f1\]"; claimed = ">= 1.0"|compare = "median_ms[variant=f4] vs median_ms[variant=f1]"; claimed = ">= 1.2"|'
check sense_swapped_wrong_said grep -qF "its words say slower, but claimed '>= 1.2' of median_ms (a time: A / B is below 1 where A is faster) holds only where median_ms[variant=f1], the side they say is slower, is faster" "$T/sense_swapped_wrong.log"
# What "slower than" is said of may be no side (the other named later for another reason), and a
# side named after "compared with" is the one measured against: neither says whose speed it is.
mistake sense_than_other -e 's|claim = "float4 beats float"|claim = "f4 is slower than the seed said, yet 1.5x ahead of f1"|' -e 's|claimed = ">= 1.0"|claimed = ">= 1.5"|'
check sense_than_other_quiet sh -c "test $rc -eq 0 && grep -q 'ahead of f1\";' '$T/sense_than_other.spec' && grep -q '\">= 1.5\"' '$T/sense_than_other.spec' && ! grep -q 'its words say' '$T/sense_than_other.log'"
mistake sense_compared -e 's|claim = "float4 beats float"|claim = "Compared with f1: 1.5x faster"|' -e 's|claimed = ">= 1.0"|claimed = ">= 1.5"|'
check sense_compared_quiet sh -c "test $rc -eq 0 && grep -q 'with f1: 1.5x faster' '$T/sense_compared.spec' && grep -q '\">= 1.5\"' '$T/sense_compared.spec' && ! grep -q 'its words say' '$T/sense_compared.log'"

# A name written short, a one-letter size's other letter, a check's name that is near none.
mistake lcl -e 's|series = "N";|series = "lcl";|'
check lcl_said grep -qxF "clx: $T/lcl.spec:$(line_of '^  { kind = "bars"' "$spec"): plot series: 'lcl' is not a column of lcl's results: did you mean local?" "$T/lcl.log"
mistake M -e 's|local=64, N=256Ki"|local=64, M=256Ki"|'
check M_said grep -qxF "clx: $T/M.spec:$(line_of 'where = "build=default, local' "$spec"): finding where: 'M' is not a column of M's results: did you mean N?" "$T/M.log"
mistake ILP -e 's|claimed = ">= 1.0"; }|claimed = ">= 1.0"; check = "gbs[variant=f4] > ILP"; }|'
check ILP_said grep -qF "finding check: unknown name 'ILP' in 'gbs[variant=f4] > ILP' (the names it may use: selectors, metric[COLUMN=VALUE, ...], and the device's CU, CLOCK_MHZ," "$T/ILP.log"
mistake VECcheck -e 's|claimed = ">= 1.0"; }|claimed = ">= 1.0"; check = "gbs[variant=f4] > VEC"; }|'
check VECcheck_said grep -qF "finding check: unknown name 'VEC' in 'gbs[variant=f4] > VEC' (a column is read through a selector: VEC[COLUMN=VALUE, ...]; the other names are the device's: CU," "$T/VECcheck.log"

# 6. What libconfig cannot read, with what to do: a missing comma between two variants, a string
# left open (said by libconfig at the line after), an array of a number and a string.
mistake nocomma -e 's|{ name = "f1"; VEC = 1; },|{ name = "f1"; VEC = 1; }|'
check nocomma_exit_4 test "$rc" -eq 4
check nocomma_said grep -qxF "clx: $T/nocomma.spec:$(line_of 'name = "f4"' "$spec"): syntax error (a missing ',' between two groups of a list?)" "$T/nocomma.log"
mistake openstr -e 's|^flops = .*|flops = "2 * N;|'
check openstr_said grep -qxF "clx: $T/openstr.spec:$(($(line_of '^flops' "$spec") + 1)): syntax error (a string opened on line $(line_of '^flops' "$spec") is not closed?)" "$T/openstr.log"
mistake mixed -e 's|local = \[ 64, 256 \]|local = [ 64, "256" ]|'
check mixed_said grep -qxF "clx: $T/mixed.spec:$(line_of '^launch' "$spec"): mismatched element type in array: an array [ ] holds one type: write its values all as numbers or all in quotes (256 or \"256\" alike), or use a list ( )" "$T/mixed.log"

# 7. A list emptied in an edit: builds = [ ] ran the default's two builds unsaid (-cl-opt-disable
# too), local_size = [ ] the default shape; each refused at its line, naming the setting, as an empty
# launch axis, global or args is.
mistake nobuilds -e 's|^builds = .*|builds = [ ];|'
check nobuilds_exit_4 test "$rc" -eq 4
check nobuilds_said grep -qF "clx: $T/nobuilds.spec:$(line_of '^builds' "$spec"): 'builds' (the build-option sets) is empty:" "$T/nobuilds.log"
mistake nolocalsize -e 's|^builds = .*|local_size = [ ];|'
check nolocalsize_exit_4 test "$rc" -eq 4
check nolocalsize_said grep -qF "clx: $T/nolocalsize.spec:$(line_of '^builds' "$spec"): 'local_size' (the work-group size per dimension) is empty:" "$T/nolocalsize.log"

# The quick runs' reports: a finding no build of the spec matches is left to no sweep, and a quick
# verdict on one that is ambiguous in the full sweep is not marked as the full sweep's foretaste.
run_clx "$T/run_comma" run "$T/comma.spec" --quick --report
check comma_run_ran test -s "$rundir/report.md"
check comma_run_no_promise sh -c "! grep -q 'decides' '$rundir/report.md'"
run_clx "$T/run_noN" run "$T/noN.spec" --quick --report
check noN_run_ran test -s "$rundir/report.md"
check noN_run_said grep -qF "$ambiguous" "$rundir/report.md"
check noN_run_not_marked sh -c "! grep -q '^| 1 .*(quick run)' '$rundir/report.md'"
# No verdict marked, so no sentence on the marks above the table, in report.md or on the console.
"$CLX" report "$rundir" > "$T/noN.report.log" 2>&1
check noN_run_no_marks_said sh -c "! grep -q 'verdicts marked' '$rundir/report.md' '$T/noN.report.log'"
check noN_run_findings_listed grep -q '^Findings (' "$T/noN.report.log"
check noN_run_no_promise sh -c "! grep -q 'decides' '$rundir/report.md'"
finish
