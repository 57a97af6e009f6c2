/* test_isa.c — a kernel's instructions counted in disassembler listings as GNU objdump and
 * llvm-objdump print them (x86-64 with and without raw bytes, AMD GPUs with their alignment
 * padding), and one count from a disassembler run on an object made here, where one is installed. */
#include "check.h"
#include "device/elf.h"
#include "elfmake.h"
#include "device/isa.h"
#include "lib/proc.h"
#include <stdlib.h>

/* GNU objdump -d: a long instruction's bytes go on past its line; two functions. */
static const char gnu_raw[] =
    "\ninner.o:     file format elf64-x86-64\n\n\nDisassembly of section .ltext:\n\n"
    "0000000000000000 <vecsum>:\n"
    "   0:\tf3 0f 1e fa          \tendbr64\n"
    "   4:\t55                   \tpush   %rbp\n"
    "  4e:\t48 bf 00 00 00 00 00 \tmovabs $0x0,%rdi\n"
    "  55:\t00 00 00 \n"
    "  58:\t62 f1 ed 48 d4 0f    \tvpaddq (%rdi),%zmm2,%zmm1\n"
    "  5e:\t(bad)  \n"
    "  60:\tc3                   \tret\n"
    "\n"
    "0000000000000070 <other>:\n"
    "  70:\tc3                   \tret\n";

/* GNU objdump -d --no-show-raw-insn. */
static const char gnu_plain[] =
    "Disassembly of section .ltext:\n\n0000000000000000 <vecsum>:\n"
    "   0:\tendbr64\n   4:\tpush   %rbp\n   5:\tmov    %rsp,%rbp\n  11:\tfadd   %st(1),%st\n  13:\tret\n";

/* llvm-objdump -d, with raw bytes and a tab between mnemonic and operands. */
static const char llvm_x86[] =
    "Disassembly of section .ltext:\n\n0000000000000000 <vecsum>:\n"
    "       0: f3 0f 1e fa                  \tendbr64\n"
    "       4: 55                           \tpushq\t%rbp\n"
    "       5: 48 89 e5                     \tmovq\t%rsp, %rbp\n"
    "       8: c3                           \tretq\n";

/* llvm-objdump -d of an AMD GPU code object: the address in the trailing comment, and s_nop after
 * s_endpgm up to the next kernel's 256-byte alignment. */
static const char llvm_amd[] =
    "\nk.co:\tfile format elf64-amdgpu\n\nDisassembly of section .text:\n\n"
    "0000000000001800 <vecsum>:\n"
    "\ts_load_dwordx4 s[0:3], s[4:5], 0x0                         // 000000001800: C00A0002 00000000\n"
    "\tv_lshlrev_b32_e32 v0, 2, v0                                // 000000001810: 24000082\n"
    "\tglobal_load_dword v1, v0, s[0:1]                           // 00000000181C: DC508000 01000000\n"
    "\ts_endpgm                                                   // 00000000183C: BF810000\n"
    "\ts_nop 0                                                    // 000000001840: BF800000\n"
    "\ts_nop 0                                                    // 000000001844: BF800000\n"
    "\n0000000000001900 <other>:\n"
    "\ts_endpgm                                                   // 000000001900: BF810000\n";

static void gnu_objdump(void)
{
    CHECK(isa_count_listing(gnu_raw, "vecsum", 0, 0) == 5);       /* not the bytes' line, not (bad) */
    CHECK(isa_count_listing(gnu_raw, "other", 0x70, 1) == 1);
    CHECK(isa_count_listing(gnu_raw, "vecsum", 0, 0x50) == 3);    /* within the symbol's size only */
    CHECK(isa_count_listing(gnu_plain, "vecsum", 0, 0) == 5);
}

static void llvm_objdump(void)
{
    CHECK(isa_count_listing(llvm_x86, "vecsum", 0, 9) == 4);
    CHECK(isa_count_listing(llvm_amd, "vecsum", 0x1800, 0x40) == 4);   /* the padding is not counted */
    CHECK(isa_count_listing(llvm_amd, "vecsum", 0x1800, 0) == 6);      /* no size: everything listed */
    CHECK(isa_count_listing(llvm_amd, "other", 0x1900, 4) == 1);
}

static void symbol_not_listed(void)
{
    CHECK(isa_count_listing(gnu_raw, "vecsu", 0, 0) == -1);
    CHECK(isa_count_listing(gnu_raw, "ecsum", 0, 0) == -1);
    CHECK(isa_count_listing("", "vecsum", 0, 0) == -1);
    CHECK(isa_count_listing("garbage\n<vecsum>:\n", "vecsum", 0, 0) == -1);
}

/* An x86-64 object made here (nop; nop; ret in .text, vecsum its 3 bytes): 3 instructions where a
 * disassembler is installed, else a reason naming the package. */
static void counted_by_a_tool(void)
{
    static const char strtab[] = "\0vecsum";
    static unsigned char syms[48];
    sym64(syms, 0, 0, 0, 0);
    sym64(syms + 24, 1, 2, 0, 3);
    const struct sec secs[] = {
        { ".text", 1, "\x90\x90\xc3\x90", 4, 0, 6 }, { ".strtab", 3, strtab, sizeof strtab, 0, 0 },
        { ".symtab", 2, syms, sizeof syms, 3, 0 },
    };
    make_elf(1, ELF_EM_X86_64, 0, secs, 3);
    struct isa_count c;
    int rc = isa_count(img, img_n, "vecsum", -1, &c);
    if (proc_on_path("objdump") || proc_on_path("llvm-objdump")) {
        if (rc) fprintf(stderr, "  not counted: %s\n", c.why);
        CHECK(rc == 0 && c.n == 3 && c.why == NULL);
        CHECK_STR(c.isa, "x86-64");
    } else {
        CHECK(rc == -1 && c.n == -1);
        CHECK_CONTAINS(c.why, "binutils");
    }
    isa_count_free(&c);
    CHECK(isa_count(img, img_n, "nosuch", -1, &c) == -1);
    CHECK_CONTAINS(c.why, "no symbol named nosuch");
    isa_count_free(&c);
    /* No machine code: the reason, and no process. */
    CHECK(isa_count((const unsigned char *)"poclbin\0\0", 9, "vecsum", -1, &c) == -1);
    CHECK_CONTAINS(c.why, "PoCL");
    isa_count_free(&c);
}

int main(void)
{
    RUN(gnu_objdump);
    RUN(llvm_objdump);
    RUN(symbol_not_listed);
    RUN(counted_by_a_tool);
    CHECK_EXIT();
}
