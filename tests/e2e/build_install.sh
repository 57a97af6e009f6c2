#!/bin/sh
# build_install.sh — the build takes the user's CFLAGS without losing its own (make CFLAGS=-O0),
# `make install` gives a clx that runs from its prefix, `make uninstall` removes what it put there,
# and a new PREFIX recompiles only the files that use it.
. tests/e2e/lib.sh
T=$TMP/build_install
rm -rf "$T"; mkdir -p "$T"
ABS=$(cd "$T" && pwd)
# The working tree's files, so that uncommitted changes are what is tested.
cp -r Makefile mk src m4 templates "$T/"
[ -d cl ] && cp -r cl "$T/"
make -C "$T" -j2 CFLAGS=-O0 clx > "$T/o0.log" 2>&1; rc=$?
check build_with_user_cflags test "$rc" -eq 0
check build_o0_used test "$(make -C "$T" -s config CFLAGS=-O0 | grep -c -- '-std=c11.*-O0')" -eq 1
make -C "$T" PREFIX="$ABS/p1" clx > /dev/null 2>&1
make -C "$T" PREFIX="$ABS/p2" clx > "$T/prefix.log" 2>&1
check build_prefix_rebuilds_little test "$(grep -c '  CC ' "$T/prefix.log")" -le 3
make -C "$T" PREFIX="$ABS/p2" install > "$T/install.log" 2>&1; rc=$?
check install_ok test "$rc" -eq 0 -a -x "$ABS/p2/bin/clx" -a -f "$ABS/p2/share/clx/templates/vecsum.spec" -a -f "$ABS/p2/share/clx/m4/clx-safe.m4"
# The installed clx finds its templates and m4 library from the prefix, from anywhere.
( cd / && CLX_HOME= "$ABS/p2/bin/clx" expand vecsum --out "$ABS/x" > "$ABS/expand.log" 2>&1 ); rc=$?
check installed_clx_expands test "$rc" -eq 0 -a -f "$ABS/x/vecsum/naive.cl"
make -C "$T" PREFIX="$ABS/p2" uninstall > /dev/null 2>&1
check uninstall_removes test ! -e "$ABS/p2/bin/clx" -a ! -e "$ABS/p2/share/clx"
finish
