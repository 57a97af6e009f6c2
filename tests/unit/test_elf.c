/* test_elf.c — the ELF reader on files made here: ELF64 and ELF32 headers, sections by name,
 * symbols, extended section numbering, and every damaged or cut file refused without a read
 * outside it (each case is copied into a buffer of its exact size, so check-asan sees any overrun). */
#include "check.h"
#include "device/elf.h"
#include "elfmake.h"
#include <stdlib.h>

/* The file most cases use: .text, an Intel-like .ocl.obj, a symbol table with vecsum defined and
 * `undef` not. Sections: 1 names, 2 .text, 3 .ocl.obj, 4 .strtab, 5 .symtab. */
static void make_sample(void)
{
    static const char strtab[] = "\0vecsum\0undef";
    static unsigned char syms[72];
    sym64(syms, 0, 0, 0, 0);
    sym64(syms + 24, 1, 2, 0x10, 0x20);
    sym64(syms + 48, 8, 0, 0, 0);
    const struct sec secs[] = {
        { ".text", 1, "\x90\xc3", 2, 0, 0 },
        { ".ocl.obj", 0, "inner", 5, 0, 0 },
        { ".strtab", 3, strtab, sizeof strtab, 0, 0 },
        { ".symtab", 2, syms, sizeof syms, 4, 0 },
    };
    make_elf(1, ELF_EM_X86_64, 8, secs, 4);
}

/* exact: a copy of img's first n bytes in a buffer of exactly n bytes (the caller frees it). */
static unsigned char *exact(size_t n)
{
    unsigned char *p = malloc(n ? n : 1);
    memcpy(p, img, n);
    return p;
}

static void reads_header_sections_symbols(void)
{
    make_sample();
    struct elf e;
    const char *why;
    CHECK(elf_open(&e, img, img_n, &why) == 0);
    CHECK(e.is64 && e.machine == ELF_EM_X86_64 && e.flags == 8 && e.shnum == 6);
    struct elf_section s;
    CHECK(elf_section(&e, ".ocl.obj", &s) == 0);
    CHECK(s.size == 5 && s.data && !memcmp(s.data, "inner", 5));
    CHECK(elf_section(&e, ".text", &s) == 0 && s.size == 2 && s.data[1] == 0xc3);
    CHECK(elf_section(&e, ".ocl.ir", &s) == -1);
    CHECK(elf_section_at(&e, 0, &s) == -1 && elf_section_at(&e, 6, &s) == -1);
    struct elf_symbol sym;
    CHECK(elf_symbol(&e, "vecsum", &sym) == 0);
    CHECK(sym.value == 0x10 && sym.size == 0x20 && sym.type == 2 && sym.shndx == 2);
    CHECK(elf_symbol(&e, "undef", &sym) == -1);              /* undefined: no code here */
    CHECK(elf_symbol(&e, "vecsu", &sym) == -1);
    struct strlist fns = {0};
    CHECK(elf_functions(&e, &fns) == 1 && fns.n == 1);        /* defined functions only */
    if (fns.n == 1) CHECK_STR(fns.v[0], "vecsum");
    sl_free(&fns);
    CHECK_STR(elf_machine_name(ELF_EM_X86_64), "x86-64");
    CHECK(elf_machine_name(0x1234) == NULL);
}

static void reads_elf32(void)
{
    const struct sec secs[] = { { ".text", 1, "abcd", 4, 0, 0 } };
    make_elf(0, ELF_EM_386, 0, secs, 1);
    struct elf e;
    const char *why;
    struct elf_section s;
    CHECK(elf_open(&e, img, img_n, &why) == 0);
    CHECK(!e.is64 && e.machine == ELF_EM_386);
    CHECK(elf_section(&e, ".text", &s) == 0 && s.size == 4 && !memcmp(s.data, "abcd", 4));
}

static void refuses_what_it_does_not_read(void)
{
    make_sample();
    struct elf e;
    const char *why;
    img[5] = 2;                                  /* big-endian */
    CHECK(elf_open(&e, img, img_n, &why) == -1 && strstr(why, "big-endian"));
    make_sample();
    img[4] = 3;                                  /* no such class */
    CHECK(elf_open(&e, img, img_n, &why) == -1);
    make_sample();
    CHECK(elf_open(&e, img, 40, &why) == -1);    /* a header cut short */
    CHECK(elf_open(&e, "\x7f" "EL", 3, &why) == -1);
    CHECK(elf_open(&e, "", 0, &why) == -1);
    put(40, img_n, 8);                           /* the section table past the end */
    CHECK(elf_open(&e, img, img_n, &why) == -1);
    make_sample();
    put(60, 0xfff0, 2);                          /* more sections than the file holds */
    CHECK(elf_open(&e, img, img_n, &why) == -1);
    make_sample();
    put(58, 16, 2);                              /* section headers too small */
    CHECK(elf_open(&e, img, img_n, &why) == -1);
}

/* A section whose content, or whose name, lies outside the file is not read. */
static void damaged_sections(void)
{
    make_sample();
    size_t shoff = (size_t)img[40] | (size_t)img[41] << 8;
    struct elf e;
    const char *why;
    struct elf_section s;
    put(shoff + 3 * 64 + 32, (uint64_t)-1, 8);   /* .ocl.obj's size: 2^64-1 */
    CHECK(elf_open(&e, img, img_n, &why) == 0);
    CHECK(elf_section_at(&e, 3, &s) == -1);
    CHECK(elf_section(&e, ".ocl.obj", &s) == -1);
    make_sample();
    put(shoff + 2 * 64, 100000, 4);              /* .text's name offset past the name table */
    CHECK(elf_open(&e, img, img_n, &why) == 0);
    CHECK(elf_section_at(&e, 2, &s) == 0 && !strcmp(s.name, ""));
    make_sample();
    put(shoff + 5 * 64 + 40, 77, 4);             /* the symbol table's strings: no such section */
    CHECK(elf_open(&e, img, img_n, &why) == 0);
    struct elf_symbol sym;
    CHECK(elf_symbol(&e, "vecsum", &sym) == -1);
}

/* Over 65279 sections, e_shnum is 0 and section 0's size holds the count. */
static void extended_numbering(void)
{
    make_sample();
    size_t shoff = (size_t)img[40] | (size_t)img[41] << 8;
    put(60, 0, 2);
    put(shoff + 32, 6, 8);
    struct elf e;
    const char *why;
    struct elf_section s;
    CHECK(elf_open(&e, img, img_n, &why) == 0 && e.shnum == 6);
    CHECK(elf_section(&e, ".ocl.obj", &s) == 0);
    put(shoff + 32, (uint64_t)1 << 40, 8);       /* a count larger than the file */
    CHECK(elf_open(&e, img, img_n, &why) == -1);
}

/* Every cut of the file, and every byte changed, is read or refused: never read past the end. */
static void fuzzed(void)
{
    make_sample();
    size_t n = img_n;
    unsigned char saved[8192];
    memcpy(saved, img, n);
    for (size_t cut = 0; cut <= n; cut++) {
        unsigned char *p = exact(cut);
        struct elf e;
        const char *why;
        struct elf_section s;
        struct elf_symbol sym;
        if (elf_open(&e, p, cut, &why) == 0) {
            for (size_t i = 0; i < e.shnum + 2; i++) elf_section_at(&e, i, &s);
            elf_section(&e, ".ocl.obj", &s);
            elf_symbol(&e, "vecsum", &sym);
        }
        free(p);
    }
    uint32_t seed = 12345;
    for (int round = 0; round < 20000; round++) {
        memcpy(img, saved, n);
        for (int k = 0; k < 3; k++) {
            seed = seed * 1103515245u + 12345u;
            img[(seed >> 8) % n] = (unsigned char)(seed >> 24);
        }
        unsigned char *p = exact(n);
        struct elf e;
        const char *why;
        struct elf_section s;
        struct elf_symbol sym;
        if (elf_open(&e, p, n, &why) == 0) {
            for (size_t i = 0; i < e.shnum && i < 64; i++)
                if (elf_section_at(&e, i, &s) == 0 && s.data) CHECK(s.data >= p && s.data + s.size <= p + n);
            elf_symbol(&e, "vecsum", &sym);
        }
        free(p);
    }
}

int main(void)
{
    RUN(reads_header_sections_symbols);
    RUN(reads_elf32);
    RUN(refuses_what_it_does_not_read);
    RUN(damaged_sections);
    RUN(extended_numbering);
    RUN(fuzzed);
    CHECK_EXIT();
}
