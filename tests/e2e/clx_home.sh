#!/bin/sh
# clx_home.sh — CLX_HOME naming a folder with no templates/ (none at all, or another folder): clx list
# and clx run say so and exit 4 (it listed nothing with exit 0, and run blamed the experiment's name
# with exit 2); CLX_HOME naming clx's own folder lists as before. No device is needed.
. tests/e2e/lib.sh
T=$TMP/clx_home
rm -rf "$T"; mkdir -p "$T/empty"
for where in "$T/none" "$T/empty"; do
    w=$(basename "$where")
    CLX_HOME=$where "$CLX" list > "$T/list_$w.log" 2>&1; rc=$?
    check "home_${w}_list_exit4" test "$rc" -eq 4
    check "home_${w}_list_said" grep -qF "clx: CLX_HOME=$where holds no templates/ folder" "$T/list_$w.log"
    CLX_HOME=$where "$CLX" list --refs > "$T/refs_$w.log" 2>&1; rc=$?
    check "home_${w}_refs_exit4" test "$rc" -eq 4
    CLX_HOME=$where "$CLX" run vecsum --quick > "$T/run_$w.log" 2>&1; rc=$?
    check "home_${w}_run_exit4" test "$rc" -eq 4
    check "home_${w}_run_said" grep -qF "clx: CLX_HOME=$where holds no templates/ folder" "$T/run_$w.log"
    check "home_${w}_run_not_name" sh -c "! grep -q 'no experiment' '$T/run_$w.log'"
done
CLX_HOME=$PWD "$CLX" list > "$T/own.log" 2>&1; rc=$?
check home_own_lists sh -c "test $rc -eq 0 && grep -q '^vecsum ' '$T/own.log'"
finish
