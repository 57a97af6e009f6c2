#!/bin/sh
# template_safety.sh — a template is text, not a program: m4_syscmd and m4_esyscmd run nothing
# (unless --allow-shell), a template cannot read files outside its folder, m4/ and cl/, and a
# spec's template must lie in the spec's folder.
. tests/e2e/lib.sh
T=$TMP/template_safety
rm -rf "$T"; mkdir -p "$T/exp" "$T/outside"
ABS=$(cd "$T" && pwd)
# spec_with TEMPLATE_NAME: a copy of the checks fixture whose template is TEMPLATE_NAME.
spec_with() { sed -e "s|^template = .*|template = \"$1\";|" -e 's|^kernel = .*|kernel = "k";|' \
                  -e '/^variants = (/,/^);/d' tests/e2e/fixtures/checks.spec > "$T/exp/$2.spec"; }
kernel='__kernel void k(__global const float *a, __global const float *b, __global float *c, const uint n)
{ const size_t i = get_global_id(0); if (i < n) c[i] = a[i] + b[i]; }'

for builtin in syscmd esyscmd; do
    printf 'm4_include(`clx.m4'"'"')m4_dnl\nm4_%s(`touch %s/pwned_%s'"'"')m4_dnl\n%s\n' "$builtin" "$ABS" "$builtin" "$kernel" > "$T/exp/$builtin.cl.m4"
    spec_with "$builtin.cl.m4" "$builtin"
    "$CLX" expand "$T/exp/$builtin.spec" --out "$T/x-$builtin" > "$T/$builtin.log" 2>&1; rc=$?
    check "no_${builtin}_expand_fails" test "$rc" -ne 0
    check "no_${builtin}_ran_nothing" test ! -e "$T/pwned_$builtin"
    check "no_${builtin}_says_why" grep -q "uses m4_$builtin, which clx disables" "$T/$builtin.log"
    run_clx "$T/r-$builtin" run "$T/exp/$builtin.spec"
    check "no_${builtin}_run_ran_nothing" test ! -e "$T/pwned_$builtin" -a "$rc" -ne 0
done
# --allow-shell is the way to let a template run commands, for whoever needs it.
"$CLX" expand "$T/exp/syscmd.spec" --allow-shell --out "$T/x-allowed" > "$T/allowed.log" 2>&1
check allow_shell_runs test -e "$T/pwned_syscmd"

# Reading outside the template's folder: an absolute path and a way up.
echo "secret" > "$T/outside/secret.h"
printf 'm4_include(`clx.m4'"'"')m4_dnl\nm4_include(`%s/outside/secret.h'"'"')m4_dnl\n%s\n' "$ABS" "$kernel" > "$T/exp/abs.cl.m4"
printf 'm4_include(`clx.m4'"'"')m4_dnl\nm4_include(`../outside/secret.h'"'"')m4_dnl\n%s\n' "$kernel" > "$T/exp/up.cl.m4"
for t in abs up; do
    spec_with "$t.cl.m4" "$t"
    "$CLX" expand "$T/exp/$t.spec" --out "$T/x-$t" > "$T/$t.log" 2>&1; rc=$?
    check "include_${t}_refused" test "$rc" -ne 0
    check "include_${t}_says_why" grep -q 'secret.h: a template may include only files in its own folder' "$T/$t.log"
    check "include_${t}_not_saved" sh -c "! grep -rq secret $T/x-$t 2>/dev/null"
done
# A file beside the template may be included.
echo "#define BESIDE 1" > "$T/exp/beside.h"
printf 'm4_include(`clx.m4'"'"')m4_dnl\nm4_include(`beside.h'"'"')m4_dnl\n%s\n' "$kernel" > "$T/exp/beside.cl.m4"
spec_with "beside.cl.m4" beside
( cd "$T/exp" && "$OLDPWD/$CLX" expand beside.spec --out ../x-beside > ../beside.log 2>&1 ); rc=$?
check include_beside_allowed test "$rc" -eq 0
check include_beside_saved grep -rq "define BESIDE" "$T/x-beside"

# The spec's template must be the experiment's own file.
for t in /etc/passwd ../../../../../../../../../../../../etc/passwd ../outside/secret.h; do
    spec_with "$t" bad
    "$CLX" expand "$T/exp/bad.spec" --out "$T/x-bad" > "$T/bad.log" 2>&1; rc=$?
    check "template_path_refused_$(echo "$t" | tr -c 'a-z' '_')" test "$rc" -ne 0 -a -n "$(grep "must be\\( named relative to\\| a file in\\) the spec.s folder" "$T/bad.log")"
done
# A plain name not beside the spec is one of clx's templates: a user's spec reusing a shipped kernel
# (vecsum's, its kernel and arguments as vecsum.spec has them) expands from it; a name that is
# neither is refused, saying where it was looked for.
sed -e 's|^template = .*|template = "vecsum.cl.m4";|' -e 's|^kernel = .*||' templates/vecsum.spec | sed '1a kernel = "vecsum";' > "$T/exp/mysum.spec"
"$CLX" expand "$T/exp/mysum.spec" --quick --out "$T/x-mysum" > "$T/mysum.log" 2>&1
check template_shipped_by_name test $? -eq 0 -a -n "$(ls "$T/x-mysum/mysum" 2>/dev/null)"
sed 's|^template = .*|template = "nosuch.cl.m4";|' "$T/exp/mysum.spec" > "$T/exp/nosuch.spec"
"$CLX" expand "$T/exp/nosuch.spec" --out "$T/x-nosuch" > "$T/nosuch.log" 2>&1; rc=$?
check template_missing_said test "$rc" -ne 0 -a -n "$(grep "template 'nosuch.cl.m4' not found beside the spec nor among clx's templates/" "$T/nosuch.log")"
finish
