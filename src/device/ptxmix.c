/* ptxmix.c — a kernel's work by pipe from its PTX, once and per trip of its hot loop (ptxmix.h). */
#include "ptxmix.h"
#include "ptx.h"
#include "lib/util.h"
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Integer work splits in two: NVIDIA's guide gives multiplies and the other 32-bit operations the
 * same rate each (64 a clock an SM from cc 7.0) without saying they share a pipe, so only the
 * larger of the two bounds the time. */
enum { INT_MUL = PTXK_N, INT_ALU, NCOUNT };

struct stmt { char *text; int label; };

struct parsed { struct stmt *s; int n, cap; };

static void keep(void *ctx, const char *text, int label)
{
    struct parsed *p = ctx;
    if (p->n == p->cap) p->s = xrealloc(p->s, (size_t)(p->cap = p->cap ? 2 * p->cap : 256) * sizeof *p->s);
    p->s[p->n++] = (struct stmt){xstrdup(text), label};
}

/* type_bytes: the size of a PTX type part ("f32" 4, "v4" is not a type: 0). */
static int type_bytes(const char *t)
{
    static const struct { const char *name; int bytes; } types[] = {
        {"b8", 1}, {"s8", 1}, {"u8", 1}, {"b16", 2}, {"s16", 2}, {"u16", 2}, {"f16", 2}, {"bf16", 2},
        {"b32", 4}, {"s32", 4}, {"u32", 4}, {"f32", 4}, {"f16x2", 4}, {"bf16x2", 4},
        {"b64", 8}, {"s64", 8}, {"u64", 8}, {"f64", 8}, {"b128", 16},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(t, types[i].name)) return types[i].bytes;
    return 0;
}

static int among(const char *w, const char *const *list)
{
    for (; *list; list++)
        if (!strcmp(w, *list)) return 1;
    return 0;
}

/* classify: what one instruction adds to the counts. Only what surely runs on a pipe counts
 * (conversions, moves, selects and special functions do not): an undercount keeps a bound a bound. */
static void classify(const char *insn, double *v)
{
    char op[96];
    size_t n = 0;
    while (insn[n] && !isspace((unsigned char)insn[n]) && n < sizeof op - 1) n++;
    memcpy(op, insn, n);
    op[n] = '\0';
    char *parts[12];
    int np = 0;
    for (char *p = strtok(op, "."); p && np < 12; p = strtok(NULL, ".")) parts[np++] = p;
    if (!np) return;
    const char *base = parts[0], *type = "";
    int vec = 1, space_skip = 0, global = 0;
    for (int i = 1; i < np; i++) {
        if (type_bytes(parts[i])) type = parts[i];
        else if (!strcmp(parts[i], "v2")) vec = 2;
        else if (!strcmp(parts[i], "v4")) vec = 4;
        else if (!strcmp(parts[i], "param") || !strcmp(parts[i], "const")) space_skip = 1;
        else if (!strcmp(parts[i], "global")) global = 1;
    }
    if (!strcmp(base, "ld") || !strcmp(base, "ldu") || !strcmp(base, "st")) {
        if (space_skip) return;
        double bytes = (double)type_bytes(type) * vec;
        v[PTXK_L1] += bytes;
        if (global) v[PTXK_GLOBAL] += bytes;
        return;
    }
    /* Each of these takes at least one pass through the special-function unit; an IEEE division or
     * root more (a fix-up of fmas), counted as the one. */
    static const char *const sfu_ops[] = {"rcp", "rsqrt", "sqrt", "ex2", "lg2", "sin", "cos", "tanh", "div", NULL};
    if (among(base, sfu_ops) && (!strcmp(type, "f32") || !strcmp(type, "f64") || !strcmp(type, "f16") || !strcmp(type, "f16x2"))) {
        v[PTXK_SFU] += 1;
        return;
    }
    static const char *const float_ops[] = {"add", "sub", "mul", "fma", "mad", "min", "max", NULL};
    static const char *const int_mul[] = {"mul", "mad", "mul24", "mad24", "dp4a", "dp2a", "sad", NULL};
    static const char *const int_alu[] = {"add", "sub", "shl", "shr", "and", "or", "xor", "not", "min", "max", "setp",
                                          "abs", "neg", "popc", "clz", "brev", "bfe", "bfi", "prmt", "lop3", "shf", NULL};
    int fma = !strcmp(base, "fma") || !strcmp(base, "mad");
    int arith = fma || !strcmp(base, "add") || !strcmp(base, "sub") || !strcmp(base, "mul");
    if (among(base, float_ops)) {
        if (!strcmp(type, "f32")) {
            v[PTXK_FP32] += 2;
            v[PTXK_FLOP32] += fma ? 2 : arith;
            return;
        }
        if (!strcmp(type, "f64")) {
            v[PTXK_FP64] += 2;
            v[PTXK_FLOP64] += fma ? 2 : arith;
            return;
        }
        int pair = !strcmp(type, "f16x2") || !strcmp(type, "bf16x2");
        if (pair || !strcmp(type, "f16") || !strcmp(type, "bf16")) {
            v[PTXK_FP16] += 4;
            v[PTXK_FLOP16] += (fma ? 2 : arith) * (pair ? 2 : 1);
            return;
        }
    }
    if (strcmp(type, "s32") && strcmp(type, "u32") && strcmp(type, "b32")) return;
    if (among(base, int_mul)) v[INT_MUL] += 1;
    else if (among(base, int_alu)) v[INT_ALU] += 1;
    else return;
    v[PTXK_OPS32] += fma ? 2 : 1;
}

/* branch_target: the label a bra jumps to ("$L__BB0_2"), or NULL when insn is not a branch. */
static const char *branch_target(const char *insn, char *buf, size_t size)
{
    if (strncmp(insn, "bra", 3) || (insn[3] && insn[3] != '.' && !isspace((unsigned char)insn[3]))) return NULL;
    const char *t = insn + 3;
    while (*t && !isspace((unsigned char)*t)) t++;
    while (isspace((unsigned char)*t)) t++;
    size_t n = 0;
    while (t[n] && !isspace((unsigned char)t[n]) && t[n] != ';' && n < size - 1) n++;
    memcpy(buf, t, n);
    buf[n] = '\0';
    return buf;
}

static int label_at(const struct parsed *p, const char *name)
{
    size_t n = strlen(name);
    for (int i = 0; i < p->n; i++)
        if (p->s[i].label && !strncmp(p->s[i].text, name, n) && p->s[i].text[n] == ':') return i;
    return -1;
}

static int instructions_between(const struct parsed *p, int from, int to)
{
    for (int i = from + 1; i < to; i++)
        if (!p->s[i].label) return 1;
    return 0;
}

struct loop { int start, end; double ref; };

/* loops_of: the backward branches of p as loops [label, branch], each with its work of kind ref;
 * -1 with *why when the code has alternative paths (an unconditional jump or return over code). */
static int loops_of(const struct parsed *p, enum ptx_kind ref, struct loop **out, int *nout, const char **why)
{
    struct loop *l = NULL;
    int n = 0;
    for (int i = 0; i < p->n; i++) {
        if (p->s[i].label) continue;
        const char *insn = ptx_opcode(p->s[i].text);
        int guarded = p->s[i].text[0] == '@';
        char buf[128];
        const char *target = branch_target(insn, buf, sizeof buf);
        int ret = !strncmp(insn, "ret", 3) || !strncmp(insn, "exit", 4);
        if (ret && !guarded && instructions_between(p, i, p->n)) {
            *why = "the kernel returns early on one path: both paths would be counted";
            free(l);
            return -1;
        }
        if (!target) continue;
        int at = label_at(p, target);
        if (at < 0) continue;
        if (at > i) {
            if (!guarded && instructions_between(p, i, at)) {
                *why = "the kernel branches around code (if/else): both sides would be counted";
                free(l);
                return -1;
            }
            continue;
        }
        l = xrealloc(l, (size_t)(n + 1) * sizeof *l);
        l[n] = (struct loop){at, i, 0};
        double v[NCOUNT] = {0};
        for (int k = at; k <= i; k++)
            if (!p->s[k].label) classify(ptx_opcode(p->s[k].text), v);
        l[n++].ref = v[ref];
    }
    *out = l;
    *nout = n;
    return 0;
}

int ptx_mix_read(const char *ptx, const char *entry, enum ptx_kind ref, struct ptx_mix *m, const char **why)
{
    memset(m, 0, sizeof *m);
    struct parsed p = {0};
    if (ptx_walk(ptx, entry, keep, &p)) {
        *why = "the kernel's entry is not in its PTX";
        return -1;
    }
    struct loop *l = NULL;
    int nl = 0, rc = loops_of(&p, ref, &l, &nl, why), hot = -1;
    for (int i = 0; !rc && i < nl; i++) {
        if (!(l[i].ref > 0)) continue;
        int nested = 0;
        for (int j = 0; j < nl; j++)
            if (j != i && ((l[j].start <= l[i].start && l[i].end <= l[j].end) || (l[i].start <= l[j].start && l[j].end <= l[i].end)))
                nested = 1;
        if (hot >= 0 || nested) {
            *why = nested ? "the kernel's work lies in nested loops: one trip count cannot give it"
                          : "the kernel's work lies in more than one loop: one trip count cannot give it";
            rc = -1;
        }
        hot = i;
    }
    double once[NCOUNT] = {0}, body[NCOUNT] = {0};
    for (int i = 0; !rc && i < p.n; i++)
        if (!p.s[i].label) classify(ptx_opcode(p.s[i].text), hot >= 0 && i >= l[hot].start && i <= l[hot].end ? body : once);
    for (int i = 0; i < p.n; i++) free(p.s[i].text);
    free(p.s);
    free(l);
    if (rc) return -1;
    for (int k = 0; k < PTXK_N; k++) {
        m->once[k] = once[k];
        m->body[k] = body[k];
    }
    /* Integer slots: the larger of multiplies and the rest, each at two slots (the ceiling counts a
     * mad as two operations). */
    m->once[PTXK_INT32] = 2 * fmax(once[INT_MUL], once[INT_ALU]);
    m->body[PTXK_INT32] = 2 * fmax(body[INT_MUL], body[INT_ALU]);
    m->int_split[0][0] = once[INT_MUL];
    m->int_split[0][1] = once[INT_ALU];
    m->int_split[1][0] = body[INT_MUL];
    m->int_split[1][1] = body[INT_ALU];
    m->loop = hot >= 0;
    return 0;
}

double ptx_mix_trips(const struct ptx_mix *m, enum ptx_kind ref, double per_item)
{
    if (!m->loop) return 0;
    double rest = per_item - m->once[ref];
    if (!(m->body[ref] > 0) || rest < 0) return -1;
    return rest / m->body[ref];
}

double ptx_mix_total(const struct ptx_mix *m, enum ptx_kind k, double trips)
{
    if (k == PTXK_INT32)
        return 2 * fmax(m->int_split[0][0] + trips * m->int_split[1][0], m->int_split[0][1] + trips * m->int_split[1][1]);
    return m->once[k] + trips * m->body[k];
}

const char *ptx_kind_name(enum ptx_kind k)
{
    static const char *const names[PTXK_N] = {"fp32", "fp64", "fp16", "int32", "sfu", "l1", "fp32 flops", "fp64 flops",
                                              "fp16 flops", "int32 operations", "global bytes"};
    return k >= 0 && k < PTXK_N ? names[k] : "";
}
