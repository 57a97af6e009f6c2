# suggest_driver_env.sh — the commands clx compare and clx history suggest for a run carry the
# variable its device needs to exist (run.json device.driver_env: RUSTICL_ENABLE), each side its own,
# as clx run's and clx report's do; read from run.json, not from the environment compare runs in.
. tests/e2e/lib.sh
T=$TMP/suggest_driver_env
rm -rf "$T"; mkdir -p "$T"
pocl_icd=$(grep -l libpocl "${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}"/*.icd /etc/OpenCL/vendors/*.icd 2>/dev/null | head -n 1)
rusticl_icd=$(grep -l libRusticlOpenCL /etc/OpenCL/vendors/*.icd 2>/dev/null | head -n 1)
names="compare_resume_rusticl compare_resume_pocl_bare compare_md_command history_resume_rusticl history_md_command"
if [ -z "$pocl_icd" ] || [ -z "$rusticl_icd" ]; then
    for n in $names; do pass "$n (PoCL or rusticl not registered here)"; done
    finish
fi
mkdir -p "$T/two-vendors" && cp "$pocl_icd" "$rusticl_icd" "$T/two-vendors/"
# Runs stopped after their first round: compare and history suggest each one's resume.
# mkrun NAME DEVICE: a stopped run of vecsum's naive variant on DEVICE into $T/NAME; its folder.
mkrun() {
    RUSTICL_ENABLE=llvmpipe OCL_ICD_VENDORS=$T/two-vendors CLX_STOP_AFTER_ROUNDS=1 $CLX run vecsum --quick \
        --set variant=naive --build '' --device "$2" --out "$T/$1" > "$T/$1.out" 2>&1
    ls -d "$T/$1"/vecsum-* 2>/dev/null | head -n 1
}
r1=$(mkrun r1 rusticl); r2=$(mkrun r2 rusticl); p=$(mkrun p pocl)
# Without RUSTICL_ENABLE here: the words come from each run's run.json.
env -u RUSTICL_ENABLE $CLX compare "$r1" "$p" --out "$T/cmp" > "$T/cmp.out" 2>&1
check compare_resume_rusticl grep -q "^clx: compare: A (.*): RUSTICL_ENABLE=llvmpipe [^ ]*clx\(-asan\)\? run --resume $r1 " "$T/cmp.out"
# The PoCL side needs no variable: its resume has none (not A's).
check compare_resume_pocl_bare grep -q "^clx: compare: B (.*): [^ ]*clx\(-asan\)\? run --resume $p " "$T/cmp.out"
check compare_md_command grep -q '| `RUSTICL_ENABLE=llvmpipe clx run vecsum --quick ' "$T/cmp/compare.md"
env -u RUSTICL_ENABLE $CLX history "$r1" "$r2" --out "$T/hist" > "$T/hist.out" 2>&1
check history_resume_rusticl grep -q "^clx: history: run 2 (.*): RUSTICL_ENABLE=llvmpipe [^ ]*clx\(-asan\)\? run --resume $r2 " "$T/hist.out"
check history_md_command grep -q '| `RUSTICL_ENABLE=llvmpipe clx run vecsum --quick ' "$T/hist/history.md"
finish
