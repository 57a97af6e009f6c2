/* ptx.c — PTX instruction counting, register counts from NVIDIA build logs. */
#include "ptx.h"
#include "lib/util.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* find_entry: start of the body ('{') of `.entry name(` or of `.func [(returns)] name(`, or NULL; a
 * declaration (a .func prototype, ended by ';' before any body) is passed over. */
static const char *find_entry(const char *ptx, const char *entry)
{
    size_t n = strlen(entry);
    for (const char *s = ptx; *s; s++) {
        int kw = !strncmp(s, ".entry", 6) ? 6 : !strncmp(s, ".func", 5) ? 5 : 0;
        if (!kw || !isspace((unsigned char)s[kw])) continue;
        const char *p = s + kw;
        while (isspace((unsigned char)*p)) p++;
        if (kw == 5 && *p == '(') {            /* the return parameters */
            p = strchr(p, ')');
            if (!p) return NULL;
            p++;
            while (isspace((unsigned char)*p)) p++;
        }
        if (strncmp(p, entry, n) != 0 || !(p[n] == '(' || isspace((unsigned char)p[n]))) continue;
        const char *body = strchr(p, '{'), *semi = strchr(p, ';');
        if (body && (!semi || body < semi)) return body;
    }
    return NULL;
}

/* next_part: the length of the dot-separated part of an opcode at s (it ends at '.', a blank or ';'). */
static size_t next_part(const char *s)
{
    size_t n = 0;
    while (s[n] && s[n] != '.' && s[n] != ';' && !isspace((unsigned char)s[n])) n++;
    return n;
}

int ptx_opcode_is(const char *insn, const char *op)
{
    size_t n = next_part(op);
    if (next_part(insn) != n || strncmp(insn, op, n) != 0) return 0;
    insn += n;
    /* Each further part of op must come, in order, among the instruction's: modifiers it does not
     * name (.ftz, .sat, .nc, .v4) may stand between them. */
    for (op += n; *op == '.'; op += n) {
        n = next_part(++op);
        if (n == 0) continue;                          /* "div." : any division */
        while (*insn == '.' && !(next_part(insn + 1) == n && strncmp(insn + 1, op, n) == 0))
            insn += 1 + next_part(insn + 1);
        if (*insn != '.') return 0;
        insn += 1 + n;
    }
    return 1;
}

int ptx_walk(const char *ptx, const char *entry, ptx_visit visit, void *ctx)
{
    const char *s = find_entry(ptx, entry);
    if (!s) return -1;
    int depth = 0;
    struct sbuf stmt = {0};    /* a statement continued on the next lines (calls) */
    while (*s) {
        const char *eol = strchr(s, '\n');
        size_t len = eol ? (size_t)(eol - s) : strlen(s);
        char *line = xasprintf("%.*s", (int)len, s);
        char *c = strstr(line, "//");
        if (c) *c = '\0';
        char *t = str_trim(line);
        for (char *q = t; *q; q++) depth += (*q == '{') - (*q == '}');
        /* Instructions end in ';' and are not directives (.reg, .local ...) or labels; one may span
         * lines (NVIDIA writes `call.uni (retval0),` then the callee and arguments up to `);`). */
        int label = !stmt.len && strchr(t, ':') && !strchr(t, ';');
        if (label) {
            visit(ctx, t, 1);
        } else if (*t && (stmt.len || (*t != '.' && *t != '{' && *t != '}'))) {
            sb_printf(&stmt, "%s%s", stmt.len ? " " : "", t);
            char *semi = strchr(stmt.s, ';');
            if (semi) {
                *semi = '\0';
                visit(ctx, stmt.s, 0);
                sb_free(&stmt);
            }
        }
        free(line);
        if (depth <= 0) break;          /* the entry's closing brace */
        if (!eol) break;
        s = eol + 1;
    }
    sb_free(&stmt);
    return 0;
}

const char *ptx_opcode(const char *stmt)
{
    /* A predicate guard (@%p1 bra ...) stands before the instruction it guards. */
    if (*stmt == '@') {
        while (*stmt && !isspace((unsigned char)*stmt)) stmt++;
        while (isspace((unsigned char)*stmt)) stmt++;
    }
    return stmt;
}

struct counting { const char *op; int n; };

static void count_one(void *ctx, const char *stmt, int label)
{
    struct counting *c = ctx;
    if (!label && (!c->op || ptx_opcode_is(ptx_opcode(stmt), c->op))) c->n++;
}

int ptx_count_instructions(const char *ptx, const char *entry, const char *op)
{
    struct counting c = {op, 0};
    return ptx_walk(ptx, entry, count_one, &c) ? -1 : c.n;
}

int ptx_registers(const char *log, const char *name)
{
    /* ptxas prints "Compiling entry function 'name' for 'sm_90'" and then "Used N registers". */
    char *want = xasprintf("function '%s'", name);
    const char *s = strstr(log, want);
    free(want);
    /* A log that names functions but not this one must not lend another kernel's count. */
    if (!s && !strstr(log, "function '")) s = strstr(log, "ptxas info");
    if (!s) return -1;
    const char *u = strstr(s, "Used ");
    int regs;
    if (!u || sscanf(u, "Used %d registers", &regs) != 1) return -1;
    return regs;
}
