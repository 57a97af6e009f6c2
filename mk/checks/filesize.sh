#!/bin/sh
# filesize.sh — checks that no C source in src/ grows past 500 lines: a file owns one concern
# (docs/architecture.md, "Adding a module"), and one past 500 lines has usually taken a second
# (run_build.c at 528 held kernels.tsv and the rows of failed builds beside the builds). Prints
# "file: N lines (at most 500)" for each, and exits 1 when there is any. Usage:
#   mk/checks/filesize.sh [SRC_DIR]   (default: src of this checkout; reads SRC_DIR/*/*.c)
# make check runs it through tests/e2e/filesize.sh. Headers are not counted: a folder's *_impl.h
# holds the declarations its files share, one section a file, and grows with the folder.
cd "$(dirname "$0")/../.." || exit 2
src=${1:-src}
max=500
set --
for f in "$src"/*/*.c; do [ -f "$f" ] && set -- "$@" "$f"; done
[ $# -gt 0 ] || { echo "filesize: no C files under $src/"; exit 2; }
awk -v max=$max 'FNR == 1 && NR > 1 { if (n > max) { print prev ": " n " lines (at most " max ")"; bad = 1 } }
    { n = FNR; prev = FILENAME }
    END { if (n > max) { print prev ": " n " lines (at most " max ")"; bad = 1 } exit bad }' "$@"
