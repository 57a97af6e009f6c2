#!/bin/sh
# version.sh — clx --version prints "clx RELEASE (COMMIT)" with the Makefile's RELEASE and a commit of
# this repository (or "unknown"), CHANGELOG.md's newest release is that one, and run.json records
# the same version string.
. tests/e2e/lib.sh
T=$TMP/version
rm -rf "$T"; mkdir -p "$T"

release=$(sed -n 's/^RELEASE *:= *//p' Makefile)
check release_is_semver expr "$release" : '[0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*$'
v=$("$CLX" --version); rc=$?
check version_exit_zero test "$rc" -eq 0
# format_ok LINE: "clx RELEASE (COMMIT)", COMMIT a short hash (maybe -dirty) or "unknown".
format_ok() { printf '%s\n' "$1" | grep -qxE "clx $(printf '%s' "$release" | sed 's/\./\\./g') \(([0-9a-f]{7,40}(-dirty)?|unknown)\)"; }
check version_format format_ok "$v"
check version_format_strict test "$(format_ok 'clx 0.2.0 (58fdf5d-dirty)x'; echo $?)$(format_ok "clx ${release}0 (58fdf5d)"; echo $?)" = 11
check version_command_same test "$("$CLX" version)" = "$v"
# The commit is one of this repository's (where git can tell).
commit=$(printf '%s\n' "$v" | sed -n 's/^clx [^ ]* (\([0-9a-f]*\)\(-dirty\)\{0,1\})$/\1/p')
if [ -n "$commit" ] && git rev-parse --git-dir > /dev/null 2>&1; then
    check version_commit_known git cat-file -e "$commit^{commit}"
fi
# The changelog's newest release heading ("## [0.2.0] - date") is this release.
newest=$(sed -n 's/^## \[\([0-9][0-9.]*\)\].*/\1/p' CHANGELOG.md | head -n 1)
check changelog_newest_is_release test -n "$newest" -a "$newest" = "$release"

# run.json records the string --version prints (less "clx ").
run_clx "$T/run" run vecsum --quick --set variant=naive --build '' --local 64 --size 1000
check run_ok test "$rc" -eq 0 -a -f "$rundir/run.json"
recorded=$(sed -n 's/^[[:space:]]*"clx_version":[[:space:]]*"\(.*\)",*$/\1/p' "$rundir/run.json")
check run_json_version test "clx $recorded" = "$v"
finish
