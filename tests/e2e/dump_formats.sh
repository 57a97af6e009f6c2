# dump_formats.sh — clx dump --binary on binaries of other vendors' kinds, made here at test time:
# an AMD GPU code object (clang's amdgcn target; disassembled by llvm-objdump for the GPU in its
# header), an Intel-CPU-runtime-like ELF container (objcopy: its .ocl.obj disassembled, its .ocl.ir
# read), an unknown file (said, with its first bytes); and kernels.tsv's isa columns on PoCL.
. tests/e2e/lib.sh
T=$TMP/dump_formats
rm -rf "$T"; mkdir -p "$T"
O=$T/out

# on_tty CMD...: CMD's output as a terminal shows it (script(1) gives clx a pseudo-terminal).
have_script() { command -v script > /dev/null 2>&1; }
on_tty() { script -qc "$*" /dev/null < /dev/null; }

# ---- an AMD GPU code object ----
cat > "$T/amd.cl" <<'EOF'
__kernel void vecsum(__global const float *a, __global const float *b, __global float *c)
{
    uint i = __builtin_amdgcn_workitem_id_x();
    c[i] = a[i] + b[i];
}
__kernel void other(__global float *c) { c[0] = 1.0f; }
EOF
amd_clang=""
for c in clang-15 clang; do
    command -v "$c" > /dev/null 2>&1 || continue
    # -nogpulib: no ROCm device library is needed for a kernel that calls none.
    "$c" -target amdgcn-amd-amdhsa -mcpu=gfx90a -nogpulib -cl-std=CL1.2 -x cl -c "$T/amd.cl" -o "$T/amd.o" \
        > "$T/clang.log" 2>&1 && { amd_clang=$c; break; }
done
if [ -z "$amd_clang" ]; then
    why="no clang-15 or clang with the amdgcn target"
    for n in amd_described amd_raw_to_a_pipe amd_counted_without_padding amd_asm amd_asm_instructions amd_asm_names_gpu \
             amd_ir_none amd_unknown_gpu_said; do skip "$n" "$why"; done
else
    # Drivers hand out linked code objects (a shared object); ld.lld makes one, else the object file.
    amd=$T/amd.hsaco
    command -v ld.lld > /dev/null 2>&1 && ld.lld -shared "$T/amd.o" -o "$amd" 2> /dev/null || cp "$T/amd.o" "$amd"
    $CLX dump --binary "$amd" --out "$O" > "$T/amd.raw" 2> "$T/amd.err"; rc=$?
    check amd_described test $rc -eq 0 -a -n "$(grep 'ELF (AMD GPU code object, gfx90a)' "$T/amd.err")"
    check amd_raw_to_a_pipe cmp -s "$amd" "$T/amd.raw"
    $CLX dump --binary "$amd" --asm --out "$O" > "$T/amd.asm" 2> "$T/amd.asm.err"; rc=$?
    if command -v llvm-objdump > /dev/null 2>&1 || ls /usr/bin/llvm-objdump-* > /dev/null 2>&1; then
        # Each kernel's own instructions: the s_nop padding up to the next kernel's 256-byte
        # alignment (about 50 of them after vecsum) is not counted.
        n=$(sed -n 's/^clx: \([0-9]*\) gfx90a instructions in vecsum$/\1/p' "$T/amd.asm.err")
        check amd_counted_without_padding test -n "$n" -a "${n:-0}" -gt 3 -a "${n:-99}" -lt 40 \
            -a -n "$(grep -E '^clx: [0-9]+ gfx90a instructions in other$' "$T/amd.asm.err")"
        check amd_asm test $rc -eq 0 -a -n "$(grep '<vecsum>:' "$T/amd.asm")" -a -n "$(grep 's_endpgm' "$T/amd.asm")"
        check amd_asm_instructions grep -q 'global_store_dword' "$T/amd.asm"
        check amd_asm_names_gpu grep -q 'disassembly of amd.hsaco for gfx90a, by llvm-objdump' "$T/amd.asm.err"
    else
        check amd_asm test $rc -eq 1 -a -n "$(grep 'none is installed.*apt-get install llvm' "$T/amd.asm.err")"
        check amd_counted_without_padding grep -q 'vecsum: machine instructions not counted: no disassembler' "$T/amd.asm.err"
        skip amd_asm_instructions "no llvm-objdump"; skip amd_asm_names_gpu "no llvm-objdump"
    fi
    $CLX dump --binary "$amd" --ir --out "$O" > /dev/null 2> "$T/amd.ir.err"; rc=$?
    check amd_ir_none test $rc -eq 1 -a -n "$(grep 'no LLVM IR in this binary.*--asm disassembles it' "$T/amd.ir.err")"
    # A GPU clx does not know (EF_AMDGPU_MACH 0x49 is reserved in LLVM 19): said by its number.
    cp "$amd" "$T/unknown-gpu.hsaco"
    printf '\111' | dd of="$T/unknown-gpu.hsaco" bs=1 seek=48 conv=notrunc 2> /dev/null
    $CLX dump --binary "$T/unknown-gpu.hsaco" --out "$O" > /dev/null 2> "$T/ugpu.err"
    check amd_unknown_gpu_said grep -q 'unknown AMD GPU (EF_AMDGPU_MACH 0x49)' "$T/ugpu.err"
fi

# ---- an ELF container like Intel's CPU runtime's ----
cat > "$T/k.c" <<'EOF'
void vecsum(const float *a, const float *b, float *c, long n)
{
    for (long i = 0; i < n; i++) c[i] = a[i] + b[i];
}
int other(int x) { return x + 1; }
EOF
cc_ok=0; command -v cc > /dev/null 2>&1 && cc -O1 -c "$T/k.c" -o "$T/inner.o" 2> /dev/null && cc -c -x c /dev/null -o "$T/empty.o" 2> /dev/null && cc_ok=1
bc_ok=0
for c in clang-15 clang; do
    command -v "$c" > /dev/null 2>&1 && "$c" -c -emit-llvm "$T/k.c" -o "$T/k.bc" 2> /dev/null && { bc_ok=1; break; }
done
[ $bc_ok -eq 1 ] || printf 'BC\300\336not really bitcode' > "$T/k.bc"
printf 'meta' > "$T/meta"; printf '\027\0\0\0' > "$T/ver"
if [ $cc_ok -eq 0 ] || ! command -v objcopy > /dev/null 2>&1 || [ "$(uname -m)" != x86_64 ]; then
    why="no cc or objcopy, or not an x86-64 host"
    for n in intel_described intel_counted intel_sections_saved intel_asm intel_asm_kernel_only intel_tty_lists intel_ir; do
        skip "$n" "$why"
    done
else
    c=$T/container.elf
    objcopy --add-section .ocl.ir="$T/k.bc" --add-section .ocl.meta="$T/meta" --add-section .ocl.obj="$T/inner.o" \
            --add-section .ocl.ver="$T/ver" "$T/empty.o" "$c"
    $CLX dump --binary "$c" --asm --out "$O" > "$T/intel.asm" 2> "$T/intel.err"; rc=$?
    check intel_described grep -q 'ELF (Intel CPU program: x86-64 object + LLVM IR)' "$T/intel.err"
    check intel_counted test -n "$(grep -E '^clx: [0-9]+ x86-64 instructions in vecsum$' "$T/intel.err")" \
        -a -n "$(grep -E '^clx: [0-9]+ x86-64 instructions in other$' "$T/intel.err")"
    check intel_sections_saved cmp -s "$T/inner.o" "$(ls -d "$O"/dumps/container-*/ | head -n 1)ocl.obj.elf"
    check intel_asm test $rc -eq 0 -a -n "$(grep '<vecsum>:' "$T/intel.asm")"
    # The disassembly is of the object inside, not of the container (which has no code).
    check intel_asm_kernel_only test -n "$(grep 'ocl.obj.elf' "$T/intel.asm")" -a -z "$(grep 'container.elf' "$T/intel.asm")"
    if have_script; then
        on_tty "$CLX dump --binary $c --out $O" > "$T/intel.tty" 2>&1
        check intel_tty_lists test -n "$(grep -E '^  ocl\.obj\.elf +ELF \(x86-64\)' "$T/intel.tty")" \
            -a -n "$(grep -E '^  ocl\.ir\.bc +LLVM bitcode' "$T/intel.tty")" -a -n "$(grep -e '--asm the disassembly' "$T/intel.tty")"
    else
        skip intel_tty_lists "script not installed"
    fi
    $CLX dump --binary "$c" --ir --out "$O" > "$T/intel.ll" 2> "$T/intel.ir.err"; rc=$?
    if [ $bc_ok -eq 1 ]; then
        check intel_ir test $rc -eq 0 -a -n "$(grep '^define .*@vecsum(' "$T/intel.ll")"
    else
        skip intel_ir "no clang to make bitcode"
    fi
fi

# ---- a format clx does not know: said, with its first bytes; never guessed ----
printf 'QZX1\001\002\003\004 not a binary format' > "$T/mystery.bin"
$CLX dump --binary "$T/mystery.bin" --asm --out "$O" > "$T/u.out" 2> "$T/u.err"; rc=$?
check unknown_asm_said test $rc -eq 1 -a ! -s "$T/u.out" -a -n "$(grep 'format clx does not know; its first bytes: 51 5a 58 31 01 02' "$T/u.err")"
$CLX dump --binary "$T/mystery.bin" --ir --out "$O" > /dev/null 2> "$T/u2.err"; rc=$?
check unknown_ir_said test $rc -eq 1 -a -n "$(grep 'format clx does not know' "$T/u2.err")"
if have_script; then
    on_tty "$CLX dump --binary $T/mystery.bin --out $O" > "$T/u.tty" 2>&1
    check unknown_tty_hexdump test -n "$(grep 'clx knows no tool that reads this format' "$T/u.tty")" \
        -a -n "$(grep '^00000000  51 5a 58 31' "$T/u.tty")"
else
    skip unknown_tty_hexdump "script not installed"
fi

# ---- usage ----
$CLX dump vecsum --binary "$T/mystery.bin" > /dev/null 2> "$T/use1.err"; rc=$?
check binary_with_experiment_refused test $rc -eq 2 -a "$(wc -l < "$T/use1.err")" -eq 1
$CLX dump --binary "$T/mystery.bin" --build -cl-opt-disable > /dev/null 2> "$T/use2.err"; rc=$?
check binary_with_build_refused test $rc -eq 2
$CLX dump --binary "$T/no-such-file" > /dev/null 2> "$T/use3.err"; rc=$?
check binary_missing_file test $rc -eq 4 -a -n "$(grep 'cannot read' "$T/use3.err")"

# ---- kernels.tsv on PoCL: the isa columns are there, empty, and run.json says why ----
run_clx "$T/run" run vecsum --quick --set variant=naive
k=$rundir/kernels.tsv
check kernels_isa_columns test "$(head -n 1 "$k" | tr '\t' '\n' | grep -cxE 'isa|isa_instr')" -eq 2
check kernels_isa_empty_on_pocl test -z "$(tsv_col "$k" isa_instr | tr -d '\n')"
check run_json_isa_why grep -q '"why":[[:space:]]*"PoCL.s binary holds LLVM bitcode' "$rundir/run.json"
finish
