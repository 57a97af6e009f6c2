#!/bin/sh
# m4_library.sh -- end-to-end cases for m4/clx.m4, the template macro library.
# Expands the fixtures in tests/e2e/m4_fixtures/ exactly as clx does
# (m4 -P -s -I m4 -DNAME=value ... FILE, from the repo root) and prints one
# "PASS name" / "FAIL name" line per case; details of a failure go to stderr.
# When clinfo lists an OpenCL device and cc finds CL/cl.h, two more cases build
# an expanded kernel with a throwaway checker to see where build errors point.
cd "$(dirname "$0")/../.." || exit 2

FIX=tests/e2e/m4_fixtures
TMP=tests/tmp/m4_library
mkdir -p "$TMP" || exit 2
failed=0

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1"; failed=1; }
note() { printf '  %s\n' "$*" >&2; }

# expand FILE [-DNAME=value ...]: run m4 as clx does, the parameters' names
# listed in m4_clx_params after them (each quoted, as src/spec/expand.c does).
# Sets $out and $err (files) and $rc (exit status of m4).
expand() {
    f=$1; shift
    out=$TMP/out; err=$TMP/err
    names=
    for a in "$@"; do
        case $a in -D*=*) n=${a#-D}; names="$names${names:+,}\`${n%%=*}'" ;; esac
    done
    m4 -P -s -I m4 "$@" "-Dm4_clx_params=$names" "$f" >"$out" 2>"$err"
    rc=$?
}

# got LABEL: the text after "LABEL: " on the output line with that label
# (#line markers skipped).
got() { grep -v '^#line ' "$out" | sed -n "s/^$1: //p"; }

# check_label CASE LABEL EXPECTED: the labelled line must equal EXPECTED and
# m4 must have succeeded with an empty stderr.
check_label() {
    g=$(got "$2")
    if [ "$rc" -eq 0 ] && [ ! -s "$err" ] && [ "$g" = "$3" ]; then
        pass "$1"
    else
        fail "$1"
        note "$2: expected [$3]"
        note "$2: got      [$g] (m4 exit $rc)"
        [ -s "$err" ] && sed 's/^/  stderr: /' "$err" >&2
    fi
}

# line_of FILE TEXT: number of the first line of FILE containing TEXT.
line_of() { grep -n -F -e "$2" "$1" | sed -n '1s/:.*//p'; }

# check_error CASE FILE MARK MESSAGE: m4 must have failed, and stderr must
# hold the line "FILE:N: MESSAGE" where N is the fixture line containing MARK.
check_error() {
    n=$(line_of "$2" "$3")
    want="$2:$n: $4"
    if [ "$rc" -ne 0 ] && [ -n "$n" ] && grep -q -x -F -e "$want" "$err"; then
        pass "$1"
    else
        fail "$1"
        note "expected non-zero exit and stderr line: $want"
        note "got exit $rc, stderr:"
        sed 's/^/    /' "$err" >&2
    fi
}

# srcline TEXT: "FILE:LINE" that the #line markers in $out assign to the
# first output line containing TEXT.
srcline() {
    awk -v pat="$1" '
        /^#line / { cur = $2; if (NF >= 3) { file = $3; gsub(/"/, "", file) }; next }
        { if (index($0, pat)) { print file ":" cur; exit }; cur++ }' "$out"
}

# ---------------------------------------------------------------- loops
L=$FIX/loops.cl.m4
expand "$L" -DILP=4 -DUNROLL=8
check_label forloop_basic    for     'acc0;acc1;acc2;acc3;'
check_label forloop_empty    empty   '[]'
check_label forloop_nested   nest    '(0,0)(0,1)(0,2)(1,0)(1,1)(1,2)'
check_label forloop_same_var samevar '<560><561>'
check_label forloop_restore  restore 'saved j-undefined'
check_label forloop_commas   comma   'f(1, g(1, 2));f(2, g(1, 2));'
check_label forloop_expr     expr    '-1;0;1;'
check_label unroll           unroll  's += a[0];s += a[1];s += a[2];'
check_label unroll_zero      unroll0 '[]'
check_label unroll_param     unrollp '01234567'

# ---------------------------------------------------------------- ILP helpers, m4_default
I=$FIX/ilp.cl.m4
expand "$I" -DILP=4 -DUNROLL=8
check_label ilp_decl        decl  'float acc0 = x + 0, acc1 = x + 1, acc2 = x + 2, acc3 = x + 3;'
check_label ilp_decl_commas decl2 'float2 v0 = (float2)(0.0f, 1.0f), v1 = (float2)(0.0f, 1.0f);'
check_label ilp_each        each  'acc0 = fma(acc0, a, b);acc1 = fma(acc1, a, b);acc2 = fma(acc2, a, b);acc3 = fma(acc3, a, b);'
check_label ilp_sum         sum   'float s = (acc0 + acc1 + acc2 + acc3);'
check_label default_keeps   default '8 4'
expand "$I" -DILP=2
check_label default_sets    default '2 4'

# ---------------------------------------------------------------- parameter checks
P=$FIX/params.cl.m4
expand "$P" -DILP=4 -DUNROLL=8 -DVEC=2
if [ "$rc" -eq 0 ] && [ ! -s "$err" ] && grep -q -x -F 'checked 4 8 2' "$out"; then
    pass params_valid
else
    fail params_valid; note "m4 exit $rc"; cat "$err" >&2
fi

expand "$P" -DUNROLL=8 -DVEC=2
check_error missing_param "$P" LINE-DEFINED 'parameter ILP is not defined: add ILP to the params of the spec (or to each variant)'

expand "$P" -DILP=4 -DVEC=2
check_error missing_param_first "$P" "m4_assert_defined(\`UNROLL')" \
    'parameter UNROLL is not defined: add UNROLL to the params of the spec (or to each variant)'

expand "$P" -DILP=32 -DUNROLL=8 -DVEC=2
check_error range_high "$P" LINE-RANGE 'parameter ILP=32 is out of range [1, 16]'

expand "$P" -DILP=0 -DUNROLL=8 -DVEC=2
check_error range_low "$P" LINE-RANGE 'parameter ILP=0 is out of range [1, 16]'

expand "$P" -DILP=1 -DUNROLL=8 -DVEC=2
if [ "$rc" -eq 0 ] && [ ! -s "$err" ]; then pass range_bound_ok
else fail range_bound_ok; note "m4 exit $rc"; cat "$err" >&2; fi

for v in abc 2.5; do
    expand "$P" "-DILP=$v" -DUNROLL=8 -DVEC=2
    check_error "range_not_integer_$(echo "$v" | tr . _)" "$P" LINE-RANGE \
        "parameter ILP=$v is not an integer (expected one in [1, 16])"
done

# A parameter's name left unquoted reaches the assertion as its value: said as that, at its line,
# not as "parameter 4 is not defined: add 4 to the params" (where the value is no name).
U=$TMP/unquoted.cl.m4
sed "/LINE-RANGE/s/(\`ILP'/(ILP/" "$P" > "$U"
expand "$U" -DILP=4 -DUNROLL=8 -DVEC=2
check_error unquoted_range "$U" LINE-RANGE \
    "m4_assert_range was given 4, not a parameter name: a name left unquoted is replaced by its value before the macro reads it: quote the name, m4_assert_range(\`NAME', ...)"
sed "/LINE-IN/s/(\`UNROLL'/(UNROLL/" "$P" > "$U"
expand "$U" -DILP=4 -DUNROLL=8 -DVEC=2
check_error unquoted_in "$U" LINE-IN \
    "m4_assert_in was given 8, not a parameter name: a name left unquoted is replaced by its value before the macro reads it: quote the name, m4_assert_in(\`NAME', ...)"
sed "/LINE-DEFINED/s/\`ILP'/ILP/" "$P" > "$U"
expand "$U" -DILP=4 -DUNROLL=8 -DVEC=2
check_error unquoted_defined "$U" LINE-DEFINED \
    "m4_assert_defined was given 4, not a parameter name: a name left unquoted is replaced by its value before the macro reads it: quote the name, m4_assert_defined(\`NAME', ...)"

# A name whose value is a name (TYPE=float) is told from a parameter never defined the same way:
# float is the value of a parameter, so the call was given TYPE unquoted.
printf '%s\n' "m4_include(\`clx.m4')m4_dnl" "m4_assert_in(TYPE, float, double)m4_dnl LINE-TYPE" > "$U"
expand "$U" -DTYPE=float -DILP=4
check_error unquoted_name_value "$U" LINE-TYPE \
    "m4_assert_in was given float, not a parameter name: a name left unquoted is replaced by its value before the macro reads it: quote the name, m4_assert_in(\`NAME', ...)"
printf '%s\n' "m4_include(\`clx.m4')m4_dnl" "m4_assert_in(\`KIND', float, double)m4_dnl LINE-TYPE" > "$U"
expand "$U" -DTYPE=float -DILP=4
check_error undefined_name_still "$U" LINE-TYPE \
    "parameter KIND is not defined: add KIND to the params of the spec (or to each variant)"

expand "$P" -DILP=4 -DUNROLL=3 -DVEC=2
check_error not_one_of "$P" LINE-IN 'parameter UNROLL=3 is not one of: 1 2 4 8'

expand "$P" -DILP=16 -DUNROLL=8 -DVEC=2
check_error assert_expr "$P" LINE-ASSERT 'UNROLL must be a multiple of ILP'

# ---------------------------------------------------------------- comments
C=$FIX/comments.cl.m4
expand "$C" -DILP=4 -DUNROLL=8
if [ "$rc" -eq 0 ] && grep -q -x -F '#pragma unroll 8' "$out" \
        && grep -q -x -F '#define N_ACC 4' "$out"; then
    pass pragma_expanded
else
    fail pragma_expanded; sed 's/^/    /' "$out" >&2
fi
if [ "$rc" -eq 0 ] && grep -q -x -F "// ILP stays as written in a comment, m4_dnl too, and so does \`this" "$out" \
        && grep -q -x -F 'int x = 4; // ILP again' "$out"; then
    pass comment_not_expanded
else
    fail comment_not_expanded; sed 's/^/    /' "$out" >&2
fi

# ---------------------------------------------------------------- double include
# The second include must emit nothing and must not redefine anything
# (the template redefines m4_ilp_sum between the two includes).
T=$FIX/twice.cl.m4
expand "$T" -DILP=4
body=$(grep -v '^#line ' "$out")
if [ "$rc" -eq 0 ] && [ ! -s "$err" ] && [ "$body" = 'after two includes 4 kept' ] \
        && [ "$(srcline 'after two includes')" = "$T:$(line_of "$T" 'after two')" ]; then
    pass include_twice
else
    fail include_twice; sed 's/^/    /' "$out" "$err" >&2
fi

# ---------------------------------------------------------------- #line markers
K=$FIX/lines.cl.m4
expand "$K" -DILP=4
ok=1
grep -q -x -F "#line 2 \"$K\"" "$out" || { ok=0; note "no #line 2 \"$K\" marker"; }
for probe in 'kernel void lines' 'out[get_global_id(0)]' 'acc3 = fma(acc3, a, b);' 'float acc0 = a * 0'; do
    case $probe in
        acc3*)  src='m4_ilp_each(' ;;
        float*) src='m4_ilp_decl(' ;;
        *)      src=$probe ;;
    esac
    want="$K:$(line_of "$K" "$src")"
    have=$(srcline "$probe")
    [ "$have" = "$want" ] || { ok=0; note "[$probe] maps to $have, expected $want"; }
done
if [ "$rc" -eq 0 ] && [ "$ok" -eq 1 ]; then pass line_markers
else fail line_markers; sed 's/^/    /' "$out" >&2; fi

# ---------------------------------------------------------------- optional: real OpenCL build
# Only where an OpenCL device, a C compiler and the OpenCL headers are present.
have_cl=0
if command -v clinfo >/dev/null 2>&1 && clinfo -l 2>/dev/null | grep -q 'Device' \
        && command -v cc >/dev/null 2>&1; then
    cat > "$TMP/clcheck.c" <<'EOF'
/* Throwaway checker: builds one OpenCL C file on the first device found and
   prints the build log; exit 0 = built, 1 = build failed, 2 = no OpenCL. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    cl_platform_id plat[8]; cl_uint np = 0, i; cl_device_id dev = 0; cl_int e;
    FILE *f; char *src, *log; long n; size_t ln = 0;
    if (argc != 2 || !(f = fopen(argv[1], "rb"))) return 2;
    fseek(f, 0, SEEK_END); n = ftell(f); rewind(f);
    src = calloc(1, (size_t)n + 1);
    if (!src || fread(src, 1, (size_t)n, f) != (size_t)n) return 2;
    fclose(f);
    if (clGetPlatformIDs(8, plat, &np) != CL_SUCCESS) return 2;
    for (i = 0; i < np && !dev; i++)
        if (clGetDeviceIDs(plat[i], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS) dev = 0;
    if (!dev) return 2;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    if (e != CL_SUCCESS) return 2;
    const char *s = src;
    cl_program prog = clCreateProgramWithSource(ctx, 1, &s, NULL, &e);
    if (e != CL_SUCCESS) return 2;
    cl_int built = clBuildProgram(prog, 1, &dev, "", NULL, NULL);
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &ln);
    log = calloc(1, ln + 1);
    if (log && clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, ln, log, NULL) == CL_SUCCESS)
        fputs(log, stdout);
    return built == CL_SUCCESS ? 0 : 1;
}
EOF
    if cc -o "$TMP/clcheck" "$TMP/clcheck.c" -lOpenCL 2>"$TMP/cc.err"; then
        have_cl=1
    else
        note "skipping OpenCL build cases: cannot build the checker"
    fi
else
    note "skipping OpenCL build cases: no OpenCL device or no cc"
fi
if [ "$have_cl" -eq 1 ]; then
    expand "$K" -DILP=4
    cp "$out" "$TMP/lines_ok.cl"
    "$TMP/clcheck" "$TMP/lines_ok.cl" > "$TMP/build_ok.log" 2>&1; brc=$?
    if [ "$rc" -eq 0 ] && [ "$brc" -eq 0 ]; then pass opencl_build_ok
    else fail opencl_build_ok; note "m4 exit $rc, build exit $brc"; sed 's/^/    /' "$TMP/build_ok.log" >&2; fi

    expand "$K" -DILP=4 -DBROKEN=1
    cp "$out" "$TMP/lines_broken.cl"
    "$TMP/clcheck" "$TMP/lines_broken.cl" > "$TMP/build_broken.log" 2>&1; brc=$?
    n=$(line_of "$K" BROKEN)
    # Some compilers (NVIDIA's) ignore #line and say "<kernel>:N:": then the error must be on the
    # physical line that the markers map to the template line (clx annotates logs so).
    phys=$(grep -n 'undeclared_on_this_line' "$TMP/lines_broken.cl" | head -n 1 | cut -d: -f1)
    if [ "$rc" -eq 0 ] && [ "$brc" -eq 1 ] && { grep -q -F -e "$K:$n:" "$TMP/build_broken.log" ||
         grep -q -F -e "<kernel>:$phys:" "$TMP/build_broken.log"; }; then
        pass opencl_error_line
    else
        fail opencl_error_line
        note "expected build exit 1 and a log line naming $K:$n:, got exit $brc:"
        sed 's/^/    /' "$TMP/build_broken.log" >&2
    fi
fi

exit "$failed"
