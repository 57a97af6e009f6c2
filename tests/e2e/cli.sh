# cli.sh — every command answers -h/--help (and clx help COMMAND) with its own options, refuses
# unknown options and stray arguments in one line with exit 2, and blames a bad value on the option
# that gave it.
. tests/e2e/lib.sh
mkdir -p "$TMP/cli"
L=$TMP/cli
for c in devices list run dump expand report compare history merge; do
    $CLX $c --help > "$L/$c.help" 2>&1; rc=$?
    check "help_${c}_exit_0" test "$rc" -eq 0
    check "help_${c}_usage" grep -q "^usage: clx $c" "$L/$c.help"
    $CLX $c -h > "$L/$c.h" 2>&1
    check "short_h_${c}" cmp -s "$L/$c.help" "$L/$c.h"
    $CLX $c --bogus > "$L/$c.bogus" 2>&1; rc=$?
    check "unknown_option_${c}_exit_2" test "$rc" -eq 2
    check "unknown_option_${c}_one_line" test "$(wc -l < "$L/$c.bogus")" -eq 1
    check "unknown_option_${c}_named" grep -q "clx $c: unknown option '--bogus'" "$L/$c.bogus"
done
# clx version (and --version) as every command: -h/--help its help, a stray option or argument one
# line and exit 2 ('clx version --bogus' printed the version and exited 0; its --help, the version).
for v in version --version; do
    vn=$([ "$v" = version ] && echo version || echo dashdash_version)
    $CLX $v > "$L/$v.out" 2>&1; rc=$?
    check "${vn}_prints" sh -c "test $rc -eq 0 && grep -qx 'clx [0-9][0-9.]* (.*)' '$L/$v.out'"
    $CLX $v --help > "$L/$v.help" 2>&1; rc=$?
    check "${vn}_help" sh -c "test $rc -eq 0 && grep -q '^usage: clx version' '$L/$v.help'"
    $CLX $v -h > "$L/$v.h" 2>&1
    check "${vn}_short_h" cmp -s "$L/$v.help" "$L/$v.h"
    $CLX $v --bogus > "$L/$v.bogus" 2>&1; rc=$?
    check "${vn}_unknown_option" sh -c "test $rc -eq 2 && test \$(wc -l < '$L/$v.bogus') -eq 1 &&
        grep -qx \"clx version: unknown option '--bogus' (clx help version)\" '$L/$v.bogus'"
    $CLX $v extra > "$L/$v.extra" 2>&1; rc=$?
    check "${vn}_stray_argument" sh -c "test $rc -eq 2 && grep -qx \"clx version: unexpected argument 'extra' (clx help version)\" '$L/$v.extra'"
done
# A misspelt option is answered with the one meant.
$CLX run vecsum --quik > "$L/quik" 2>&1
check unknown_option_nearest grep -q "^clx run: unknown option '--quik': did you mean --quick? (clx run --help)$" "$L/quik"
# A long option written with one dash reads as short ones (-q -u ...): the word is named, and the one meant.
$CLX run vecsum -quick > "$L/one-dash" 2>&1; rc=$?
check one_dash_exit_2 test "$rc" -eq 2
check one_dash_nearest grep -q "^clx run: unknown option '-q' (in '-quick'): did you mean --quick? (clx run --help)$" "$L/one-dash"
$CLX run vecsum -x > "$L/short-x" 2>&1
check short_unknown_plain grep -q "^clx run: unknown option '-x' (clx run --help)$" "$L/short-x"
check help_run_lists_timeout grep -q -- '--timeout S' "$L/run.help"
# An option of several commands says in each one's help what it does there: report's --quiet is
# of its findings, not run's per-row lines (nor "report: ..." inside run's help).
check help_report_quiet_own sh -c "grep -q -- '^  --quiet  *do not print the findings' '$L/report.help' && ! grep -q 'per-row' '$L/report.help'"
check help_run_quiet_own sh -c "grep -q -- '^  --quiet  *print only what needs reading' '$L/run.help' && ! grep -q 'findings' '$L/run.help'"
# expand's --out is where the expanded sources go, not "where results go" (run's words).
check help_expand_out_own sh -c "grep -q -- '^  --out DIR  *where the expanded sources go' '$L/expand.help' && ! grep -q 'where results go' '$L/expand.help'"
# --quick of expand and dump, which time nothing, says what it does there, not run's trials.
for c in expand dump; do
    check "help_${c}_quick_own" sh -c "tr '\n' ' ' < '$L/$c.help' | tr -s ' ' | grep -q -- '--quick the variants of the experiment.s small configuration' && ! grep -q 'trials' '$L/$c.help'"
done
check help_run_quick_trials sh -c "tr '\n' ' ' < '$L/run.help' | tr -s ' ' | grep -q -- '--quick the experiment.s small configuration (what make check runs), with at most 2 s of trials'"
# The statuses each gives where help and clx.1 once said less: expand's 1, report's 1 for a plot
# and 4 for a partial merge.
check help_expand_exit_1 sh -c "tr '\n' ' ' < '$L/expand.help' | tr -s ' ' | grep -q '1 m4 failed on some variants (each said with its file and line), the others written'"
check help_report_plot_exit_1 sh -c "tr '\n' ' ' < '$L/report.help' | tr -s ' ' | grep -q 'or a plot with rows to draw failed (gnuplot failed or took too long, .*not a plot this run has no rows for'"
check help_report_partial_exit_4 sh -c "tr '\n' ' ' < '$L/report.help' | tr -s ' ' | grep -q 'or a partial merge (clx merge --partial: .*a finished shard (clx run --shard K/N) holds all of its part: 0 or 1'"
# clx help COMMAND is COMMAND's own help, for every command; clx help alone lists them all; a name
# that is no command is one line naming the nearest one, exit 2, as an unknown command is.
for c in devices list run dump expand report compare history merge; do
    $CLX $c --help > "$L/$c.help" 2>&1
    $CLX help $c > "$L/help-$c.out" 2> "$L/help-$c.err"; rc=$?
    check "help_cmd_${c}_exit_0" test "$rc" -eq 0 -a ! -s "$L/help-$c.err"
    check "help_cmd_${c}_is_its_help" cmp -s "$L/$c.help" "$L/help-$c.out"
done
$CLX help > "$L/help.out" 2>&1; rc=$?
check help_alone_lists test "$rc" -eq 0 -a -n "$(grep '^  clx merge ' "$L/help.out")" -a -n "$(grep '^  clx help \[COMMAND\]' "$L/help.out")"
# Each command's arguments whole in the list, as its own help's usage line has them (a fixed buffer
# cut dump's to "--binary FIL").
for c in devices list run dump expand report compare history merge; do
    args=$(sed -n "s/^usage: clx $c \(.*\) \[options\]\$/\1/p" "$L/$c.help")
    check "help_alone_${c}_args_whole" grep -qF -- "  clx $c $args" "$L/help.out"
done
$CLX help reprot > "$L/help-typo.log" 2>&1; rc=$?
check help_typo_exit_2 test "$rc" -eq 2 -a "$(wc -l < "$L/help-typo.log")" -eq 1
check help_typo_nearest grep -q "^clx help: unknown command 'reprot': did you mean report?" "$L/help-typo.log"
$CLX help frobnicate > "$L/help-frob.log" 2>&1; rc=$?
check help_unknown_exit_2 test "$rc" -eq 2 -a "$(wc -l < "$L/help-frob.log")" -eq 1 -a -z "$(grep 'did you mean' "$L/help-frob.log")"
$CLX help run report > "$L/help-two.log" 2>&1; rc=$?
check help_two_names_exit_2 test "$rc" -eq 2 -a "$(wc -l < "$L/help-two.log")" -eq 1
$CLX compar > "$L/compar.log" 2>&1; rc=$?
check unknown_command_nearest test "$rc" -eq 2 -a -n "$(grep "unknown command 'compar': did you mean compare?" "$L/compar.log")"
# --timeout's default, one text in three places: the rule as src/measure/trials.h holds it
# (TRIALS_LIMIT_RULE) is in --help, docs/running.md and docs/clx.1 word for word (line breaks, indents and
# roff's markup aside).
flat() { tr '\n' ' ' | sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\&//g' -e 's/  */ /g'; }
rule=$(sed -n '/#define TRIALS_LIMIT_RULE/,/[^\\]$/p' src/measure/trials.h | sed -e 's/^#define TRIALS_LIMIT_RULE //' -e 's/\\$//' |
       tr -d '\n' | sed -e 's/" *"//g' -e 's/^ *"//' -e 's/" *$//')
check timeout_rule_read test -n "$rule" -a -n "$(echo "$rule" | grep '^60 s, or 50 times')"
check timeout_rule_help test -n "$(flat < "$L/run.help" | grep -F -- "(default: $rule)")"
check timeout_rule_running_doc test -n "$(flat < docs/running.md | grep -F -- "default $rule")"
check timeout_rule_manpage test -n "$(flat < docs/clx.1 | grep -F -- "By default $rule")"
check help_run_no_devices_json test -z "$(grep -- '--json' "$L/run.help")"
check help_devices_json grep -q -- '--json' "$L/devices.help"
# Each command's help gives its own exit statuses and --out default, not another command's.
check help_list_own_exits test -z "$(grep -E '3 nothing ran|signal N' "$L/list.help")"
check help_compare_own_exits test -n "$(tr '\n' ' ' < "$L/compare.help" | grep -- '1 under --fail-on: a configuration that did not pass on another side where RUN_A.s did not fail, or that another side stopped or unfinished lacks, or whose row a stop cut short on another side, or that RUN_A measured and another run skipped, or a side whose results.tsv was rewritten while clx compare read it (fail, slower), or a configuration SLOWER than RUN_A (slower)')"
check help_compare_own_out test -n "$(grep -- '--out DIR .*default results/compare-EXPERIMENT-TIME' "$L/compare.help")" -a -z "$(grep 'cl/gen' "$L/compare.help")"
check help_run_own_exits test -n "$(tr '\n' ' ' < "$L/run.help" | grep '3 nothing ran')"
# Stray arguments and missing values.
for args in "devices extra" "list extra" "run vecsum extra" "expand vecsum extra" "report a b" "run vecsum --trials"; do
    $CLX $args > "$L/stray.log" 2>&1; rc=$?
    check "stray_exit_2_$(echo "$args" | tr ' ' _)" test "$rc" -eq 2 -a "$(wc -l < "$L/stray.log")" -eq 1
done
$CLX > "$L/none.log" 2>&1; rc=$?
check no_command_exit_2 test "$rc" -eq 2
# A path that is no spec (issue 45: "../../etc/passwd:1: syntax error", exit 4): one line saying what
# clx expected, exit 2, for run, expand and dump alike; a .spec that is not there too.
for c in run expand dump; do
    $CLX $c ../../etc/passwd > "$L/nospec-$c.log" 2>&1; rc=$?
    check "not_a_spec_${c}_exit_2" test "$rc" -eq 2 -a "$(wc -l < "$L/nospec-$c.log")" -eq 1
    check "not_a_spec_${c}_said" grep -q "'../../etc/passwd' is neither an experiment name nor a spec file (NAME.spec)" "$L/nospec-$c.log"
done
$CLX run "$L/missing.spec" > "$L/missing-spec.log" 2>&1; rc=$?
check missing_spec_exit_2 test "$rc" -eq 2 -a -n "$(grep "no spec file $L/missing.spec" "$L/missing-spec.log")"
$CLX frobnicate > "$L/frob.log" 2>&1; rc=$?
check unknown_command_exit_2 test "$rc" -eq 2 -a -n "$(grep "unknown command 'frobnicate'" "$L/frob.log")"
# A bad value is the command line's mistake, refused before anything runs.
bad() {   # bad NAME EXPECTED-TEXT ARGS...: exit 2, one line naming the option, no results folder
    bn=$1; want=$2; shift 2           # not $n: check() uses it
    rm -rf "$L/out"
    $CLX run vecsum --quick --out "$L/out" "$@" > "$L/$bn.log" 2>&1; rc=$?
    check "${bn}_exit_2" test "$rc" -eq 2
    check "${bn}_blamed" grep -q -F -- "$want" "$L/$bn.log"
    check "${bn}_not_spec" test -z "$(grep 'vecsum.spec' "$L/$bn.log")"
    check "${bn}_nothing_ran" test ! -d "$L/out"
}
bad set_case "'n' is not an axis of vecsum: did you mean N?" --set n=1M
bad size_1Q "--size 1Q: '1Q' is neither a number" --size 1Q
bad size_0 "--size 0: '0' is not a problem size" --size 0
bad size_neg "--size -4: '-4' is not a problem size" --size -4
bad local_0 "--local 0: '0' is not a work-group size" --local 0
bad local_frac "--local 1.5: '1.5' is not a work-group size" --local 1.5
bad set_N_0 "--set N=0: '0' is not a problem size" --set N=0
bad trials_0 "--trials needs a whole number from 1" --trials 0
bad trials_text "--trials needs a whole number from 1" --trials ten
bad trials_huge "--trials needs a whole number from 1" --trials 99999999999999999999
bad timeout_0 "--timeout needs seconds" --timeout 0
bad set_unknown "--set FOO=1: 'FOO' is not an axis of vecsum (settable: variant" --set FOO=1
bad variant_unknown "--set variant=zz: no variant 'zz' in vecsum (variants: naive" --set variant=zz
bad variant_slip "--set variant=naiv: no variant 'naiv' in vecsum: did you mean naive? (variants: naive" --set variant=naiv
bad set_swapped "--set IPL=2: 'IPL' is not an axis of vecsum: did you mean ILP?" --set IPL=2
# A value --set gives that the spec's flops_peak turns into no class's code (peaks's PREC) is refused
# as the spec's own would be at load, naming the option, the key, the value and the codes.
rm -rf "$L/out"
$CLX run peaks --quick --set variant=fp32_fma --set PREC=33 --out "$L/out" > "$L/prec.log" 2>&1; rc=$?
check set_prec_exit_2 test "$rc" -eq 2 -a ! -d "$L/out"
check set_prec_said grep -qF -- "--set PREC=33: peaks's flops_peak 'PREC' is 33 for variant fp32_fma:PREC=33, which is no class's code (flops_peak takes a class's code: 32 fp32, 64 fp64" "$L/prec.log"
bad device_malformed "--device 7:: '7:' is not a P:D (two whole numbers, as clx devices lists them)" --device 7:
bad device_list_malformed "--device 0:0,7:7:7: '7:7:7' is not a P:D" --device 0:0,7:7:7
bad device_list_empty "--device 0:0,,: an empty item in the list" --device 0:0,,
# A number alone is an index without its platform, never a part of a name: --device 2 picked PoCL's
# "pthread-skylake-avx512-..." (its "512"); refused, with the form and the devices there are.
bad device_number "--device 2: '2' is a number alone, which names no device: a device is named by its P:D (platform:device) as clx devices lists them, 2:0 rather than 2 (there are: 0:0 " --device 2
bad device_number_zero "--device 0: '0' is a number alone" --device 0
bad device_list_number "--device 0:0,1: '1' is a number alone" --device 0:0,1
# A well-formed device that is not here (a GPU gone, a driver that did not load) could not run
# (4), which a nightly job must not take for a mistyped command line (2); clx dump's too.
nodev() {   # nodev NAME EXPECTED-TEXT COMMAND...: exit 4, the text said, no results folder
    nn=$1; want=$2; shift 2
    rm -rf "$L/out"
    "$@" > "$L/$nn.log" 2>&1; rc=$?
    check "${nn}_exit_4" test "$rc" -eq 4
    check "${nn}_said" grep -q -F -- "$want" "$L/$nn.log"
    check "${nn}_nothing_ran" test ! -d "$L/out"
}
nodev device_index "--device 7:7: no such device (there are: 0:0 " $CLX run vecsum --quick --out "$L/out" --device 7:7
# Each device with its platform, as clx devices lists it.
check device_index_platform grep -qE -- "--device 7:7: no such device \(there are: 0:0 .* \(Portable Computing Language\)" "$L/device_index.log"
nodev device_name "--device no-such-gpu: no such device (there are: 0:0 " $CLX run vecsum --quick --out "$L/out" --device no-such-gpu
# One line, as a command-line mistake is (docs/devices.md): the devices there are in it.
check device_name_one_line test "$(wc -l < "$L/device_name.log")" -eq 1
nodev device_list_item "--device 0:0,7:7: no device matches '7:7' (there are: 0:0 " $CLX run vecsum --quick --out "$L/out" --device 0:0,7:7
nodev device_env "CLX_DEVICE=7:7: no such device (there are: 0:0 " env CLX_DEVICE=7:7 $CLX run vecsum --quick --out "$L/out"
nodev dump_device "--device 7:7: no such device (there are: 0:0 " $CLX dump vecsum naive --out "$L/out" --device 7:7
# clx dump builds on one device: a list or 'all' (clx run's) is a command-line mistake, said as such
# before anything is built (2), not "no such device" (4) for a device named "all".
for d in all 0:0,1:0; do
    case $d in all) dn=all ;; *) dn=list ;; esac
    rm -rf "$L/out"
    $CLX dump vecsum naive --out "$L/out" --device "$d" > "$L/dump_list.log" 2>&1; rc=$?
    check "dump_device_${dn}_exit_2" test "$rc" -eq 2
    check "dump_device_${dn}_said" grep -qxF "clx dump: --device $d: clx dump builds on one device: give --device one of them (P:D, a name, clx devices lists them); a list or 'all' is clx run's (clx dump --help)" "$L/dump_list.log"
    check "dump_device_${dn}_nothing" test ! -d "$L/out"
done
env CLX_DEVICE=all $CLX dump vecsum naive --out "$L/out" > "$L/dump_env.log" 2>&1; rc=$?
check dump_device_env_all sh -c "test $rc -eq 2 && grep -q '^clx dump: CLX_DEVICE=all: clx dump builds on one device' '$L/dump_env.log'"
# A bad value in a repeated --set is blamed on the values joined, as the plan saw them.
bad set_twice_bad "--set N=1M,0: '0' is not a problem size" --set N=1M --set N=0

# A repeated --set of one name joins its values in order, each once (--set ILP=1 --set ILP=2 is
# --set ILP=1,2), where the last used to drop the others unsaid. clx expand lists the variants the
# plan makes, without a device.
expanded() {   # expanded NAME ARGS...: the variants' file names clx expand vecsum ARGS writes, in order
    rm -rf "$L/x-$1"
    _en=$1; shift
    $CLX expand vecsum "$@" --out "$L/x-$_en" 2> "$L/x-$_en.err" | sed 's|.*/||; s|\.cl$||' | tr '\n' ' '
}
check set_twice_variant test "$(expanded v --set variant=naive --set variant=float4)" = "naive float4 "
check set_twice_variant_once test "$(expanded v1 --set variant=float4,naive --set variant=naive)" = "float4 naive "
# ILP=1 is gs_float4's own value: that one keeps the variant's name (docs/running.md, --set).
check set_twice_ilp test "$(expanded ilp --set variant=gs_float4 --set ILP=1 --set ILP=2)" = "gs_float4 gs_float4_ILP_2 "
check set_twice_ilp_as_list test "$(expanded ilp2 --set variant=gs_float4 --set ILP=1,2)" = "$(expanded ilp --set variant=gs_float4 --set ILP=1 --set ILP=2)"
check set_twice_ilp_overlap test "$(expanded ilp3 --set variant=gs_float4 --set ILP=1:4 --set ILP=2,4)" = \
    "gs_float4 gs_float4_ILP_2 gs_float4_ILP_3 gs_float4_ILP_4 "
# An id's own pairs (commas too) stay with it.
check set_twice_ids test "$(expanded ids --set variant=gs_float4:ILP=1,STRIDE=1 --set variant=naive)" = "gs_float4 naive "
# A launch axis: two problem sizes, each measured once (64Ki is 65536), and run.json's args keep
# what was typed, so --resume joins them the same way.
rm -rf "$L/twice"
$CLX run vecsum --set variant=naive --build '' --local 64 --set N=64Ki --set N=128Ki,65536 --trials 2 --rounds 1 \
    --out "$L/twice" --quiet > "$L/twice.log" 2>&1; rc=$?
d=$(ls -d "$L"/twice/vecsum-* 2>/dev/null | head -n 1)
check set_twice_run_exit test "$rc" -eq 0
check set_twice_run_sizes test "$(tsv_col "$d/results.tsv" N | tr '\n' ' ')" = "65536 131072 "
check set_twice_run_args grep -q '"N=64Ki", "--set", "N=128Ki,65536"' "$d/run.json"
# --local, --size and --build given twice join as --set does: two builds, two sizes (one given
# twice), two work-group sizes, each once.
rm -rf "$L/twice2"
$CLX run vecsum --set variant=naive --build '' --build -cl-opt-disable --local 64 --local 128 --size 64Ki \
    --size 128Ki,65536 --trials 2 --rounds 1 --out "$L/twice2" --quiet > "$L/twice2.log" 2>&1; rc=$?
d=$(ls -d "$L"/twice2/vecsum-* 2>/dev/null | head -n 1)
check flags_twice_run_exit test "$rc" -eq 0
check flags_twice_rows test "$(tsv_rows "$d/results.tsv")" -eq 8
check flags_twice_builds test "$(tsv_col "$d/results.tsv" build | sort -u | wc -l)" -eq 2
check flags_twice_sizes test "$(tsv_col "$d/results.tsv" N | sort -un | tr '\n' ' ')" = "65536 131072 "
check flags_twice_locals test "$(tsv_col "$d/results.tsv" local | sort -un | tr '\n' ' ')" = "64 128 "
# An axis named through its two spellings joins too, in the order given, where the last one used
# to win unsaid: --set N= with --size, --set local= with --local, --set builds= with --build.
spelt() {   # spelt NAME ARGS...: clx run vecsum --quick --dry-run ARGS: the plan's lines in $L/NAME.log
    _sn=$1; shift
    $CLX run vecsum --quick --dry-run --set variant=naive "$@" > "$L/spelt_$_sn.log" 2>&1; rc=$?
}
spelt size_after --set N=1M --size 2M
check two_spellings_size grep -q '^clx: launch points: N = 1M, 2M x ' "$L/spelt_size_after.log"
spelt size_before --size 2M --set N=1M
check two_spellings_size_order grep -q '^clx: launch points: N = 2M, 1M x ' "$L/spelt_size_before.log"
spelt local --set local=32 --local 128
check two_spellings_local grep -q 'x local = 32, 128$' "$L/spelt_local.log"
spelt builds --build '' --set builds=-cl-opt-disable
check two_spellings_builds grep -q '^clx: vecsum: 1 variant x 2 builds x ' "$L/spelt_builds.log"
# A bad value among them is blamed on the values joined, in the spelling that names any axis.
spelt size_bad --size 2M --set N=0
check two_spellings_bad_exit test "$rc" -eq 2
check two_spellings_bad_blamed grep -q "^clx: --set N=2M,0: '0' is not a problem size" "$L/spelt_size_bad.log"
# An option that names a file or a folder, given empty or blanks alone, is a command-line mistake
# naming it, for every command that takes it: path_join("", "run.json") is "/run.json", so clx
# merge --out "" wrote its merged run into / (bin/ into /usr/bin) and exited 0. Each line here
# would fail before writing anything even where the value were taken (an experiment, runs and
# shards that do not exist), so that no clx, old or new, writes outside $L.
empty_refused() {   # empty_refused NAME OPTION NOUN WAS ARGS...: exit 2, one line naming OPTION
    _n=$1 _o=$2 _noun=$3 _was=$4; shift 4
    _c=$1
    $CLX "$@" > "$L/empty-$_n.log" 2>&1; _rc=$?
    check "empty_${_n}_exit_2" test "$_rc" -eq 2
    check "empty_${_n}_said" grep -qx "clx $_c: --$_o needs $_noun, not $_was (clx $_c --help)" "$L/empty-$_n.log"
    check "empty_${_n}_one_line" test "$(wc -l < "$L/empty-$_n.log")" -eq 1
}
empty_refused run_out out "a folder" "an empty value" run no_such_experiment --out ""
empty_refused run_out_eq out "a folder" "an empty value" run no_such_experiment --out=
empty_refused run_out_blank out "a folder" blanks run no_such_experiment --out "  "
empty_refused run_dir_file dir-file "a file" "an empty value" run no_such_experiment --out "$L/e" --dir-file ""
empty_refused run_dry_out out "a folder" "an empty value" run no_such_experiment --dry-run --out ""
empty_refused run_resume resume "a run's folder" "an empty value" run --resume ""
empty_refused dump_out out "a folder" "an empty value" dump no_such_experiment --out ""
empty_refused expand_out out "a folder" "an empty value" expand no_such_experiment --out ""
empty_refused compare_out out "a folder" "an empty value" compare "$L/no-run-a" "$L/no-run-b" --out ""
empty_refused history_out out "a folder" "an empty value" history "$L/no-run-a" "$L/no-run-b" --out ""
empty_refused merge_out out "a folder" "an empty value" merge "$L/no-shard-1" "$L/no-shard-2" --out ""
empty_refused merge_out_blank out "a folder" blanks merge "$L/no-shard-1" "$L/no-shard-2" --out " "
empty_refused report_spec spec "a file" "an empty value" report "$L/no-run-a" --spec ""
check empty_run_made_nothing test ! -e "$L/e"
# An argument empty or blanks alone names no run (clx report "" took / for its run's folder): the
# same, for every command, naming which argument.
$CLX report "" > "$L/empty-report.log" 2>&1; rc=$?
check empty_report_arg sh -c "test $rc -eq 2 && grep -qx 'clx report: argument 1 is empty: clx report \[RUN_DIR\] (clx report --help)' '$L/empty-report.log'"
$CLX compare "$L/no-run-a" " " > "$L/empty-compare.log" 2>&1; rc=$?
check empty_compare_arg sh -c "test $rc -eq 2 && grep -q '^clx compare: argument 2 is empty' '$L/empty-compare.log'"
# --batch beside --cold: --cold times each launch alone, so the batch was recorded and dropped
# unsaid; refused in one line naming both, before any folder.
rm -rf "$L/bc"
$CLX run vecsum --quick --batch 8 --cold --out "$L/bc" > "$L/batch-cold.log" 2>&1; rc=$?
check batch_cold_refused sh -c "test $rc -eq 2 && test \$(wc -l < '$L/batch-cold.log') -eq 1 && grep -q '^clx run: --batch 8 and --cold: ' '$L/batch-cold.log'"
check batch_cold_no_folder test ! -e "$L/bc"
# --energy-window without --energy measured nothing and was taken unsaid; refused as --budget
# without --search is, in one line naming both.
$CLX run vecsum --quick --dry-run --energy-window 3 > "$L/window-alone.log" 2>&1; rc=$?
check energy_window_needs_energy sh -c "test $rc -eq 2 && test \$(wc -l < '$L/window-alone.log') -eq 1 && grep -q '^clx run: --energy-window is --energy.s' '$L/window-alone.log'"
$CLX run vecsum --quick --dry-run --energy --energy-window 3 > "$L/window.log" 2>&1; rc=$?
check energy_window_with_energy test $rc -eq 0
finish
