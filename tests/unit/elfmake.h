/* elfmake.h — ELF files made in memory for the unit tests (test_elf, test_binfmt, test_isa): a
 * header, sections with their names and content, symbols; nothing a compiler or binutils makes. */
#ifndef ELFMAKE_H
#define ELFMAKE_H
#include <stdint.h>
#include <string.h>

/* A section of a file made by make_elf: name, type, content, the section its link names, and its
 * flags (SHF_ALLOC | SHF_EXECINSTR, 6, for code a disassembler lists). */
struct sec { const char *name; unsigned type; const void *data; size_t size; unsigned link; uint64_t flags; };

static unsigned char img[8192];
static size_t img_n;

static inline void put(size_t off, uint64_t v, int width)
{
    for (int i = 0; i < width; i++) img[off + (size_t)i] = (unsigned char)(v >> (8 * i));
}

/* make_elf: an ELF file of class 64 or 32 in img: the header, each section's content, a section
 * name table (section 1), then the section table. */
static inline void make_elf(int is64, unsigned machine, uint32_t flags, const struct sec *secs, int nsec)
{
    memset(img, 0, sizeof img);
    int w = is64 ? 8 : 4;
    size_t ehsize = is64 ? 64 : 52, shdr = is64 ? 64 : 40;
    memcpy(img, "\x7f" "ELF", 4);
    img[4] = is64 ? 2 : 1;
    img[5] = 1;
    img[6] = 1;
    put(16, 1, 2);                               /* relocatable */
    put(18, machine, 2);
    put(20, 1, 4);                               /* e_version */
    put(is64 ? 52 : 40, ehsize, 2);
    put(is64 ? 48 : 36, flags, 4);
    /* The name table: "" then each name. */
    char names[512] = "";
    size_t names_n = 1, name_at[16];
    const char *shstr = ".shstrtab";
    size_t shstr_at = names_n;
    memcpy(names + names_n, shstr, strlen(shstr) + 1);
    names_n += strlen(shstr) + 1;
    for (int i = 0; i < nsec; i++) {
        name_at[i] = names_n;
        memcpy(names + names_n, secs[i].name, strlen(secs[i].name) + 1);
        names_n += strlen(secs[i].name) + 1;
    }
    size_t at = ehsize, data_at[16];
    memcpy(img + at, names, names_n);
    size_t names_off = at;
    at += names_n;
    for (int i = 0; i < nsec; i++) {
        data_at[i] = at;
        if (secs[i].data) memcpy(img + at, secs[i].data, secs[i].size);
        at += secs[i].size;
    }
    at = (at + 7) & ~(size_t)7;
    size_t shoff = at, n = (size_t)nsec + 2;
    put(is64 ? 40 : 32, shoff, w);
    put(is64 ? 58 : 46, shdr, 2);
    put(is64 ? 60 : 48, n, 2);
    put(is64 ? 62 : 50, 1, 2);
    /* Section 1: the names; then the others. Section 0 stays zero. */
    for (size_t k = 1; k < n; k++) {
        size_t h = shoff + k * shdr;
        const struct sec *s = k >= 2 ? &secs[k - 2] : NULL;
        put(h, s ? name_at[k - 2] : shstr_at, 4);
        put(h + 4, s ? s->type : 3, 4);
        put(h + 8, s ? s->flags : 0, w);
        put(h + (is64 ? 24 : 16), s ? data_at[k - 2] : names_off, w);
        put(h + (is64 ? 32 : 20), s ? s->size : names_n, w);
        put(h + (is64 ? 40 : 24), s ? s->link : 0, 4);
        if (s && s->type == 2) {                 /* a symbol table: the first global, and its entries' size */
            put(h + (is64 ? 44 : 28), 1, 4);
            put(h + (is64 ? 56 : 36), is64 ? 24 : 16, w);
        }
    }
    img_n = shoff + n * shdr;
}

/* sym64: one ELF64 symbol: name offset, section, value, size (a function). */
static inline void sym64(unsigned char *p, uint32_t name, uint16_t shndx, uint64_t value, uint64_t size)
{
    memset(p, 0, 24);
    for (int i = 0; i < 4; i++) p[i] = (unsigned char)(name >> (8 * i));
    p[4] = name ? 0x12 : 0;                      /* a global function; entry 0 is all zero */
    p[6] = (unsigned char)shndx;
    p[7] = (unsigned char)(shndx >> 8);
    for (int i = 0; i < 8; i++) p[8 + i] = (unsigned char)(value >> (8 * i)), p[16 + i] = (unsigned char)(size >> (8 * i));
}

#endif
