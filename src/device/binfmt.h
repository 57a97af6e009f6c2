/* binfmt.h — names the format of a program binary from its bytes (PTX, SPIR-V, LLVM bitcode, PoCL's,
 * and what an ELF file is: an AMD GPU code object, Intel's CPU program, an object of one CPU), says
 * it for a person, and finds the machine code inside it. */
#ifndef BINFMT_H
#define BINFMT_H
#include <stddef.h>

/* binary_format: the kind of binary bin is, a name code compares: "PTX", "AMD GPU code object",
 * "Intel CPU program" (Intel's CPU runtime: an ELF container whose .ocl.obj is an x86-64 object and
 * .ocl.ir LLVM bitcode), "ELF" (any other), "SPIR-V", "LLVM bitcode", "LLVM bitcode (wrapped)",
 * "PoCL binary" or "unknown"; *ext gets the file extension to save it under (".ptx", ".hsaco",
 * ".elf", ".spv", ".bc", ".bin"). */
const char *binary_format(const unsigned char *bin, size_t n, const char **ext);

/* binary_describe: what bin is, for a person (a new string): "ELF (x86-64)", "ELF (AMD GPU code
 * object, gfx90a)", "ELF (Intel CPU program: x86-64 object + LLVM IR)"; "a format clx does not
 * know" for "unknown"; binary_format's name for the formats that say no more. */
char *binary_describe(const unsigned char *bin, size_t n);

/* binfmt_gpu: for an AMD GPU code object, its GPU into gpu ("gfx90a", or "unknown AMD GPU
 * (EF_AMDGPU_MACH 0xNN)"): 1 when clx knows it, 0 when not; -1 for any other binary. */
int binfmt_gpu(const unsigned char *bin, size_t n, char *gpu, size_t size);

/* Where a binary's machine code is, and what it is. */
struct binfmt_code {
    const unsigned char *obj;    /* the ELF object holding it: bin itself, or a section inside bin */
    size_t size;
    const char *format;          /* that object's binary_format: "ELF" or "AMD GPU code object" */
    char isa[32];                /* what the instructions are: "x86-64", "gfx90a" */
    char mcpu[32];               /* AMD: the GPU, for llvm-objdump's --mcpu; "" elsewhere */
};

/* binfmt_code: the machine code bin holds, into *c: 0, or -1 with *why (a new string) when it holds
 * none clx can read (PTX, PoCL's bitcode, SPIR-V, an unknown AMD GPU or format...). */
int binfmt_code(const unsigned char *bin, size_t n, struct binfmt_code *c, char **why);
#endif
