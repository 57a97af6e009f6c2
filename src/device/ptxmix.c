/* ptxmix.c — a kernel's least work by pipe from its PTX (ptxmix.h). */
#include "ptxmix.h"
#include "ptx.h"
#include "lib/util.h"
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>


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
    /* A pipe's slots are counted as operations (an fma 2, an add or a mul 1, a min or max 2): ptxas
     * may contract a mul and an add into one fma, so an instruction of PTX is not one of the
     * machine's, while an fma does at most two operations. FP16 likewise: ptxas may pair scalar
     * halves into one half2 instruction. */
    if (among(base, float_ops)) {
        double ops = fma ? 2 : arith ? 1 : 0, slots = arith ? ops : 2;
        if (!strcmp(type, "f32")) {
            v[PTXK_FP32] += slots;
            v[PTXK_FLOP32] += ops;
            return;
        }
        if (!strcmp(type, "f64")) {
            v[PTXK_FP64] += slots;
            v[PTXK_FLOP64] += ops;
            return;
        }
        int pair = !strcmp(type, "f16x2") || !strcmp(type, "bf16x2");
        if (pair || !strcmp(type, "f16") || !strcmp(type, "bf16")) {
            v[PTXK_FP16] += slots * (pair ? 2 : 1);
            v[PTXK_FLOP16] += ops * (pair ? 2 : 1);
            return;
        }
    }
    if (strcmp(type, "s32") && strcmp(type, "u32") && strcmp(type, "b32")) return;
    if (among(base, int_mul)) v[PTXK_INT_MUL] += 1;
    else if (among(base, int_alu)) v[PTXK_INT_ALU] += 1;
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

/* spine_of: marks in spine[] the statements that run exactly once a work-item: outside every loop
 * (a backward branch's span), every span a forward branch jumps over, and everything after a return
 * that is not the last instruction. */
static void spine_of(const struct parsed *p, char *spine)
{
    memset(spine, 1, (size_t)p->n);
    for (int i = 0; i < p->n; i++) {
        if (p->s[i].label) continue;
        const char *insn = ptx_opcode(p->s[i].text);
        char buf[128];
        const char *target = branch_target(insn, buf, sizeof buf);
        int at = target ? label_at(p, target) : -1;
        if (at >= 0) {
            int lo = at < i ? at : i + 1, hi = at < i ? i : at - 1;
            memset(spine + lo, 0, (size_t)(hi - lo + 1));
        } else if (!strncmp(insn, "ret", 3) || !strncmp(insn, "exit", 4)) {
            if (i + 1 < p->n) memset(spine + i + 1, 0, (size_t)(p->n - i - 1));
        }
    }
}

/* ends_block: whether statement i closes a basic block (a branch or a return: what follows may run
 * another number of times). */
static int ends_block(const struct parsed *p, int i)
{
    const char *insn = ptx_opcode(p->s[i].text);
    return !strncmp(insn, "bra", 3) || !strncmp(insn, "ret", 3) || !strncmp(insn, "exit", 4);
}

/* ratio_min: for each kind, the least of kind over ref among blocks that hold ref work. */
static void ratio_min(const double *block, enum ptx_kind ref, double *ratio, int *found)
{
    if (!(block[ref] > 0)) return;
    for (int k = 0; k < PTXK_NCOUNT; k++) {
        double r = block[k] / block[ref];
        if (!*found || r < ratio[k]) ratio[k] = r;
    }
    *found = 1;
}

/* callee: the function a call statement calls ("call.uni (retval0), _Z3fmafff, (param0, ...)"), in
 * buf; NULL when stmt is not a call. */
static const char *callee(const char *insn, char *buf, size_t size)
{
    if (strncmp(insn, "call", 4)) return NULL;
    const char *t = insn + 4;
    while (*t && !isspace((unsigned char)*t)) t++;
    while (isspace((unsigned char)*t)) t++;
    if (*t == '(') {                           /* the return values */
        t = strchr(t, ')');
        if (!t) return NULL;
        t++;
        while (isspace((unsigned char)*t) || *t == ',') t++;
    }
    size_t n = 0;
    while (t[n] && !isspace((unsigned char)t[n]) && t[n] != ',' && t[n] != ';' && n < size - 1) n++;
    memcpy(buf, t, n);
    buf[n] = '\0';
    return n ? buf : NULL;
}

/* Calls are followed this deep (NVIDIA's unoptimised code calls fma() and get_global_id()). */
enum { CALL_DEPTH = 4 };

/* The callees' spines read so far in one ptx_mix_read: unoptimised code calls fma() hundreds of times
 * a loop, and each read of a function scans the module. */
struct callees { struct { char *name; double spine[PTXK_NCOUNT]; } *f; int n; };

static int counts(const char *ptx, const char *name, enum ptx_kind ref, int depth, double *spine, double *ratio,
                  int *blocks, struct callees *seen);

/* add_callee: callee f's spine added into `into`, read once. */
static void add_callee(const char *ptx, const char *f, enum ptx_kind ref, int depth, double *into, struct callees *seen)
{
    int i = 0;
    while (i < seen->n && strcmp(seen->f[i].name, f)) i++;
    if (i == seen->n) {
        seen->f = xrealloc(seen->f, (size_t)(seen->n + 1) * sizeof *seen->f);
        memset(&seen->f[i], 0, sizeof seen->f[i]);
        seen->f[i].name = xstrdup(f);
        seen->n++;
        /* A callee whose body the module does not hold (counts says -1), or one past CALL_DEPTH, adds nothing. */
        double sp[PTXK_NCOUNT] = {0};
        if (depth < CALL_DEPTH) counts(ptx, f, ref, depth + 1, sp, NULL, NULL, seen);
        memcpy(seen->f[i].spine, sp, sizeof sp);   /* seen->f may have moved in the call */
    }
    for (int k = 0; k < PTXK_NCOUNT; k++) into[k] += seen->f[i].spine[k];
}

/* counts: the spine of function name into spine (a call adds its callee's spine where it stands),
 * and when ratio is not NULL the least kind per ref of its blocks off the spine (*blocks: how many
 * do ref work). -1 when name is not in ptx. */
static int counts(const char *ptx, const char *name, enum ptx_kind ref, int depth, double *spine, double *ratio,
                  int *blocks, struct callees *seen)
{
    struct parsed p = {0};
    if (ptx_walk(ptx, name, keep, &p)) return -1;
    char *on = xmalloc((size_t)p.n + 1);
    spine_of(&p, on);
    /* Each basic block off the spine runs an unknown number of times (0 or more): with only the
     * declared total of ref known, the least each kind can be is the spine's plus the declared rest
     * done by the block whose kind-per-ref is least. */
    double block[PTXK_NCOUNT] = {0};
    int in_block = 0;
    for (int i = 0; i <= p.n; i++) {
        int closes = i == p.n || p.s[i].label || on[i] || (in_block && ends_block(&p, i - 1));
        if (closes && in_block) {
            if (ratio) ratio_min(block, ref, ratio, blocks);
            memset(block, 0, sizeof block);
            in_block = 0;
        }
        if (i == p.n || p.s[i].label) continue;
        if (!on[i] && !ratio) continue;        /* a callee's blocks: only its spine is sure */
        double *into = on[i] ? spine : block;
        const char *insn = ptx_opcode(p.s[i].text);
        char buf[256];
        const char *f = callee(insn, buf, sizeof buf);
        if (f) add_callee(ptx, f, ref, depth, into, seen);
        else classify(insn, into);
        in_block |= !on[i];
    }
    for (int i = 0; i < p.n; i++) free(p.s[i].text);
    free(p.s);
    free(on);
    return 0;
}

int ptx_mix_read(const char *ptx, const char *entry, enum ptx_kind ref, struct ptx_mix *m, const char **why)
{
    memset(m, 0, sizeof *m);
    struct callees seen = {0};
    int rc = counts(ptx, entry, ref, 0, m->spine, m->ratio, &m->blocks, &seen);
    for (int i = 0; i < seen.n; i++) free(seen.f[i].name);
    free(seen.f);
    if (rc) {
        *why = "the kernel's entry is not in its PTX";
        return -1;
    }
    if (!m->blocks && !(m->spine[ref] > 0)) {
        *why = "the kernel's code holds no operation of the declared kind that clx counts (a division is the special-function unit's, not a flop)";
        return -1;
    }
    return 0;
}

double ptx_mix_total(const struct ptx_mix *m, enum ptx_kind ref, enum ptx_kind k, double per_item)
{
    double rest = per_item - m->spine[ref];
    if (rest < 0) rest = 0;
    if (!m->blocks) rest = 0;
    if (k == PTXK_INT32)
        return fmax(2 * (m->spine[PTXK_INT_MUL] + rest * m->ratio[PTXK_INT_MUL]), m->spine[PTXK_INT_ALU] + rest * m->ratio[PTXK_INT_ALU]);
    return m->spine[k] + rest * m->ratio[k];
}

const char *ptx_kind_name(enum ptx_kind k)
{
    static const char *const names[PTXK_N] = {"fp32", "fp64", "fp16", "int32", "sfu", "l1", "fp32 flops", "fp64 flops",
                                              "fp16 flops", "int32 operations", "global bytes"};
    return k >= 0 && k < PTXK_N ? names[k] : "";
}
