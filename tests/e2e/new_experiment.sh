#!/bin/sh
# new_experiment.sh — what the author of a new experiment (a 1-D stencil with a RADIUS parameter, in a folder on CLX_PATH, with no quick section) met: --quick says it runs the full sweep; a parameter named in another case is refused offering the name, by --set and compare --by alike; a reference that fails at every row is exit 4; a report after a typo in the spec says which spec it read and where the template is.
. tests/e2e/lib.sh
T=$TMP/new_experiment
rm -rf "$T"; mkdir -p "$T/exps"
E=$T/exps
XDG_CACHE_HOME=$T/cache; export XDG_CACHE_HOME
cat > "$E/stencil.cl.m4" <<'EOF'
m4_include(`clx.m4')m4_dnl
m4_assert_range(`RADIUS', 1, 8)m4_dnl
__kernel void stencil(__global const float *restrict x, __global float *restrict y, const uint n)
{
    const uint i = get_global_id(0);
    if (i >= n) return;
    float s = 0.0f;
    for (int d = -RADIUS; d <= RADIUS; d++) {
        const int j = (int)i + d;
        if (j >= 0 && j < (int)n) s += x[j];
    }
    y[i] = s;
}
EOF
cat > "$E/stencil.spec" <<'EOF'
description = "1-D box stencil of RADIUS, with no quick section";
template = "stencil.cl.m4";
params = { RADIUS = [ 1, 2 ]; };
builds = [ "" ];
launch = { N = [ "1000", "2000" ]; local = 64; };
global = "N";
buffers = ( { name = "x"; type = "float"; count = "N"; init = "random"; },
            { name = "y"; type = "float"; count = "N"; init = "output"; } );
args = [ "x", "y", "uint:N" ];
verify = { reference = "stencil"; };
EOF
# write_ref NAME: the reference, reading the radius as the variable NAME.
write_ref() {
    cat > "$E/stencil.ref.c" <<EOF
/* stencil.ref.c — host reference of the stencil experiment: y[i] = the sum of x over i - RADIUS .. i + RADIUS. */
#include <clx/ref.h>

CLX_REF_SPLIT(stencil, "y[i] = sum of x[i - RADIUS .. i + RADIUS]")
{
    size_t ny;
    const float *x = ref_in(c, "x", CT_FLOAT, NULL);
    float *y = ref_out(c, "y", CT_FLOAT, &ny);
    const long r = (long)ref_var(c, "$1");
    if (!x || !y || c->err) return -1;
    for (size_t k = 0, n = ref_count(c, ny); k < n; k++) {
        const long i = (long)ref_index(c, k);
        float s = 0.0f;
        for (long j = i - r; j <= i + r; j++)
            if (j >= 0 && j < (long)ny) s += x[j];
        y[i] = s;
    }
    return 0;
}
EOF
}
CLX_PATH=$E; export CLX_PATH
write_ref RADIUS

# --quick of a spec with no quick section: the full sweep's points, said in one line (it ran them
# unsaid).
run_clx "$T/q" run stencil --quick $FEW
good=$rundir
check quick_absent_runs test "$rc" -eq 0 -a "$(tsv_count "$good/results.tsv" status ok)" -eq 4
check quick_absent_said test "$(grep -c "^clx: $E/stencil.spec has no quick section: --quick takes the full sweep's variants, builds and launch points" "$T/q.log")" -eq 1
# A spec that has one says nothing of it.
run_clx "$T/vq" run vecsum --quick --set variant=naive --build '' --local 64 $FEW
check quick_present_silent test "$rc" -eq 0 -a -z "$(grep 'no quick section' "$T/vq.log")"

# One rule for a parameter's name on the command line: as the spec writes it, else exit 2 offering
# the name (--by took radius as RADIUS, while --set refused it).
"$CLX" run stencil --set radius=2 --dry-run > "$T/set.log" 2>&1; rc=$?
check name_set_case_refused test "$rc" -eq 2 -a -n "$(grep "'radius' is not an axis of stencil: did you mean RADIUS?" "$T/set.log")"
"$CLX" run stencil --set variant=radius=2 --dry-run > "$T/setv.log" 2>&1; rc=$?
check name_variant_case_refused test "$rc" -eq 2 -a -n "$(grep "'radius' in variant 'radius=2' is not a template parameter of stencil: did you mean RADIUS?" "$T/setv.log")"
"$CLX" compare "$good" --by radius --out "$T/by" > "$T/by.log" 2>&1; rc=$?
check name_by_case_refused test "$rc" -eq 2 -a ! -e "$T/by" -a \
    -n "$(grep -e "--by radius: $good has no such column; --by takes .*: did you mean RADIUS?$" "$T/by.log")"
"$CLX" compare "$good" --by RADIUS --out "$T/byok" > "$T/byok.log" 2>&1; rc=$?
check name_by_exact test "$rc" -eq 0 -a -n "$(grep 'compared along RADIUS$' "$T/byok.log")"

# A reference that asks for a variable no configuration sets: every row error, said, and the run
# cannot go on (exit 4, as where nothing builds; it was 1); so says a --resume of it.
write_ref RAD
run_clx "$T/rad" run stencil --quick $FEW
check ref_broken_rows_error test "$(tsv_count "$rundir/results.tsv" status error)" -eq 4
check ref_broken_exit_4 test "$rc" -eq 4
check ref_broken_said grep -qF "clx: nothing could be checked: the host reference 'stencil' ($E/stencil.spec:10) failed at every configuration, so every row is error" "$T/rad.log"
"$CLX" run --resume "$rundir" > "$T/rad-again.log" 2>&1; rc=$?
check ref_broken_resume_exit_4 test "$rc" -eq 4 -a -n "$(grep 'exit 4, as when it finished' "$T/rad-again.log")"
write_ref RADIUS

# A typo in the spec after the run: the report reads the spec run.json recorded, and its line says
# which spec failed with its error, that the recorded one was used, and where the template lies
# (it said the template was neither one of clx's templates/ nor in the run's folder).
sed -i 's/^builds = /buidls = /' "$E/stencil.spec"
"$CLX" report "$good" > "$T/rep.log" 2>&1; rc=$?
A=$(cd "$E" && pwd -P)
check report_typo_exit test "$rc" -eq 0
check report_typo_said grep -qF "clx: report: the spec at $A/stencil.spec failed to read: $A/stencil.spec:4: unknown setting 'buidls': did you mean builds?; the run's recorded spec ($good/run.json) was used (--spec FILE gives another)" "$T/rep.log"
check report_typo_template_place grep -qF "its template, $A/stencil.cl.m4 beside $A/stencil.spec, would not be found from the run's folder" "$T/rep.log"
check report_typo_not_neither sh -c "! grep -q 'neither one of clx' '$T/rep.log'"
finish
