# device_select.sh — how a run's device is chosen: by a part of its platform's name (--device
# "Portable Computing"), by a type word (cpu: the first CPU device), and by CLX_DEVICE when --device
# is not given, whose mistakes name it and which blank is not given.
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
# A blank CLX_DEVICE is none, as an empty one: the default device (it was a name no device has, exit 4).
CLX_DEVICE="  " run_clx "$T/blank" run vecsum --quick --set variant=naive --build ''
check select_env_blank_default test "$rc" -eq 0
check select_env_blank_recorded grep -q '"device_selector":[[:space:]]*"(default' "$rundir/run.json"
# A type word, what a newcomer tries: the first device of that CL_DEVICE_TYPE (PoCL's CPU here, the
# suite's only device); a type no device has could not run here (exit 4), said with the type.
run_clx "$T/cpu" run vecsum --quick --set variant=naive --build '' --device CPU
check select_type_word_runs test "$rc" -eq 0
check select_type_word_device grep -q '"platform":[[:space:]]*"Portable Computing Language"' "$rundir/run.json"
"$CLX" run vecsum --quick --device accelerator --out "$T/acc" > "$T/acc.log" 2>&1
check select_type_absent_exit test $? -eq 4
check select_type_absent_said grep -q -- "--device accelerator: no accelerator device (there are: 0:0 " "$T/acc.log"
finish
