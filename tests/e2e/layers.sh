#!/bin/sh
# layers.sh — src/ keeps its floors (src/README.md): mk/checks/layers.sh finds no include or call that
# runs up a floor and no circle of calls in clx's own objects, and it does find each kind of fault
# in a small made-up tree (so a clean result means something).
. tests/e2e/lib.sh
T=$TMP/layers
rm -rf "$T"; mkdir -p "$T"
# The objects of the clx under test: build-asan's for clx-asan (make check-asan), else build's.
B=build; [ "${CLX##*/}" = clx-asan ] && B=build-asan

mk/checks/layers.sh "$B" > "$T/clx.log" 2>&1; rc=$?
check layers_clx_clean test "$rc" -eq 0
[ "$rc" -ne 0 ] && sed 's/^/  /' "$T/clx.log" >&2

# A made-up tree of two floors, top above low: top/a.c may call low/b.c, never the reverse.
mk() { mkdir -p "$T/src/$(dirname "$1")"; printf '%s\n' "$2" > "$T/src/$1"; }
mk README.md '| floor | folder | what |
|---|---|---|
| 1 | top | the top |
| 2 | low | the bottom |'
mk top/a.c 'int b(void); int a(void) { return b(); }'
mk low/b.c 'int b(void) { return 1; }'
build_tree() {
    rm -rf "$T/build"; mkdir -p "$T/build/top" "$T/build/low"
    ${CC:-cc} -I"$T/src" -c -o "$T/build/top/a.o" "$T/src/top/a.c" && ${CC:-cc} -I"$T/src" -c -o "$T/build/low/b.o" "$T/src/low/b.c"
}
build_tree
mk/checks/layers.sh "$T/build" "$T/src" > "$T/ok.log" 2>&1
check layers_tree_clean test $? -eq 0

# low calls up into top, and the two call each other: both said, exit 1.
mk low/b.c 'int a(void); int b(void) { return a(); }'
build_tree
mk/checks/layers.sh "$T/build" "$T/src" > "$T/up.log" 2>&1; rc=$?
check layers_up_exit_1 test "$rc" -eq 1
check layers_up_call_said grep -q '^layers: low/b calls top/a, a floor above' "$T/up.log"
check layers_circle_said grep -q '^layers: a circle of calls: .*top/a' "$T/up.log"

# An include from a floor above, and a folder on no floor.
mk low/b.c '#include "top/a.h"
int b(void) { return 1; }'
mk top/a.h 'int a(void);'
mk odd/c.c 'int c(void) { return 2; }'
build_tree
mk/checks/layers.sh "$T/build" "$T/src" > "$T/inc.log" 2>&1; rc=$?
check layers_include_exit_1 test "$rc" -eq 1
check layers_include_said grep -q "low/b.c (low) includes from top/, a floor above" "$T/inc.log"
check layers_unplaced_folder_said grep -q "odd/ is on no floor" "$T/inc.log"
finish
