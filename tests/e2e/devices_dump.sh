# devices_dump.sh — clx devices (the new rows, the extension list, --json, usage errors) and clx dump
# (the variant list, --ir/--asm, never raw bytes on a terminal, --build's last set, a folder per
# binary, a name that is no parameter, a name per value of a parameter the id leaves out, a
# combination a restriction leaves out) on the first device.
. tests/e2e/lib.sh
T=$TMP/devices_dump
rm -rf "$T"; mkdir -p "$T"

# ---- clx devices ----
$CLX devices > "$T/dev.out" 2> "$T/dev.err"; rc=$?
check devices_exit test $rc -eq 0
for row in 'local memory type' 'global cache type' 'cache line' 'max work-item sizes' 'preferred work-group multiple' \
           'max sub-groups per work-group' 'sub-group sizes' 'fp64 config' 'fp16' 'profiling timer resolution'; do
    check "devices_row_$(echo "$row" | tr ' -' '__')" grep -qE "^ *$row( |\$)" "$T/dev.out"
done
check devices_wg_multiple_number grep -qE '^preferred work-group multiple +[0-9]+' "$T/dev.out"
check devices_work_item_sizes grep -qE '^max work-item sizes +[0-9]+, [0-9]+, [0-9]+' "$T/dev.out"
# The extension list: below the table, sorted, one device's names folded over lines of at most 100 columns.
awk '/^extensions \(sorted\)/ { on = 1; next } on && /^0:0  / { sub(/^0:0  /, ""); print; next }
     on && /^     / { print; next } on { exit }' "$T/dev.out" | tr ' ' '\n' | grep . > "$T/ext.list"
check devices_extensions_listed test -s "$T/ext.list"
check devices_extensions_sorted sh -c "LC_ALL=C sort -c '$T/ext.list'"
check devices_extensions_folded test "$(awk '/^extensions \(sorted\)/ { on = 1 } on && length > 100' "$T/dev.out" | wc -l)" -eq 0
if grep -q '^platform  *Portable Computing Language' "$T/dev.out"; then
    pocl=1
    # PoCL's __local is ordinary memory, and it lists double precision.
    check devices_pocl_local_global grep -qE '^local memory type +global' "$T/dev.out"
    check devices_pocl_fp64_listed grep -qx cl_khr_fp64 "$T/ext.list"
    # NVIDIA's own rows are left out where no device of the table has them (they read as values missing),
    # and a CPU's lanes are a core's: its compute units are logical CPUs.
    check devices_pocl_no_nvidia_rows test -z "$(grep -e '^warp size (NVIDIA)' -e '^NVIDIA compute capability' "$T/dev.out")"
    check devices_pocl_lanes_per_core grep -qE '^FP32 lanes per compute unit +[0-9]+ per core$' "$T/dev.out"
else
    pocl=0
    check devices_local_type_named grep -qE '^local memory type +(local|global|none)' "$T/dev.out"
fi
# The driver's compiler variables (src/device/drvenv.c): "none set" where none is, not a blank that
# reads as unknown; --json keeps "" for none (docs/results.md, device.driver_env).
unset_vars="-u POCL_WORK_GROUP_METHOD -u POCL_EXTRA_BUILD_FLAGS -u CL_CONFIG_USE_VECTORIZER -u CL_CONFIG_CPU_VECTORIZER_MODE -u CL_CONFIG_USE_FAST_RELAXED_MATH"
env $unset_vars $CLX devices > "$T/novars.out" 2>&1
check devices_compiler_vars_none grep -qE "^driver's variables +none set( |\$)" "$T/novars.out"
env $unset_vars $CLX devices --json > "$T/novars.json" 2>&1
check devices_compiler_vars_json_empty grep -qE '"driver_env":[[:space:]]*"",' "$T/novars.json"
if [ "$pocl" = 1 ]; then
    env $unset_vars POCL_WORK_GROUP_METHOD=loops $CLX devices > "$T/vars.out" 2>&1
    check devices_compiler_vars_set grep -qE "^driver's variables +POCL_WORK_GROUP_METHOD=loops( |\$)" "$T/vars.out"
fi

# --json: the same device, numbers as numbers, lists as arrays.
$CLX devices --json > "$T/dev.json" 2> "$T/json.err"; rc=$?
check devices_json_exit test $rc -eq 0
check devices_json_keys grep -qE '"(local_mem_type|max_work_item_sizes|preferred_wg_multiple|cache_line_bytes|fp64_config|devices)":' "$T/dev.json"
check devices_json_extensions_array grep -qE '"extensions":[[:space:]]*\["cl_' "$T/dev.json"
check devices_json_compute_units_number grep -qE '"compute_units":[[:space:]]*[0-9]+,' "$T/dev.json"
if command -v python3 > /dev/null 2>&1; then
    check devices_json_parses python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))
d = p[0]["devices"][0]
assert d["device"] == "0:0" and isinstance(d["compute_units"], int)
# One key, one kind of value: the platform index is platform_index, its name platform (in both).
assert p[0]["platform_index"] == 0 and "platform" not in p[0]
assert isinstance(d["platform"], str) and d["platform"] == p[0]["name"]
assert isinstance(d["extensions"], list) and d["extensions"] == sorted(d["extensions"])
assert isinstance(d["max_work_item_sizes"], list) and len(d["max_work_item_sizes"]) >= 1
assert d["local_mem_type"] in ("local", "global", "none")
assert sys.argv[2] == "0" or (d["local_mem_type"] == "global" and "cl_khr_fp64" in d["extensions"])
' "$T/dev.json" "$pocl"
else
    pass "devices_json_parses (python3 not installed: the key checks above stand)"
fi
# Every value whole, never cut with "...": one device's in its column; beside a second device the
# values too long for a column (PoCL's FP16 derivation at least) are numbered notes under the table.
check devices_nothing_cut test -z "$(grep -F '...' "$T/dev.out")"
POCL_DEVICES="pthread basic" $CLX devices > "$T/two.out" 2>&1; rc=$?
check devices_two_notes sh -c "test $rc -eq 0 && ! grep -qF '...' '$T/two.out' && grep -qx notes '$T/two.out' &&
    grep -qE '^ +1  ' '$T/two.out' && grep -q 'see note 1' '$T/two.out'"
# A CPU peak's clock holds still: a maximum sysfs states (a fake tree, CLX_SYSFS) is the clock, named,
# and no core is timed; without one, a core is timed and the fastest kept in the cache folder, which
# the next run takes (raised there by hand to a clock no core reaches, to see it taken).
if grep -q 'from this host: ' "$T/dev.json"; then
    mkdir -p "$T/sys/devices/system/cpu/cpu0/cpufreq" "$T/nosys/devices/system/cpu/cpu0"
    echo 9000000 > "$T/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"
    XDG_CACHE_HOME=$T/cache-stated CLX_SYSFS=$T/sys $CLX devices --json > "$T/stated.json" 2>&1
    check devices_clock_stated sh -c "grep -qF \"x 2 x 9000 MHz. Cores: \" '$T/stated.json' &&
        grep -qF \"Clock: 9000 MHz (cpufreq's cpuinfo_max_freq)\" '$T/stated.json' &&
        test ! -e '$T/cache-stated/clx/hostclock.tsv'"
    # The cores behind the logical CPUs clx may run on (sysfs topology, CLX_SYSFS): in this tree every
    # CPU is a thread of one core, so the peaks count 1 core, the peak of all of them counted as cores
    # (a tree without topology, as above: an upper-bound estimate that says why) over their number.
    ncpu=$(nproc)
    last=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status | tr ',' '\n' | sed 's/.*-//' | sort -n | tail -n 1)
    mkdir -p "$T/smt/devices/system/cpu/cpu0/cpufreq"
    cp "$T/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq" "$T/smt/devices/system/cpu/cpu0/cpufreq/"
    for c in $(seq 0 "$last"); do
        mkdir -p "$T/smt/devices/system/cpu/cpu$c/topology"
        echo "0-$last" > "$T/smt/devices/system/cpu/cpu$c/topology/core_cpus_list"
    done
    XDG_CACHE_HOME=$T/cache-stated CLX_SYSFS=$T/smt $CLX devices --json > "$T/smt.json" 2>&1
    check devices_cpu_cores_said grep -qF "from this host: 1 core x " "$T/smt.json"
    check devices_cpu_cores_why grep -qF "Cores: $ncpu logical CPU" "$T/smt.json"
    check devices_cpu_cores_json sh -c "grep -q '\"cpu_cores\":[[:space:]]*1,' '$T/smt.json' &&
        grep -q '\"cpu_logical_cpus\":[[:space:]]*$ncpu,' '$T/smt.json'"
    check devices_cpu_cores_unread sh -c "grep -qF 'logical CPUs this process may run on, each counted as a core; the cores behind them unread: cpu' '$T/stated.json' ||
        grep -qF 'logical CPU this process may run on, each counted as a core; the cores behind them unread: cpu' '$T/stated.json'"
    peak_of() { grep -o '"fp32_peak_gflops":[[:space:]]*[0-9.e+]*' "$1" | head -n 1 | sed 's/.*[[:space:]]//'; }
    check devices_cpu_cores_peak awk -v a="$(peak_of "$T/stated.json")" -v b="$(peak_of "$T/smt.json")" -v n="$ncpu" \
        'BEGIN { exit !(a > 0 && b > 0 && (a / n - b) ^ 2 < 1e-6 * a * a) }'
    case $(uname -m) in
    x86_64|aarch64)
        XDG_CACHE_HOME=$T/cache-timed CLX_SYSFS=$T/nosys $CLX devices --json > /dev/null 2>&1
        kept=$T/cache-timed/clx/hostclock.tsv
        check devices_clock_kept grep -qE '	[0-9]+00$' "$kept"
        sed 's/	[0-9]*$/	9900/' "$kept" > "$kept.new" && mv "$kept.new" "$kept"
        XDG_CACHE_HOME=$T/cache-timed CLX_SYSFS=$T/nosys $CLX devices --json > "$T/timed.json" 2>&1
        check devices_clock_kept_taken sh -c "grep -qF 'x 2 x 9900 MHz. Cores: ' '$T/timed.json' &&
            grep -qF 'Clock: 9900 MHz as timed on a core, the fastest kept for this host' '$T/timed.json'" ;;
    *) pass "devices_clock_kept (no core is timed on $(uname -m))"
       pass "devices_clock_kept_taken (no core is timed on $(uname -m))" ;;
    esac
else
    for c in devices_clock_stated devices_cpu_cores_said devices_cpu_cores_json devices_cpu_cores_unread \
             devices_cpu_cores_peak devices_clock_kept devices_clock_kept_taken; do
        pass "$c (the host's CPU is not told: its vector width unknown)"
    done
fi

# No platform: stdout stays JSON (an empty array), the diagnosis goes to stderr, exit 1.
mkdir -p "$T/empty-vendors"
OCL_ICD_VENDORS=$T/empty-vendors $CLX devices --json > "$T/none.json" 2> "$T/none.err"; rc=$?
check devices_json_no_platform test $rc -eq 4 -a "$(tr -d ' \n\t' < "$T/none.json")" = "[]" \
    -a -n "$(grep 'no OpenCL platform' "$T/none.err")"
# A platform without a device: PoCL that cannot make its kernel cache (a file where its folder
# would be) is said as such, with the variable that moves the cache, not as "no platform".
pocl_icd=$(grep -l libpocl "${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}"/*.icd /etc/OpenCL/vendors/*.icd 2>/dev/null | head -n 1)
if [ -n "$pocl_icd" ]; then
    mkdir -p "$T/pocl-vendors" && cp "$pocl_icd" "$T/pocl-vendors/" && : > "$T/not-a-folder"
    OCL_ICD_VENDORS=$T/pocl-vendors POCL_CACHE_DIR=$T/not-a-folder/kcache $CLX devices > "$T/nodev.out" 2>&1; rc=$?
    check devices_pocl_cache_said sh -c "test $rc -eq 4 &&
        grep -qF 'reports no device: PoCL cannot make its kernel cache $T/not-a-folder/kcache ($T/not-a-folder is not a folder it may write in); POCL_CACHE_DIR=FOLDER gives it one.' '$T/nodev.out' &&
        grep -q '^clx: no OpenCL device found: the platform above reports none' '$T/nodev.out' && ! grep -q 'no OpenCL platform found' '$T/nodev.out'"
    # --json gives the same cause as the platform's "no_device_why" (it gave the empty list alone);
    # a platform with devices has null there.
    OCL_ICD_VENDORS=$T/pocl-vendors POCL_CACHE_DIR=$T/not-a-folder/kcache $CLX devices --json > "$T/nodev.json" 2> /dev/null; rc=$?
    tr -d '\t\n' < "$T/nodev.json" > "$T/nodev.flat"
    check devices_json_nodevice_why sh -c "test $rc -eq 4 &&
        grep -qF '\"devices\":[],\"no_device_why\":\"PoCL cannot make its kernel cache $T/not-a-folder/kcache ($T/not-a-folder is not a folder it may write in); POCL_CACHE_DIR=FOLDER gives it one\"' '$T/nodev.flat'"
    check devices_json_nodevice_why_null grep -qE '"no_device_why":[[:space:]]*null' "$T/dev.json"
else
    pass "devices_pocl_cache_said (no PoCL registered here)"
    pass "devices_json_nodevice_why (no PoCL registered here)"
    pass "devices_json_nodevice_why_null (no PoCL registered here)"
fi
# A platform without a device beside one with devices: listed under the devices with why (rusticl
# without RUSTICL_ENABLE was left out of the table, though --json had it), and named where
# --device finds no device (the one meant may be there).
rusticl_icd=$(grep -l libRusticlOpenCL /etc/OpenCL/vendors/*.icd 2>/dev/null | head -n 1)
if [ -n "$pocl_icd" ] && [ -n "$rusticl_icd" ]; then
    mkdir -p "$T/two-vendors" && cp "$pocl_icd" "$rusticl_icd" "$T/two-vendors/"
    env -u RUSTICL_ENABLE OCL_ICD_VENDORS=$T/two-vendors $CLX devices > "$T/rusticl.out" 2>&1; rc=$?
    check devices_nodevice_platform_listed sh -c "test $rc -eq 0 &&
        grep -q '^platform [0-9]* (rusticl) reports no device: RUSTICL_ENABLE is not set' '$T/rusticl.out' &&
        grep -q '^[0-9]*:0  .*(Portable Computing Language)' '$T/rusticl.out'"
    env -u RUSTICL_ENABLE OCL_ICD_VENDORS=$T/two-vendors $CLX devices --json > "$T/rusticl.json" 2>&1; rc=$?
    check devices_json_nodevice_platform_why sh -c "test $rc -eq 0 &&
        grep -q '\"no_device_why\":.\"RUSTICL_ENABLE is not set, and rusticl offers only' '$T/rusticl.json'"
    env -u RUSTICL_ENABLE OCL_ICD_VENDORS=$T/two-vendors $CLX dump vecsum naive --device rusticl --out "$T/r" > /dev/null 2> "$T/rusticl.err"; rc=$?
    check devices_nodevice_platform_in_refusal sh -c "test $rc -eq 4 &&
        grep -q -- '--device rusticl: no such device (there are: .*(Portable Computing Language); platform [0-9]* (rusticl) reports no device: RUSTICL_ENABLE is not set' '$T/rusticl.err'"
    # A --device list says the same cause for the item it finds no device for (it left it out).
    env -u RUSTICL_ENABLE OCL_ICD_VENDORS=$T/two-vendors $CLX run vecsum --quick --device 0:0,rusticl --out "$T/r" > /dev/null 2> "$T/rusticl_list.err"; rc=$?
    check devices_nodevice_platform_in_list_refusal sh -c "test $rc -eq 4 &&
        grep -q -- \"--device 0:0,rusticl: no device matches 'rusticl' (there are: .*(Portable Computing Language); platform [0-9]* (rusticl) reports no device: RUSTICL_ENABLE is not set\" '$T/rusticl_list.err'"
    # With RUSTICL_ENABLE the device exists: run.json records the variable (device.driver_env), and
    # the commands clx suggests carry it (without it they find no device).
    RUSTICL_ENABLE=llvmpipe OCL_ICD_VENDORS=$T/two-vendors CLX_STOP_AFTER_ROUNDS=1 $CLX run vecsum --quick --set variant=naive \
        --build '' --device rusticl --out "$T/rl" > "$T/rl.out" 2>&1
    rl=$(ls -d "$T"/rl/vecsum-* 2>/dev/null | head -n 1)
    check run_rusticl_env_recorded grep -qE '"driver_env":[[:space:]]*"RUSTICL_ENABLE=llvmpipe"' "$rl/run.json"
    check run_rusticl_env_in_suggested grep -q 'to continue: RUSTICL_ENABLE=llvmpipe [^ ]*clx\(-asan\)\? run --resume' "$T/rl.out"
else
    pass "devices_nodevice_platform_listed (PoCL or rusticl not registered here)"
    pass "devices_json_nodevice_platform_why (PoCL or rusticl not registered here)"
    pass "devices_nodevice_platform_in_refusal (PoCL or rusticl not registered here)"
    pass "devices_nodevice_platform_in_list_refusal (PoCL or rusticl not registered here)"
    pass "run_rusticl_env_recorded (PoCL or rusticl not registered here)"
    pass "run_rusticl_env_in_suggested (PoCL or rusticl not registered here)"
fi

# Usage: -h on stdout with exit 0; an unknown option or a stray argument is one line and exit 2.
$CLX devices -h > "$T/h.out" 2>&1; rc=$?
check devices_help test $rc -eq 0 -a -n "$(grep '^usage: clx devices' "$T/h.out")"
for bad in --bogus -x stray; do
    $CLX devices $bad > "$T/bad.out" 2> "$T/bad.err"; rc=$?
    check "devices_usage_error_$bad" test $rc -eq 2 -a ! -s "$T/bad.out" -a "$(wc -l < "$T/bad.err")" -eq 1
done

# ---- clx dump: which variant ----
$CLX dump vecsum > "$T/pick.out" 2> "$T/pick.err"; rc=$?
check dump_several_exit_2 test $rc -eq 2 -a ! -s "$T/pick.out"
check dump_lists_named grep -qE '^  naive +STRIDE=0 VEC=1 ILP=1$' "$T/pick.err"
check dump_lists_all test "$(grep -c '^  ' "$T/pick.err")" -eq 6
$CLX dump volkov_fma > /dev/null 2> "$T/pick2.err"; rc=$?
check dump_lists_pairs test $rc -eq 2 -a "$(grep -cE '^  ILP=[0-9]+$' "$T/pick2.err")" -eq 6
$CLX dump vecsum VEC=4 > /dev/null 2> "$T/pick3.err"; rc=$?
check dump_lists_matching test $rc -eq 2 -a "$(grep -c '^  ' "$T/pick3.err")" -eq 4
# A spec given as a path: the example names the path, which works (its name alone is another
# experiment's, or none).
mkdir -p "$T/own" && cp templates/vecsum.spec "$T/own/mine.spec" && cp templates/vecsum.cl.m4 "$T/own/"
$CLX dump "$T/own/mine.spec" > /dev/null 2> "$T/pick4.err"; rc=$?
check dump_example_names_path test $rc -eq 2 -a "$(tail -n 1 "$T/pick4.err")" = "e.g. $CLX dump $T/own/mine.spec naive"
$CLX dump "$T/own/mine.spec" naive --out "$T/d" > "$T/own.bin" 2> /dev/null; rc=$?
check dump_example_works test $rc -eq 0 -a -s "$T/own.bin"
# One variant (the spec has one, or --set leaves one): it dumps.
$CLX dump vecsum --set variant=naive --out "$T/d" > "$T/one.bin" 2> "$T/one.err"; rc=$?
check dump_one_variant test $rc -eq 0 -a -s "$T/one.bin"
format=$(sed -n 's/.* on .*: \(.*\), [0-9]* bytes, saved to .*/\1/p' "$T/one.err")
# A parameter of one value is left out of the variant's id (volkov_fma at --set ILP=3 and at --set
# ILP=6 are both 'volkov_fma'): the dump's name carries its value, so the second dump does not
# replace the first (both were volkov_fma-volkov_fma-default-...); at the spec's own values a
# variant keeps its plain name.
saved() { find "$T/p/dumps" -maxdepth 1 -type f -name "$1-default-*"; }
$CLX dump volkov_fma --set ILP=3 --out "$T/p" > "$T/p3.bin" 2> "$T/p3.err"; rc3=$?
$CLX dump volkov_fma --set ILP=6 --out "$T/p" > "$T/p6.bin" 2> "$T/p6.err"; rc6=$?
check dump_left_out_value_named test $rc3 -eq 0 -a $rc6 -eq 0 -a "$(saved volkov_fma-ILP_3 | wc -l)" -eq 1 \
    -a "$(saved volkov_fma-ILP_6 | wc -l)" -eq 1
check dump_left_out_value_kept cmp -s "$T/p3.bin" "$(saved volkov_fma-ILP_3 | head -n 1)"
check dump_left_out_value_said grep -q '^clx: volkov_fma variant ILP=3, build ' "$T/p3.err"
$CLX dump volkov_fma ILP=4 --out "$T/p" > /dev/null 2>&1
$CLX dump volkov_fma ILP=4 --set UNROLL=64 --out "$T/p" > /dev/null 2>&1
check dump_spec_values_plain_name test "$(saved volkov_fma-ILP_4 | wc -l)" -eq 1 -a "$(saved volkov_fma-ILP_4_UNROLL_64 | wc -l)" -eq 1

# ---- clx dump: readable forms ----
# The LLVM PoCL was built with, from its platform version (JSON: not wrapped over lines).
llvm=$(sed -n 's/.*"platform_version".*LLVM \([0-9][0-9]*\).*/\1/p' "$T/dev.json" | head -n 1)
$CLX dump vecsum naive --ir --out "$T/d" > "$T/ir.out" 2> "$T/ir.err"; rc=$?
$CLX dump vecsum naive --asm --out "$T/d" > "$T/asm.out" 2> "$T/asm.err"; rca=$?
if [ "$format" = "PoCL binary" ]; then
    check dump_pocl_files_saved test -s "$(ls -d "$T"/d/dumps/vecsum-naive-default-*/ | head -n 1)program.bc"
    if command -v "llvm-dis-$llvm" > /dev/null 2>&1 || command -v "clang-$llvm" > /dev/null 2>&1; then
        check dump_ir_text test $rc -eq 0 -a -n "$(grep '^define .*@vecsum(' "$T/ir.out")"
        # The maths library's global tables, which vecsum does not use, stay out of the screen and
        # in the whole module saved beside the binary.
        check dump_ir_no_library_tables test -z "$(grep '^@[A-Z_]*TBL = ' "$T/ir.out")"
        check dump_ir_whole_module_saved grep -q '^@[A-Z_]*TBL = ' "$(ls -d "$T"/d/dumps/vecsum-naive-default-*/ | head -n 1)program.bc.ll"
        check dump_ir_says_left_out grep -q 'global tables no function uses left out' "$T/ir.err"
    else
        check dump_ir_names_package test $rc -eq 1 -a -n "$(grep "apt-get install llvm-$llvm" "$T/ir.err")"
    fi
    if command -v objdump > /dev/null 2>&1; then
        check dump_asm_text test $rca -eq 0 -a -n "$(grep 'file format elf' "$T/asm.out")" -a -n "$(grep '<.*vecsum.*>:' "$T/asm.out")"
    fi
    # No reader on PATH (m4 only, which the expansion needs): the package to install, exit 1.
    mkdir -p "$T/bin"; ln -sf "$(command -v m4)" "$T/bin/m4"
    PATH=$T/bin $CLX dump vecsum naive --ir --out "$T/d" > "$T/noir.out" 2> "$T/noir.err"; rc=$?
    check dump_ir_missing_tool test $rc -eq 1 -a ! -s "$T/noir.out" -a -n "$(grep "none is installed.*apt-get install llvm-$llvm" "$T/noir.err")"
elif [ "$format" = "PTX" ]; then
    check dump_ptx_ir_unavailable test $rc -eq 1 -a -n "$(grep 'PTX only' "$T/ir.err")"
    check dump_ptx_asm test $rca -eq 0 -a -n "$(grep '^\.entry\|\.entry vecsum' "$T/asm.out")"
fi

# On a terminal: never the raw bytes of a binary format (script(1) gives clx a pseudo-terminal).
if command -v script > /dev/null 2>&1; then
    script -qc "$CLX dump vecsum naive --out $T/d" /dev/null > "$T/tty.out" 2>&1 < /dev/null
    check dump_tty_says_saved grep -q 'saved to' "$T/tty.out"
    check dump_tty_no_nul test "$(tr -d '\000' < "$T/tty.out" | wc -c)" -eq "$(wc -c < "$T/tty.out")"
    if [ "$format" = "PoCL binary" ]; then
        check dump_tty_describes test -n "$(grep 'not printed on a terminal' "$T/tty.out")" -a -z "$(grep -a poclbin "$T/tty.out")"
    fi
else
    pass "dump_tty_no_raw_bytes (script not installed: test_dump checks the choice)"
fi

# --build: dump builds the last set of the last --build, a list as run takes included (the help's own
# ',-cl-opt-disable' went to the driver whole: CL_INVALID_BUILD_OPTIONS, exit 4); an empty last set
# is the default build; every set of the list is checked (exit 2 for one the driver would refuse).
$CLX dump vecsum naive --build ',-cl-opt-disable' --out "$T/b" > /dev/null 2> "$T/b1.err"; rc=$?
check dump_build_list_last test $rc -eq 0 -a -n "$(grep '^clx: vecsum variant naive, build "-cl-opt-disable" on ' "$T/b1.err")" \
    -a -n "$(ls "$T"/b/dumps/vecsum-naive-cl-opt-disable-*.* 2>/dev/null)"
$CLX dump vecsum naive --build '-cl-opt-disable, ' --out "$T/b" > /dev/null 2> "$T/b2.err"; rc=$?
check dump_build_list_empty_last test $rc -eq 0 -a -n "$(grep '^clx: vecsum variant naive, build "" on ' "$T/b2.err")"
$CLX dump vecsum naive --build -cl-opt-disable --build -cl-fast-relaxed-math --out "$T/b" > /dev/null 2> "$T/b3.err"; rc=$?
check dump_build_last_given test $rc -eq 0 -a -n "$(grep 'build "-cl-fast-relaxed-math" on ' "$T/b3.err")"
$CLX dump vecsum naive --build '-cl-nosuch,-cl-opt-disable' --out "$T/b" > /dev/null 2> "$T/b4.err"; rc=$?
check dump_build_list_checked test $rc -eq 2 -a -n "$(grep -- '--build -cl-nosuch,-cl-opt-disable: build option -cl-nosuch is not an OpenCL C build option' "$T/b4.err")"

# A dump folder holds one binary's files only. A build's, named like its binary, is emptied before
# the binary's files are written where its stamp (.clx-binary) names another binary (an earlier one
# of that name: another driver's, or PoCL's with fewer kernel objects) and kept where it names this
# one (--ir's .ll stays: dump_ir_whole_module_saved below); --binary's is named by the file and a
# hash of its bytes: two binaries of one name (every run's bin/ has a base__default.bin) get two
# folders, the same one read again its own (the second overwrote the first's program.bc and left
# its kernel objects beside).
bdir=$(ls -d "$T"/b/dumps/vecsum-naive-cl-fast-relaxed-math-*/ 2>/dev/null | head -n 1)
if [ -n "$bdir" ]; then
    : > "$bdir/left-by-this-binary"
    $CLX dump vecsum naive --build -cl-fast-relaxed-math --out "$T/b" > /dev/null 2>&1
    check dump_folder_kept_same_binary test -e "$bdir/left-by-this-binary"
    echo "fnv1a 0123456789abcdef, 1 bytes" > "$bdir/.clx-binary"
    : > "$bdir/left-by-an-earlier-binary"
    $CLX dump vecsum naive --build -cl-fast-relaxed-math --out "$T/b" > /dev/null 2>&1
    check dump_folder_emptied test ! -e "$bdir/left-by-an-earlier-binary" -a ! -e "$bdir/left-by-this-binary" -a -n "$(ls "$bdir")"
    mkdir -p "$T/run1/bin" "$T/run2/bin"
    cp "$(ls "$T"/b/dumps/vecsum-naive-cl-opt-disable-*.bin | head -n 1)" "$T/run1/bin/base__default.bin"
    cp "$(ls "$T"/b/dumps/vecsum-naive-cl-fast-relaxed-math-*.bin | head -n 1)" "$T/run2/bin/base__default.bin"
    $CLX dump --binary "$T/run1/bin/base__default.bin" --out "$T/bb" > /dev/null 2> "$T/bb1.err"; r1=$?
    $CLX dump --binary "$T/run2/bin/base__default.bin" --out "$T/bb" > /dev/null 2> "$T/bb2.err"; r2=$?
    f1=$(sed -n 's/^clx: the [0-9]* files inside it saved in \(.*\)\/ (.*/\1/p' "$T/bb1.err")
    f2=$(sed -n 's/^clx: the [0-9]* files inside it saved in \(.*\)\/ (.*/\1/p' "$T/bb2.err")
    n1=$(sed -n 's/^clx: the \([0-9]*\) files inside it saved in .*/\1/p' "$T/bb1.err")
    n2=$(sed -n 's/^clx: the \([0-9]*\) files inside it saved in .*/\1/p' "$T/bb2.err")
    check dump_binary_two_folders sh -c "test $r1 -eq 0 -a $r2 -eq 0 -a -n '$f1' -a -n '$f2' -a '$f1' != '$f2' &&
        test \"\$(ls -d '$T'/bb/dumps/base__default-*/ | wc -l)\" -eq 2"
    check dump_binary_own_files_only sh -c "test \"\$(find '$f1' -type f ! -name .clx-binary | wc -l)\" -eq '$n1' -a \"\$(find '$f2' -type f ! -name .clx-binary | wc -l)\" -eq '$n2'"
    $CLX dump --binary "$T/run1/bin/base__default.bin" --out "$T/bb" > /dev/null 2> "$T/bb3.err"
    check dump_binary_same_folder_again grep -qF "saved in $f1/ (" "$T/bb3.err"
else
    for n in dump_folder_kept_same_binary dump_folder_emptied dump_binary_two_folders dump_binary_own_files_only dump_binary_same_folder_again; do
        pass "$n (the device's binary has no files inside it: $format)"
    done
fi

# A PARAM=VALUE whose name is no template parameter is said to be one, with the names that are (as
# --set variant= says it); it said only "no variant matches 'FOO=3'".
$CLX dump vecsum FOO=3 > /dev/null 2> "$T/foo.err"; rc=$?
check dump_not_a_param test $rc -eq 2 -a -n "$(grep "^clx dump: 'FOO' in variant 'FOO=3' is not a template parameter of vecsum (its template parameters: STRIDE VEC ILP)\$" "$T/foo.err")"
$CLX dump vecsum IPL=2 > /dev/null 2> "$T/ipl.err"; rc=$?
check dump_not_a_param_nearest test $rc -eq 2 -a -n "$(grep "^clx dump: 'IPL' in variant 'IPL=2' is not a template parameter of vecsum: did you mean ILP?" "$T/ipl.err")"
$CLX dump vecsum N=1M > /dev/null 2> "$T/n.err"; rc=$?
check dump_launch_axis_not_a_param test $rc -eq 2 -a -n "$(grep "^clx dump: 'N' in variant 'N=1M' is not a template parameter of vecsum but a launch axis" "$T/n.err")"
# A combination the spec's restrictions leave out names the restriction (it said only "no variant
# matches 'TILE=4 K=1'", the reader left to recall why); a value no variant has is said as before.
spec=tests/e2e/fixtures/dump_restricted.spec
line=$(grep -n '^restrictions' "$spec" | cut -d: -f1)
$CLX dump "$spec" TILE=4 K=1 > /dev/null 2> "$T/restricted.err"; rc=$?
check dump_restricted_said test $rc -eq 2 -a -n "$(grep -F "clx dump: no variant matches 'TILE=4 K=1' in $spec: that combination is left out by the spec's restrictions[1] 'TILE > 4 || K == 0' (line $line); pick one of:" "$T/restricted.err")"
$CLX dump "$spec" TILE=2 K=1 > /dev/null 2> "$T/restricted2.err"; rc=$?
check dump_restricted_other_value test $rc -eq 2 -a -n "$(grep -F "clx dump: no variant matches 'TILE=2 K=1' in $spec: pick one of:" "$T/restricted2.err")"
# Two variants named, or a parameter given twice, said as such: dump shows one variant ("no variant
# matches 'naive float4'" read as if neither existed).
$CLX dump vecsum naive float4 > /dev/null 2> "$T/two.err"; rc=$?
check dump_two_variants_said test $rc -eq 2 -a -n "$(grep -xF "clx dump: 'naive float4' names two variants (naive and float4), and dump shows one at a time: pick one of:" "$T/two.err")"
$CLX dump vecsum ILP=2 ILP=4 > /dev/null 2> "$T/two_ilp.err"; rc=$?
check dump_param_twice_said test $rc -eq 2 -a -n "$(grep -xF "clx dump: 'ILP=2 ILP=4' gives ILP two values (2 and 4), and dump shows one variant at a time: pick one of:" "$T/two_ilp.err")"

$CLX dump -h > "$T/dh.out" 2>&1; rc=$?
check dump_help test $rc -eq 0 -a -n "$(grep '^usage: clx dump' "$T/dh.out")"
$CLX dump vecsum naive --ir --asm > /dev/null 2> "$T/both.err"; rc=$?
check dump_ir_and_asm_refused test $rc -eq 2
# One variant dumped on two devices (PoCL's basic and pthread devices): two binaries and two
# folders, each named by its device, each holding only its own device's files (issue 45: one folder
# once held Intel's sections beside PoCL's kernel objects).
rm -rf "$T/two"
POCL_DEVICES="pthread basic" $CLX dump vecsum naive --device 0:0 --out "$T/two" > /dev/null 2>&1; r0=$?
POCL_DEVICES="pthread basic" $CLX dump vecsum naive --device 0:1 --out "$T/two" > /dev/null 2>&1; r1=$?
check dump_two_devices_exit test "$r0" -eq 0 -a "$r1" -eq 0
check dump_two_devices_two_binaries test "$(ls -p "$T"/two/dumps/ | grep -c '^vecsum-naive-default-.*\.bin$')" -eq 2
# Named by the devices as `clx devices` lists them (PoCL 3 calls them basic-... and pthread-...,
# PoCL 5 cpu-minimal-... and cpu-...), their first word enough to tell them apart.
named=0
for d in 0 1; do
    w=$(POCL_DEVICES="pthread basic" $CLX devices 2>/dev/null | sed -n "s/^0:$d  \([^ (]*\).*/\1/p" | head -n 1 | tr -c 'A-Za-z0-9.\n-' _)
    [ -n "$w" ] && [ -d "$(ls -d "$T"/two/dumps/*-"$w"* 2>/dev/null | grep -v '\.bin$' | head -n 1)" ] && named=$((named + 1))
done
check dump_two_devices_named test "$named" -eq 2
finish
