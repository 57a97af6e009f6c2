# env_path.sh — clx run with PATH unset or empty (a script under `env -i`) on a CPU device: the first
# line says so (PoCL's compiler runs the linker it finds through PATH; without it every build
# crashed the worker, rows 'crashed', with nothing said of why), whatever the builds then do. With
# PATH set, no such line. Only what clx says is checked: whether PoCL's builds then crash depends on
# its kernel cache.
. tests/e2e/lib.sh
T=$TMP/env_path
rm -rf "$T"; mkdir -p "$T"
if ! "$CLX" devices 2>/dev/null | grep -q '^[0-9]*:[0-9]*  .*(Portable Computing Language)$'; then
    skip path_unset_said "no PoCL device: the warning is a CPU device's"
    finish
fi
env -u PATH "$CLX" run vecsum --quick --set variant=naive --out "$T/unset" --quiet > "$T/unset.log" 2>&1
check path_unset_said_first test "$(head -n 1 "$T/unset.log")" = "clx: PATH is unset: the OpenCL compiler of a CPU implementation such as PoCL runs the linker (ld) it finds through PATH, so its builds may fail or crash the worker; set PATH (PATH=/usr/bin:/bin)"
check path_unset_said_once test "$(grep -c 'PATH is unset' "$T/unset.log")" -eq 1
PATH= "$CLX" run vecsum --quick --set variant=naive --out "$T/empty" --quiet > "$T/empty.log" 2>&1
check path_empty_said grep -q '^clx: PATH is empty: the OpenCL compiler of a CPU implementation' "$T/empty.log"
run_clx "$T/set" run vecsum --quick --set variant=naive
check path_set_not_said test -z "$(grep 'PATH is' "$T/set.log")"
finish
