# device_select.sh — how a run's device is chosen: by a part of its platform's name (--device
# "Portable Computing"), and by CLX_DEVICE when --device is not given, whose mistakes name it.
. tests/e2e/lib.sh
T=$TMP/device_select
run_clx "$T/platform" run vecsum --quick --set variant=naive --build '' --device "Portable Computing"
check select_platform_name_runs test "$rc" -eq 0
check select_platform_name_said grep -q '"platform":[[:space:]]*"Portable Computing Language"' "$rundir/run.json"
CLX_DEVICE=no-such-device "$CLX" run vecsum --quick --out "$T/env" > "$T/env.log" 2>&1
check select_env_bad_exit test $? -eq 4   # a device that is not here: could not run, not a usage error
check select_env_bad_named grep -q "CLX_DEVICE=no-such-device: no such device (there are: " "$T/env.log"
CLX_DEVICE=no-such-device run_clx "$T/flag" run vecsum --quick --set variant=naive --build '' --device 0:0
check select_flag_beats_env test "$rc" -eq 0
finish
