/* elf.h — reads an ELF file held in memory (header, sections by name, symbols), for naming what a
 * program binary is and finding the machine code inside it. Every offset and size is checked
 * against the buffer: a cut or damaged file is an error, never a read outside it. */
#ifndef ELF_H
#define ELF_H
#include "lib/util.h"
#include <stddef.h>
#include <stdint.h>

/* e_machine values clx names (any other is said by number). */
enum { ELF_EM_386 = 3, ELF_EM_X86_64 = 62, ELF_EM_AARCH64 = 183, ELF_EM_INTELGT = 205, ELF_EM_AMDGPU = 224 };
/* Section types (sh_type) clx tells apart. */
enum { ELF_SHT_SYMTAB = 2, ELF_SHT_STRTAB = 3, ELF_SHT_NOBITS = 8, ELF_SHT_DYNSYM = 11 };

/* A view of an ELF file: nothing is copied, the buffer must outlive it. */
struct elf {
    const unsigned char *p;
    size_t n;
    int is64;                    /* ELFCLASS64, else ELFCLASS32 */
    unsigned type, machine;      /* e_type (1 relocatable, 2 executable, 3 shared; Intel's containers
                                  * use processor-specific ones), e_machine */
    uint32_t flags;              /* e_flags: AMD GPUs keep the GPU in its low byte */
    size_t shoff, shnum, shentsize, shstrndx;
};

struct elf_section {
    const char *name;            /* "" when the name cannot be read */
    unsigned type;               /* sh_type: ELF_SHT_SYMTAB, ELF_SHT_STRTAB... (Intel's containers use 0) */
    uint64_t flags;              /* SHF_*: 4 executable */
    size_t link;                 /* a symbol table's string table */
    const unsigned char *data;   /* inside the buffer; NULL for a section with no content in the file */
    size_t size;
};

struct elf_symbol {
    uint64_t value, size;        /* address (a section offset in a relocatable file) and size in bytes */
    unsigned type;               /* STT_*: 2 function */
    size_t shndx;                /* the section it is defined in */
};

/* elf_open: e over the n bytes at p. 0, or -1 with *why (static text) when they are not a
 * little-endian ELF32/ELF64 file whose section table lies inside them. */
int elf_open(struct elf *e, const void *p, size_t n, const char **why);
/* elf_section_at: section i (1 <= i < e->shnum); 0, or -1 when its header or its content lies
 * outside the file. */
int elf_section_at(const struct elf *e, size_t i, struct elf_section *s);
/* elf_section: the first readable section named name; 0, or -1 when there is none. */
int elf_section(const struct elf *e, const char *name, struct elf_section *s);
/* elf_symbol: the defined symbol named name, from the symbol table, else the dynamic one; 0, or
 * -1 when neither has it. */
int elf_symbol(const struct elf *e, const char *name, struct elf_symbol *sym);
/* elf_functions: the names of the functions defined in the file (symbol table, else the dynamic
 * one), each once, in their order, pushed to out; their count. */
int elf_functions(const struct elf *e, struct strlist *out);
/* elf_machine_name: "x86-64", "AArch64", ... for the e_machine values clx names; NULL otherwise. */
const char *elf_machine_name(unsigned machine);
#endif
