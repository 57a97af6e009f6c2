/* elf.c — an ELF reader over a buffer: header, section table, section names, symbol tables, each
 * checked against the buffer's size before it is read (layouts from the System V ABI's ELF chapter). */
#include "elf.h"
#include <string.h>

enum { SHN_XINDEX = 0xffff, STT_FUNC = 2 };

/* le: the little-endian unsigned number of width bytes at p. */
static uint64_t le(const unsigned char *p, int width)
{
    uint64_t v = 0;
    for (int i = width - 1; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

/* The offsets of the fields clx reads, by class: an ELF32 header is not an ELF64 one cut short. */
struct layout {
    size_t ehsize, shoff, flags, shentsize, shnum, shstrndx, word;   /* word: size of an address/offset */
    size_t shdr, sh_type, sh_flags, sh_offset, sh_size, sh_link;     /* shdr: a section header's size */
    size_t sym, st_value, st_size, st_info, st_shndx;                /* sym: a symbol's size */
};
static const struct layout l32 = {
    .ehsize = 52, .shoff = 32, .flags = 36, .shentsize = 46, .shnum = 48, .shstrndx = 50, .word = 4,
    .shdr = 40, .sh_type = 4, .sh_flags = 8, .sh_offset = 16, .sh_size = 20, .sh_link = 24,
    .sym = 16, .st_value = 4, .st_size = 8, .st_info = 12, .st_shndx = 14,
};
static const struct layout l64 = {
    .ehsize = 64, .shoff = 40, .flags = 48, .shentsize = 58, .shnum = 60, .shstrndx = 62, .word = 8,
    .shdr = 64, .sh_type = 4, .sh_flags = 8, .sh_offset = 24, .sh_size = 32, .sh_link = 40,
    .sym = 24, .st_value = 8, .st_size = 16, .st_info = 4, .st_shndx = 6,
};

static const struct layout *layout_of(const struct elf *e) { return e->is64 ? &l64 : &l32; }

/* fits: whether size bytes from off lie inside a buffer of n bytes (no overflow). */
static int fits(uint64_t off, uint64_t size, size_t n) { return off <= n && size <= n - off; }

int elf_open(struct elf *e, const void *p, size_t n, const char **why)
{
    memset(e, 0, sizeof *e);
    const unsigned char *b = p;
    *why = NULL;
    if (n < 16 || memcmp(b, "\x7f" "ELF", 4)) { *why = "not an ELF file"; return -1; }
    if (b[4] != 1 && b[4] != 2) { *why = "an ELF class that is neither 32- nor 64-bit"; return -1; }
    if (b[5] != 1) {
        *why = b[5] == 2 ? "a big-endian ELF file (clx reads little-endian ones)" : "an ELF file of unknown byte order";
        return -1;
    }
    e->p = b;
    e->n = n;
    e->is64 = b[4] == 2;
    const struct layout *L = layout_of(e);
    if (n < L->ehsize) { *why = "an ELF header cut short"; return -1; }
    e->type = (unsigned)le(b + 16, 2);
    e->machine = (unsigned)le(b + 18, 2);
    e->flags = (uint32_t)le(b + L->flags, 4);
    uint64_t shoff = le(b + L->shoff, (int)L->word);
    size_t shentsize = (size_t)le(b + L->shentsize, 2), shnum = (size_t)le(b + L->shnum, 2);
    size_t shstrndx = (size_t)le(b + L->shstrndx, 2);
    if (shoff == 0) return 0;                       /* no section table: a valid file with no sections */
    if (shentsize < L->shdr) { *why = "ELF section headers smaller than the format's"; return -1; }
    if (!fits(shoff, L->shdr, n)) { *why = "an ELF section table outside the file"; return -1; }
    /* Over 65279 sections, or a string table index above that: the real values are in section 0. */
    const unsigned char *s0 = b + shoff;
    if (shnum == 0) {
        uint64_t real = le(s0 + L->sh_size, (int)L->word);
        if (real > n) { *why = "an ELF section count larger than the file"; return -1; }
        shnum = (size_t)real;
    }
    if (shstrndx == SHN_XINDEX) shstrndx = (size_t)le(s0 + L->sh_link, 4);
    if (shnum > (n - shoff) / shentsize) { *why = "an ELF section table outside the file"; return -1; }
    e->shoff = (size_t)shoff;
    e->shnum = shnum;
    e->shentsize = shentsize;
    e->shstrndx = shstrndx < shnum ? shstrndx : 0;
    return 0;
}

/* header: section i's header into s, its content located when it lies inside the file; *name is
 * its name's offset in the section name table. 0, or -1 for no such section or content outside. */
static int header(const struct elf *e, size_t i, struct elf_section *s, uint64_t *name)
{
    if (i == 0 || i >= e->shnum) return -1;
    const struct layout *L = layout_of(e);
    const unsigned char *h = e->p + e->shoff + i * e->shentsize;
    memset(s, 0, sizeof *s);
    s->name = "";
    *name = le(h, 4);
    s->type = (unsigned)le(h + L->sh_type, 4);
    s->flags = le(h + L->sh_flags, (int)L->word);
    s->link = (size_t)le(h + L->sh_link, 4);
    uint64_t off = le(h + L->sh_offset, (int)L->word), size = le(h + L->sh_size, (int)L->word);
    if (s->type == ELF_SHT_NOBITS) return 0;            /* no bytes in the file (zero-filled memory) */
    if (!fits(off, size, e->n)) return -1;
    s->data = e->p + off;
    s->size = (size_t)size;
    return 0;
}

/* string_at: the NUL-terminated string at off in string table section, or "" when it does not
 * end inside the section. */
static const char *string_at(const struct elf_section *tab, uint64_t off)
{
    if (!tab->data || off >= tab->size) return "";
    const void *end = memchr(tab->data + off, '\0', tab->size - (size_t)off);
    return end ? (const char *)tab->data + off : "";
}

int elf_section_at(const struct elf *e, size_t i, struct elf_section *s)
{
    uint64_t name, unused;
    struct elf_section names;
    if (header(e, i, s, &name)) return -1;
    if (e->shstrndx && header(e, e->shstrndx, &names, &unused) == 0) s->name = string_at(&names, name);
    return 0;
}

int elf_section(const struct elf *e, const char *name, struct elf_section *s)
{
    for (size_t i = 1; i < e->shnum; i++)
        if (elf_section_at(e, i, s) == 0 && !strcmp(s->name, name)) return 0;
    return -1;
}

/* find_in: the defined symbol named name in symbol table section tab; 0 or -1. */
static int find_in(const struct elf *e, const struct elf_section *tab, const char *name, struct elf_symbol *sym)
{
    const struct layout *L = layout_of(e);
    struct elf_section strings;
    uint64_t unused;
    if (!tab->data || header(e, tab->link, &strings, &unused) || !strings.data) return -1;
    for (size_t at = 0; at + L->sym <= tab->size; at += L->sym) {
        const unsigned char *q = tab->data + at;
        size_t shndx = (size_t)le(q + L->st_shndx, 2);
        if (shndx == 0 || strcmp(string_at(&strings, le(q, 4)), name)) continue;
        sym->value = le(q + L->st_value, (int)L->word);
        sym->size = le(q + L->st_size, (int)L->word);
        sym->type = q[L->st_info] & 0xf;
        sym->shndx = shndx;
        return 0;
    }
    return -1;
}

int elf_functions(const struct elf *e, struct strlist *out)
{
    const struct layout *L = layout_of(e);
    int n = 0;
    for (int dynamic = 0; dynamic <= 1 && n == 0; dynamic++)
        for (size_t i = 1; i < e->shnum; i++) {
            struct elf_section tab, strings;
            uint64_t unused;
            if (elf_section_at(e, i, &tab) || tab.type != (dynamic ? ELF_SHT_DYNSYM : ELF_SHT_SYMTAB) || !tab.data ||
                header(e, tab.link, &strings, &unused) || !strings.data)
                continue;
            for (size_t at = 0; at + L->sym <= tab.size; at += L->sym) {
                const unsigned char *q = tab.data + at;
                const char *name = string_at(&strings, le(q, 4));
                if ((q[L->st_info] & 0xf) != STT_FUNC || le(q + L->st_shndx, 2) == 0 || !*name) continue;
                int seen = 0;
                for (int k = 0; k < out->n && !seen; k++) seen = !strcmp(out->v[k], name);
                if (!seen) { sl_push(out, name); n++; }
            }
        }
    return n;
}

int elf_symbol(const struct elf *e, const char *name, struct elf_symbol *sym)
{
    static const unsigned kinds[] = { ELF_SHT_SYMTAB, ELF_SHT_DYNSYM };
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        for (size_t i = 1; i < e->shnum; i++) {
            struct elf_section s;
            if (elf_section_at(e, i, &s) == 0 && s.type == kinds[k] && find_in(e, &s, name, sym) == 0) return 0;
        }
    return -1;
}

/* The machines named in descriptions; the rest are said by number. To add one: a row (its value
 * from the ELF specification's e_machine list). */
static const struct { unsigned machine; const char *name; } machines[] = {
    { ELF_EM_386, "x86" },
    { ELF_EM_X86_64, "x86-64" },
    { 40, "ARM" },
    { ELF_EM_AARCH64, "AArch64" },
    { 21, "PowerPC64" },
    { 22, "s390x" },
    { 243, "RISC-V" },
    { ELF_EM_INTELGT, "Intel GPU" },
    { ELF_EM_AMDGPU, "AMD GPU" },
};

const char *elf_machine_name(unsigned machine)
{
    for (size_t i = 0; i < sizeof machines / sizeof machines[0]; i++)
        if (machines[i].machine == machine) return machines[i].name;
    return NULL;
}
