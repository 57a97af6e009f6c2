#!/bin/sh
# spec_messages.sh — the mistakes a stranger's first spec makes (fixtures/newcomer.spec), each said
# as what it is: a derived value that divides by zero at VEC=0 names itself, its line and why (not
# 'global' finding it missing), in the rows' notes and before anything runs under --dry-run, which
# also lists each launch axis's values as written; a finding's N=64K where the spec sweeps 64Ki is
# warned of when the spec is read, and its report suggests no sweep for it; a report of a spec with
# no seed says "the spec's findings"; typos (lcoal, a parameter OWP that the template and the other
# settings read as OPW, a reference or a plot's column that is none) each said with what was meant.
. tests/e2e/lib.sh
T=$TMP/spec_messages
rm -rf "$T"; mkdir -p "$T/no-icd"
spec=tests/e2e/fixtures/newcomer.spec
cp tests/e2e/fixtures/newcomer.cl.m4 "$T/"
# No driver for what needs no device: a dry run that opened one would fail here.
nodev() { OCL_ICD_VENDORS=$PWD/$T/no-icd "$CLX" "$@"; }
# line_of PATTERN FILE: the number of the first line that matches.
line_of() { grep -n "$1" "$2" | head -n 1 | cut -d: -f1; }
derived_line=$(line_of '^derived' "$spec")
finding_line=$(line_of 'where = "N=64K' "$spec")
items="derived ITEMS = 'ceil_div(N, OPW * VEC)' ($spec:$derived_line) is not a number at VEC=0: division by zero"
unswept="N=64K is none of the spec's values of N (16Ki/32Ki/64Ki): no row of the spec's sweep matches it (did you mean N=64Ki?)"

# --dry-run: the launch points listed as written; the first configuration whose derived value is no
# number said as the run's row says it, and how many; exit 1, as the run would.
nodev run "$spec" --dry-run > "$T/dry.log" 2>&1
check dry_exit_1 test $? -eq 1
check dry_points grep -qx "clx: launch points: N = 16Ki, 32Ki, 64Ki x VEC = 0, 4 x local = 64" "$T/dry.log"
check dry_first_error grep -qxF "clx: error OPW=1 default N=16384 VEC=0 local=64: $items" "$T/dry.log"
check dry_error_count grep -qx "clx: --dry-run: 6 configurations would be error rows (the first said above); nothing run" "$T/dry.log"
check dry_no_unknown_name sh -c "! grep -q 'unknown name' '$T/dry.log'"
check dry_no_check_out sh -c "! grep -q 'check out' '$T/dry.log'"
# The finding's value the spec never sweeps, warned of once as the spec is read.
check dry_unswept grep -qxF "clx: $spec:$finding_line: finding 1 ('two elements per work-item beat one at 64K'): $unswept" "$T/dry.log"
check dry_unswept_once test "$(grep -c 'none of the spec' "$T/dry.log")" -eq 1
# Its values from --size: the spec's are still what it compares, and it says so.
nodev run "$spec" --dry-run --quick --size 64K --set VEC=4 > "$T/size.log" 2>&1
check dry_size_exit_0 test $? -eq 0
check dry_size_said grep -qF "$unswept; this run's values of it come from --size 64K, but what is compared is the spec's" "$T/size.log"
check dry_size_checks_out grep -q "^clx: --dry-run: the options, the spec and the plan check out" "$T/size.log"

# The same mistake in global itself: global named, its line, the division.
sed -e '/^derived/d' -e 's/^global = "ITEMS";/global = "ceil_div(N, OPW * VEC)";/' "$spec" > "$T/glob.spec"
global_line=$(line_of '^global' "$T/glob.spec")
nodev run "$T/glob.spec" --dry-run > "$T/glob.log" 2>&1
check dry_global_exit_1 test $? -eq 1
check dry_global_said grep -qxF "clx: error OPW=1 default N=16384 VEC=0 local=64: global = 'ceil_div(N, OPW * VEC)' ($T/glob.spec:$global_line) is not a number at VEC=0: division by zero" "$T/glob.log"

# The run: the VEC=0 rows are errors for the derived value's own reason, on the console and in
# their notes; the others run. Its report: the spec's findings (no seed), and no sweep suggested for
# a finding whose value no sweep of the spec has.
run_clx "$T/run" run "$spec" --quick --report
check run_exit_1 test "$rc" -eq 1
check run_error_said grep -qxF "clx: error OPW=1 default VEC=0 local=64: $items" "$T/run.log"
check run_error_notes test "$(tsv_col "$rundir/results.tsv" note | grep -cxF "$items")" -eq 2
check run_others_ok test "$(tsv_count "$rundir/results.tsv" status ok)" -eq 2
check report_spec_findings grep -q "the spec's findings: 0 hold, 0 do not hold, 1 cannot be checked" "$T/run.log"
check report_no_seed sh -c "! grep -q \"seed's\" '$T/run.log' '$rundir/report.md'"
check report_md_title grep -qx "## The spec's findings on this device" "$rundir/report.md"
check report_no_sweep sh -c "! grep -q 'small sweep\|(the full sweep) decides' '$T/run.log' '$rundir/report.md'"
check report_unswept_why grep -qF "(N there: 16Ki); $unswept" "$rundir/report.md"

# One mistake each, in a copy of the spec, read by --dry-run (exit 4: the spec's).
mistake() {
    name=$1; shift
    sed "$@" "$spec" > "$T/$name.spec"
    nodev run "$T/$name.spec" --dry-run > "$T/$name.log" 2>&1
    check "${name}_exit_4" test $? -eq 4
}
# 'lcoal' for 'local': named, at its own line.
mistake lcoal -e 's/^  local = 64;/  lcoal = [ 64, 256 ];/'
check lcoal_said grep -qxF "clx: $T/lcoal.spec:$(line_of lcoal "$T/lcoal.spec"): launch: unknown axis 'lcoal': did you mean local? ('launch' needs a 'local' axis, the work-group sizes)" "$T/lcoal.log"
# The parameter declared as OWP, while the template, ITEMS, the args and the finding read OPW: OWP is
# the typo.
mistake owp -e 's/OPW = \[ 1, 2 \]/OWP = [ 1, 2 ]/'
check owp_said grep -qxF "clx: $T/owp.spec:$derived_line: ITEMS: unknown name 'OPW' in 'ceil_div(N, OPW * VEC)': is the parameter OWP (line $(line_of '^params' "$spec")) a typo of OPW? The template, 2 other settings and this one read OPW; nothing reads OWP" "$T/owp.log"
# A reference that is none: the near one, else the ones there are.
mistake vecsun -e 's/reference = "vecsum"/reference = "vecsun"/'
check vecsun_said grep -qF "no host reference named 'vecsun': did you mean vecsum? (" "$T/vecsun.log"
mistake stencil -e 's/reference = "vecsum"/reference = "stencil"/'
check stencil_said grep -qF "no host reference named 'stencil' (there are expint, fma_chain, " "$T/stencil.log"
check stencil_lists grep -qF " vecsum; " "$T/stencil.log"
# A plot's series that is no column: the one it begins.
mistake series -e '/^findings/i plots = ( { kind = "bars"; metric = "gbs"; x = "OPW"; series = "VECTOR"; } );'
check series_said grep -qxF "clx: $T/series.spec:$(line_of '^plots' "$T/series.spec"): plot series: 'VECTOR' is not a column of series's results: did you mean VEC?" "$T/series.log"
finish
