#!/bin/sh
# filesize.sh — src/'s files stay one concern each: mk/checks/filesize.sh finds no C source of
# clx's past 500 lines, and it does find one in a small made-up tree while letting a file of 500
# and a header of any length by (so a clean result means something).
. tests/e2e/lib.sh
T=$TMP/filesize
rm -rf "$T"; mkdir -p "$T/src/top"

mk/checks/filesize.sh > "$T/clx.log" 2>&1; rc=$?
check filesize_clx_clean test "$rc" -eq 0
[ "$rc" -ne 0 ] && sed 's/^/  /' "$T/clx.log" >&2

lines() { i=0; while [ "$i" -lt "$1" ]; do echo "/* line */"; i=$((i + 1)); done; }
lines 500 > "$T/src/top/ok.c"
lines 700 > "$T/src/top/shared_impl.h"
mk/checks/filesize.sh "$T/src" > "$T/ok.log" 2>&1
check filesize_tree_clean test $? -eq 0

lines 501 > "$T/src/top/big.c"
mk/checks/filesize.sh "$T/src" > "$T/bad.log" 2>&1; rc=$?
check filesize_bad_exit_1 test "$rc" -eq 1
check filesize_bad_said grep -q "top/big.c: 501 lines (at most 500)" "$T/bad.log"
check filesize_said_one test "$(wc -l < "$T/bad.log")" -eq 1
finish
