/* isa.h — machine instructions of one kernel, counted in an objdump or llvm-objdump listing of the
 * machine code a program binary holds (Intel's CPU programs, AMD GPU code objects, CPU objects),
 * for kernels.tsv's isa_instr. */
#ifndef ISA_H
#define ISA_H
#include <stddef.h>
#include <stdint.h>

/* isa_count_listing: the instruction lines of the function `<symbol>:` in a disassembler's
 * listing (GNU objdump's and llvm-objdump's layouts, with or without raw bytes; AMD GPU listings
 * carry the address in a trailing comment), only those at addresses in [start, start + size) when
 * size > 0: AMD pads each kernel with s_nop up to the next one's alignment, and that is not the
 * kernel's code. -1 when the listing has no such function. */
int isa_count_listing(const char *listing, const char *symbol, uint64_t start, uint64_t size);

struct isa_count {
    int n;                       /* instructions, -1 when not counted */
    char isa[32];                /* what they are: "x86-64", "gfx90a" */
    char *why;                   /* why not counted (a new string), NULL when counted */
};

/* isa_count: kernel's machine instructions in bin, by one disassembler process (the first of
 * disasm.h's table that is installed and succeeds, within a time limit) on a temporary copy of the
 * object. llvm_major: the driver's LLVM (-1 unknown), for llvm-objdump-N. 0, or -1 with c->why.
 * Free c->why with isa_count_free. */
int isa_count(const unsigned char *bin, size_t n, const char *kernel, int llvm_major, struct isa_count *c);
void isa_count_free(struct isa_count *c);
#endif
