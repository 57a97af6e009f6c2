#!/bin/sh
# build_install.sh — the build takes the user's CFLAGS without losing its own (make CFLAGS=-O0 compiles
# and links with -O0 and clx's flags both),
# `make install` gives a clx that runs from its prefix, `make uninstall` removes what it put there,
# and a new PREFIX recompiles only the files that use it; the man page is installed and removed
# with clx; the installed clx/ref.h compiles a user's reference; a templates/NAME.ref.c added to the
# tree is registered by make alone, and an edited kernel file rebuilds what embeds it; a second make
# builds nothing (make -q agrees); the version names the commit, -dirty, or "unknown" outside git.
. tests/e2e/lib.sh
T=$TMP/build_install
rm -rf "$T"; mkdir -p "$T"
ABS=$(cd "$T" && pwd)
# The working tree's files, so that uncommitted changes are what is tested, and its objects (not
# its unit tests), all with their dates: the copy is as up to date as the tree (`make check` built
# it first), and each case below sees what make rebuilds from there. (A build from scratch, some
# 300 files, was most of this test's processor time; the cases check what is rebuilt, not how.)
# Objects older than the Makefile were made by other rules (make does not remake them when it
# changes), with other dependency files perhaps: the copy then builds from scratch, as the tree's
# would after `make clean`.
cp -Rp Makefile mk src m4 templates include tools "$T/"
[ -d cl ] && cp -Rp cl "$T/"
mkdir -p "$T/docs" && cp docs/clx.1 "$T/docs/"
mkdir -p "$T/build"
if [ -d build ] && [ -z "$(find build -name '*.o' ! -newer Makefile)" ]; then
    for f in build/*; do [ "$f" = build/tests ] || cp -Rp "$f" "$T/build/"; done
fi
# The copy is outside git: git must not find this repository above it.
GIT_CEILING_DIRECTORIES=$(dirname "$ABS"); export GIT_CEILING_DIRECTORIES
release=$(sed -n 's/^RELEASE *:= *//p' Makefile)
# The user's CFLAGS: a file made out of date is compiled, and clx linked, with -O0 and clx's own
# flags both (V=1 shows the commands), and so is every other command make runs.
touch "$T/src/lib/ccomment.c"
make -C "$T" -j2 V=1 CFLAGS=-O0 clx > "$T/o0.log" 2>&1; rc=$?
o0_cmds=$(grep -e ' -o ' "$T/o0.log")
check build_with_user_cflags test "$rc" -eq 0 -a -x "$T/clx" \
    -a "$(printf '%s\n' "$o0_cmds" | grep -c -e '-std=c11 .*-O0 .*-c -o build/lib/ccomment\.o src/lib/ccomment\.c$')" -eq 1 \
    -a "$(printf '%s\n' "$o0_cmds" | grep -c -e '-std=c11 .*-O0 .*-o clx ')" -eq 1 \
    -a -z "$(printf '%s\n' "$o0_cmds" | grep -v -e '-std=c11 -Wall .*-O0 ')"
check build_o0_used test "$(make -C "$T" -s config CFLAGS=-O0 | grep -c -- '-std=c11.*-O0')" -eq 1
make -C "$T" PREFIX="$ABS/p1" clx > /dev/null 2>&1
make -C "$T" PREFIX="$ABS/p2" clx > "$T/prefix.log" 2>&1
check build_prefix_rebuilds_little test "$(grep -c '  CC ' "$T/prefix.log")" -le 3
make -C "$T" PREFIX="$ABS/p2" install > "$T/install.log" 2>&1; rc=$?
check install_ok test "$rc" -eq 0 -a -x "$ABS/p2/bin/clx" -a -f "$ABS/p2/share/clx/templates/vecsum.spec" -a -f "$ABS/p2/share/clx/m4/clx-safe.m4"
check install_man_page cmp docs/clx.1 "$ABS/p2/share/man/man1/clx.1"
# Where man works (a minimized Ubuntu image has a man that finds no page, not even its own).
if case "$(man -w man 2>/dev/null)" in /*) true ;; *) false ;; esac; then
    check man_finds_page test "$(MANPATH="$ABS/p2/share/man" man -w clx 2>/dev/null)" = "$ABS/p2/share/man/man1/clx.1"
else
    skip man_finds_page "no working man"
fi
check version_outside_git test "$("$ABS/p2/bin/clx" --version)" = "clx $release (unknown)"
check install_header cmp -s include/clx/ref.h "$ABS/p2/include/clx/ref.h"
# The installed clx finds its templates and m4 library from the prefix, from anywhere.
( cd / && CLX_HOME= "$ABS/p2/bin/clx" expand vecsum --out "$ABS/x" > "$ABS/expand.log" 2>&1 ); rc=$?
check installed_clx_expands test "$rc" -eq 0 -a -f "$ABS/x/vecsum/naive.cl"
# A user's experiment with its own reference, run by the installed clx (its clx/ref.h from the prefix).
U=$ABS/user; mkdir -p "$U"
printf '%s\n' '__kernel void twice(__global const int *x, __global int *y) { size_t i = get_global_id(0); y[i] = 2 * x[i]; }' > "$U/twice.cl.m4"
cat > "$U/twice.spec" <<'EOF'
description = "y = 2 * x";
template = "twice.cl.m4";
builds = [ "" ];
launch = { local = 64; };
global = "256";
buffers = ( { name = "x"; type = "int"; count = "256"; init = "random"; },
            { name = "y"; type = "int"; count = "256"; init = "output"; } );
args = [ "x", "y" ];
verify = { reference = "twice"; };
EOF
cat > "$U/twice.ref.c" <<'EOF'
/* twice.ref.c — y = 2 * x. */
#include <clx/ref.h>
CLX_REF_SPLIT(twice, "y = 2 * x")
{
    size_t n;
    const int *x = ref_in(c, "x", CT_INT, NULL);
    int *y = ref_out(c, "y", CT_INT, &n);
    if (!x || !y) return -1;
    for (size_t k = 0; k < ref_count(c, n); k++) y[ref_index(c, k)] = 2 * x[ref_index(c, k)];
    return 0;
}
EOF
( cd / && CLX_HOME= CLX_PATH="$U" XDG_CACHE_HOME="$ABS/cache" "$ABS/p2/bin/clx" run twice --trials 2 --warmups 0 --quiet \
      --out "$ABS/runs" > "$ABS/user.log" 2>&1 ); rc=$?
check installed_clx_compiles_user_ref test "$rc" -eq 0 -a -n "$(grep '1 ok, 0 FAIL' "$ABS/user.log")"
make -C "$T" PREFIX="$ABS/p2" uninstall > /dev/null 2>&1
check uninstall_removes test ! -e "$ABS/p2/bin/clx" -a ! -e "$ABS/p2/share/clx" -a ! -e "$ABS/p2/share/man/man1/clx.1" -a ! -e "$ABS/p2/include/clx"
# A new templates/NAME.ref.c: make compiles it and registers it, with no table to edit.
cat > "$T/templates/zz_added.ref.c" <<'EOF'
/* zz_added.ref.c — a reference added to the tree by build_install.sh. */
#include <clx/ref.h>
CLX_REF(zz_added, "added by the test") { return ref_fail(c, "not for running"); }
EOF
make -C "$T" clx > "$T/added.log" 2>&1; rc=$?
check added_ref_builds test "$rc" -eq 0
check added_ref_registered test -n "$(CLX_HOME= "$T/clx" list --refs | grep -E '^zz_added +shipped +added by the test')"
# An edited kernel file (src/FOLDER/kernels/NAME.cl): make remakes its header and recompiles only
# the C file that includes it, and the new text is in clx (embedded when built, not read at run time).
echo '/* edited by build_install.sh */' >> "$T/src/measure/kernels/heater.cl"
make -C "$T" clx > "$T/cl_edit.log" 2>&1; rc=$?
check cl_edit_rebuilds_its_file test "$rc" -eq 0 -a "$(grep -c '  CC ' "$T/cl_edit.log")" -eq 1 \
    -a "$(grep -c '  CC .*src/measure/heater\.c' "$T/cl_edit.log")" -eq 1
check cl_edit_embedded grep -q 'edited by build_install.sh' "$T/clx"
# Nothing changed since: make builds nothing, and make -q and make -n say so (the version, the
# references' list and the kernels' list, made anew each time, were FORCE rules that -q and -n took as
# always out of date, and every object and unit test behind them).
make -C "$T" clx > "$T/again.log" 2>&1; rc=$?
check make_again_nothing test "$rc" -eq 0 -a -z "$(grep -e '  CC ' -e '  LD ' -e '  GEN ' "$T/again.log")"
check make_q_up_to_date make -C "$T" -q clx
check make_n_nothing test -z "$(make -C "$T" -n clx 2>&1 | grep -v -e '^make\[[0-9]*\]: ' -e '^make: ')"
# In a repository of its own the version names its commit, and -dirty once a tracked file changes.
if command -v git > /dev/null 2>&1; then
    printf 'build/\nclx\n' > "$T/.gitignore"
    ( cd "$T" && git init -q && git add -A && git -c user.name=t -c user.email=t@example.invalid commit -qm t ) > /dev/null 2>&1
    head=$(cd "$T" && git rev-parse --short=7 HEAD 2>/dev/null)
    check version_commit test -n "$head" -a "$(make -C "$T" -s config | sed -n 's/^VERSION = //p')" = "$release ($head)"
    # A new commit recompiles the one file that holds the version and relinks clx, and no unit test
    # (they link the release's stand-in): make -n lists those two steps alone.
    mkdir -p "$T/tests/unit" && cp tests/unit/check.h tests/unit/test_fmt.c "$T/tests/unit/"
    make -C "$T" clx build/tests/test_fmt > /dev/null 2>&1
    ( cd "$T" && git -c user.name=t -c user.email=t@example.invalid commit -q --allow-empty -m again ) > /dev/null 2>&1
    make -C "$T" -n clx build/tests/test_fmt > "$T/commit.n" 2>&1
    check commit_rebuilds_version_only test "$(grep -e '  CC ' -e '  LD ' "$T/commit.n" | tr -s ' ' | tr '\n' '|')" = \
        'echo " CC build/version_str.c"|echo " LD clx"|'
    make -C "$T" clx > /dev/null 2>&1
    head=$(cd "$T" && git rev-parse --short=7 HEAD 2>/dev/null)
    check commit_version test "$("$T/clx" --version)" = "clx $release ($head)"
    echo '/* changed */' >> "$T/src/cli/main.c"
    check version_dirty test "$(make -C "$T" -s config | sed -n 's/^VERSION = //p')" = "$release ($head-dirty)"
else
    echo "  skipping version_commit and version_dirty: no git" >&2
fi
finish
