/* isa.c — counting a kernel's machine instructions: the object found by binfmt.c, its symbol by
 * elf.c, a listing by a disassembler of disasm.c's table, and the listing's lines read here. */
#include "isa.h"
#include "binfmt.h"
#include "disasm.h"
#include "elf.h"
#include "lib/util.h"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Seconds one disassembler may take: a kernel object is kilobytes, listed in milliseconds. */
enum { ISA_SECONDS = 60 };

/* hex_at: the hexadecimal number at s into *v; the characters it took (0: none). */
static size_t hex_at(const char *s, uint64_t *v)
{
    size_t k = 0;
    *v = 0;
    while (isxdigit((unsigned char)s[k]) && k < 16) {
        *v = *v << 4 | (uint64_t)(isdigit((unsigned char)s[k]) ? s[k] - '0' : (tolower((unsigned char)s[k]) - 'a' + 10));
        k++;
    }
    return isxdigit((unsigned char)s[k]) ? 0 : k;
}

/* header_of: the symbol of a function header line "0000000000001800 <vecsum>:", as a new string,
 * or NULL when the line is not one. */
static char *header_of(const char *line, size_t len)
{
    uint64_t v;
    size_t k = hex_at(line, &v);
    if (k == 0 || line[k] != ' ' || line[k + 1] != '<') return NULL;
    const char *name = line + k + 2, *end = line + len;
    while (end > name && isspace((unsigned char)end[-1])) end--;
    if (end - name < 2 || end[-1] != ':' || end[-2] != '>') return NULL;
    return xasprintf("%.*s", (int)(end - 2 - name), name);
}

/* raw_bytes: whether a field holds only hexadecimal words of even length (an instruction's
 * encoding as objdump prints it beside the instruction, or on a line of its own when long). */
static int raw_bytes(const char *s, size_t n)
{
    size_t word = 0, words = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i == n || s[i] == ' ') {
            if (word % 2) return 0;
            words += word > 0;
            word = 0;
        } else if (isxdigit((unsigned char)s[i])) word++;
        else return 0;
    }
    return words > 0;
}

/* instruction_at: whether line is an instruction, and its address into *addr. Two layouts: the
 * address first ("   4:\tpush   %rbp", llvm-objdump's "       4: 55 \tpushq\t%rbp"), where a
 * line of bytes alone continues the one before; or the instruction first with the address in a
 * comment ("\ts_endpgm    // 00000000183C: BF810000", llvm-objdump for AMD GPUs). */
static int instruction_at(const char *line, size_t len, uint64_t *addr)
{
    const char *s = line, *end = line + len;
    while (s < end && (*s == ' ' || *s == '\t')) s++;
    size_t k = s < end ? hex_at(s, addr) : 0;
    if (k && s + k < end && s[k] == ':') {
        /* Fields after the address, split at tabs: one that is not bytes is the instruction. */
        for (const char *f = s + k + 1; f < end;) {
            const char *t = memchr(f, '\t', (size_t)(end - f));
            const char *fe = t ? t : end, *a = f;
            while (a < fe && *a == ' ') a++;
            while (fe > a && (fe[-1] == ' ' || fe[-1] == '\r')) fe--;
            if (fe > a && !raw_bytes(a, (size_t)(fe - a)) && strncmp(a, "(bad)", 5)) return 1;
            f = t ? t + 1 : end;
        }
        return 0;
    }
    const char *c = NULL;
    for (const char *q = s; q + 1 < end && !c; q++) if (q[0] == '/' && q[1] == '/') c = q;
    if (!c || c == s) return 0;
    c += 2;
    while (c < end && *c == ' ') c++;
    k = hex_at(c, addr);
    return k > 0 && c + k < end && c[k] == ':';
}

int isa_count_listing(const char *listing, const char *symbol, uint64_t start, uint64_t size)
{
    int found = 0, in = 0, count = 0;
    for (const char *s = listing; *s;) {
        const char *eol = strchr(s, '\n');
        size_t len = eol ? (size_t)(eol - s) : strlen(s);
        char *name = header_of(s, len);
        uint64_t addr;
        if (name) {
            in = !strcmp(name, symbol);
            found |= in;
        } else if (!strncmp(s, "Disassembly of section", 22)) {
            in = 0;
        } else if (in && instruction_at(s, len, &addr) && (size == 0 || (addr >= start && addr - start < size))) {
            count++;
        }
        free(name);
        s += len + (eol != NULL);
    }
    return found ? count : -1;
}

/* temp_copy: data in a new temporary file; its path (a new string), or NULL and *why. */
static char *temp_copy(const unsigned char *data, size_t n, char **why)
{
    const char *dir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    char *path = xasprintf("%s/clx-isa-XXXXXX", dir);
    int fd = mkstemp(path), bad = fd < 0;
    if (!bad) bad = write(fd, data, n) != (ssize_t)n;
    if (fd >= 0 && close(fd) != 0) bad = 1;
    if (!bad) return path;
    *why = xasprintf("cannot write a temporary copy of the kernel object in %s: %s", dir, strerror(errno ? errno : EIO));
    if (fd >= 0) unlink(path);
    free(path);
    return NULL;
}

/* without_path: s with every "path" in it replaced by what (a new string): a temporary file's
 * name means nothing to a reader. */
static char *without_path(const char *s, const char *path, const char *what)
{
    struct sbuf b = {0};
    size_t pl = strlen(path);
    for (const char *h; (h = strstr(s, path)) != NULL; s = h + pl) {
        sb_putn(&b, s, (size_t)(h - s));
        sb_printf(&b, "%s", what);
    }
    sb_printf(&b, "%s", s);
    return b.s;
}

int isa_count(const unsigned char *bin, size_t n, const char *kernel, int llvm_major, struct isa_count *c)
{
    memset(c, 0, sizeof *c);
    c->n = -1;
    struct binfmt_code code;
    if (binfmt_code(bin, n, &code, &c->why)) return -1;
    struct elf e;
    struct elf_symbol sym;
    const char *bad;
    if (elf_open(&e, code.obj, code.size, &bad) || elf_symbol(&e, kernel, &sym)) {
        c->why = xasprintf("the %s object has no symbol named %s", code.isa, kernel);
        return -1;
    }
    char *path = temp_copy(code.obj, code.size, &c->why);
    if (!path) return -1;
    static const char *const extra[] = { "--no-show-raw-insn", NULL };
    struct disasm_file f = { .path = path, .format = code.format, .mcpu = code.mcpu, .temporary = 1 };
    char *text, *prog, *fails;
    int rc = disasm_run(DISASM_ASM, &f, llvm_major, extra, ISA_SECONDS, &text, &prog, &fails);
    unlink(path);
    if (rc == 2) {
        char *names = disasm_tool_names(DISASM_ASM, code.format, llvm_major, 1, NULL);
        c->why = xasprintf("no disassembler for %s is installed: %s", code.isa, names);
        free(names);
    } else if (rc == 1) {
        char *first = xasprintf("%.*s", (int)strcspn(fails, "\n"), fails);
        c->why = without_path(first, path, "the kernel object");
        free(first);
    } else {
        int k = isa_count_listing(text, kernel, sym.value, sym.size);
        if (k > 0) {                     /* a kernel has an instruction at least: 0 is a listing misread */
            c->n = k;
            snprintf(c->isa, sizeof c->isa, "%s", code.isa);
        } else {
            c->why = xasprintf("%s listed %s of %s that clx cannot read", prog, k < 0 ? "no function" : "no instruction",
                               kernel);
        }
    }
    free(text);
    free(prog);
    free(fails);
    free(path);
    return c->n >= 0 ? 0 : -1;
}

void isa_count_free(struct isa_count *c)
{
    free(c->why);
    c->why = NULL;
}
