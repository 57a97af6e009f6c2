/* expr.c — variables and expression evaluation on top of muparser's C interface.
 * Why muparser: a maintained Debian-packaged library with the ternary operator, comparisons,
 * min/max and precise error positions; libmatheval (the other candidate) has none of those. */
#include "expr.h"
#include "names.h"
#include "util.h"
#include <ctype.h>
#include <fenv.h>
#include <math.h>
#include <muParserDLL.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

void vars_set(struct vars *v, const char *name, double value)
{
    for (int i = 0; i < v->n; i++)
        if (strcmp(v->names[i], name) == 0) { v->values[i] = value; return; }
    if (v->n == v->cap) {
        v->cap = v->cap ? v->cap * 2 : 16;
        v->names = xrealloc(v->names, sizeof *v->names * (size_t)v->cap);
        v->values = xrealloc(v->values, sizeof *v->values * (size_t)v->cap);
    }
    v->names[v->n] = xstrdup(name);
    v->values[v->n++] = value;
}

int vars_get(const struct vars *v, const char *name, double *value)
{
    for (int i = 0; i < v->n; i++)
        if (strcmp(v->names[i], name) == 0) { *value = v->values[i]; return 1; }
    return 0;
}

void vars_copy(struct vars *dst, const struct vars *src)
{
    for (int i = 0; i < src->n; i++) vars_set(dst, src->names[i], src->values[i]);
}

void vars_free(struct vars *v)
{
    for (int i = 0; i < v->n; i++) free(v->names[i]);
    free(v->names);
    free(v->values);
    memset(v, 0, sizeof *v);
}

static double f_ceil(double x) { return ceil(x); }
static double f_floor(double x) { return floor(x); }
/* undefined_op: NaN, with the floating-point flag a division by zero raises, so that
 * expr_run_traced sees ceil_div(a, 0) and a % 0 as it sees a / 0. */
static double undefined_op(void)
{
    feraiseexcept(FE_DIVBYZERO);
    return NAN;
}
static double f_ceil_div(double a, double b) { return b != 0 ? ceil(a / b) : undefined_op(); }
static double f_round_up(double a, double b) { return b != 0 ? ceil(a / b) * b : undefined_op(); }
/* a % b, as C's fmod (the sign of a); NaN for b = 0: a restriction such as "MWG % MDIMC == 0". */
static double f_mod(double a, double b) { return b != 0 ? fmod(a, b) : undefined_op(); }
static double sfx_k(double x) { return x * 1e3; }
static double sfx_m(double x) { return x * 1e6; }
static double sfx_g(double x) { return x * 1e9; }
static double sfx_ki(double x) { return x * 1024.0; }
static double sfx_mi(double x) { return x * 1048576.0; }
static double sfx_gi(double x) { return x * 1073741824.0; }

/* Size suffixes, shared by expressions and parse_number; add a row for a new suffix. */
static const struct { const char *name; double scale; double (*fn)(double); } suffixes[] = {
    {"Ki", 1024.0, sfx_ki}, {"Mi", 1048576.0, sfx_mi}, {"Gi", 1073741824.0, sfx_gi},
    {"K", 1e3, sfx_k}, {"M", 1e6, sfx_m}, {"G", 1e9, sfx_g},
};
#define NSUFFIX (sizeof suffixes / sizeof suffixes[0])

/* plain_value: a text that is one variable's name or a number of digits and a point, as muparser
 * would read it; 0 when it is anything else. A run evaluates a configuration's buffer counts and
 * arguments at every round, mostly plain names ("N", "GLOBAL"), and a muparser made for each took
 * 5 s of taylor's 50 s sweep on an H100. */
static int plain_value(const char *text, const struct vars *v, double *out)
{
    const char *t = text;
    while (*t == ' ') t++;
    size_t n = strlen(t);
    while (n && t[n - 1] == ' ') n--;
    if (!n || n >= 64) return 0;
    char name[64];
    memcpy(name, t, n);
    name[n] = 0;
    if (isalpha((unsigned char)name[0]) || name[0] == '_') {
        for (size_t i = 1; i < n; i++)
            if (!isalnum((unsigned char)name[i]) && name[i] != '_') return 0;
        return vars_get(v, name, out) && isfinite(*out);
    }
    int points = 0;
    for (size_t i = 0; i < n; i++) {
        if (name[i] == '.') points++;
        else if (!isdigit((unsigned char)name[i])) return 0;
    }
    if (points > 1 || n == (size_t)points) return 0;
    *out = strtod(name, NULL);
    return 1;
}

/* parser_new: a muparser with clx's functions and suffixes, and v's names bound to vals[] (a copy
 * of v's values: muparser keeps pointers to variables). */
static muParserHandle_t parser_new(const struct vars *v, double *vals)
{
    muParserHandle_t p = mupCreate(muBASETYPE_FLOAT);
    for (int i = 0; i < v->n; i++) {
        vals[i] = v->values[i];
        mupDefineVar(p, v->names[i], &vals[i]);
    }
    mupDefineFun1(p, "ceil", f_ceil, 1);
    mupDefineFun1(p, "floor", f_floor, 1);
    mupDefineFun2(p, "ceil_div", f_ceil_div, 1);
    mupDefineFun2(p, "round_up", f_round_up, 1);
    mupDefineOprt(p, "%", f_mod, 6 /* muparser's prMUL_DIV: binds as * and / do */, muOPRT_ASCT_LEFT, 1);
    for (size_t i = 0; i < NSUFFIX; i++) mupDefinePostfixOprt(p, suffixes[i].name, suffixes[i].fn, 1);
    return p;
}

/* The operators an expression may use, as a message lists them. */
#define OPERATORS "+ - * / % ^, == != < <= > >=, && ||, ?:"

/* The signs operators are made of. */
#define OPERATOR_SIGNS "+-*/%^=!<>&|?:"

/* not_an_operator: where muparser stopped at a sign no name starts with (its "unknown name" is
 * then "% KWI == 0", the text from the second '%' of "KWG %% KWI == 0"), that the signs there
 * are no operator, as a new string; NULL where it stopped at a name. */
static char *not_an_operator(const char *text, const char *tok, int pos)
{
    while (*tok == ' ') tok++;
    if (!*tok || !strchr(OPERATOR_SIGNS, *tok)) return NULL;
    int n = (int)strlen(text);
    if (pos < 0 || pos >= n || text[pos] != *tok) {
        const char *at = strstr(text, tok);
        pos = at ? (int)(at - text) : -1;
    }
    if (pos < 0) return NULL;
    int from = pos, to = pos;
    while (from > 0 && strchr(OPERATOR_SIGNS, text[from - 1])) from--;
    while (to < n && text[to] && strchr(OPERATOR_SIGNS, text[to])) to++;
    return xasprintf("'%.*s' in '%s' is not an operator (the operators: + - * / %% ^, == != < <= > >=, && ||, ?:)",
                     to - from, text + from, text);
}

/* parser_error: p's error in text, as a new string: the unknown name (with the one of names[0..n)
 * that was meant, where one is near: VECC for VEC), or muparser's message. */
static char *parser_error(muParserHandle_t p, const char *text, char *const *names, int n)
{
    const char *tok = mupGetErrorToken(p);
    /* ecUNASSIGNABLE_TOKEN (the usual "unknown name") is code 1 in muParserError.h. */
    char *op = mupGetErrorCode(p) == 1 && tok ? not_an_operator(text, tok, mupGetErrorPos(p)) : NULL;
    if (op) return op;
    if (mupGetErrorCode(p) == 1 && tok && *tok) {
        char *meant = did_you_mean(tok, names, n);
        char *e = xasprintf("unknown name '%s' in '%s'%s", tok, text, meant);
        free(meant);
        return e;
    }
    return xasprintf("%s in '%s'", mupGetErrorMsg(p), text);
}

char *expr_unknown_name(const char *text, const struct vars *v)
{
    double *vals = xcalloc((size_t)v->n + 1, sizeof *vals);
    muParserHandle_t p = parser_new(v, vals);
    char *name = NULL;
    if (!mupError(p)) {
        mupSetExpr(p, text);
        mupEval(p);
    }
    const char *tok = mupError(p) && mupGetErrorCode(p) == 1 ? mupGetErrorToken(p) : NULL;
    char *op = tok ? not_an_operator(text, tok, mupGetErrorPos(p)) : NULL;
    if (tok && *tok && !op) name = xstrdup(tok);
    free(op);
    mupRelease(p);
    free(vals);
    return name;
}

/* A parsed expression over a fixed set of names (expr_compile). */
struct expr_prog {
    muParserHandle_t p;
    double *vals;
    int n;
    int *used;          /* [name]: the expression reads it */
    char **names;       /* the names, in the order of vals */
    char *text;
};

/* word_at: whether name stands at p of text as a name of its own (not inside a longer one). */
static int word_at(const char *text, const char *p, const char *name)
{
    size_t n = strlen(name);
    return strncmp(p, name, n) == 0 && (p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
           !(isalnum((unsigned char)p[n]) || p[n] == '_');
}

static int reads_word(const char *text, const char *name)
{
    for (const char *p = text; (p = strstr(p, name)); p++)
        if (word_at(text, p, name)) return 1;
    return 0;
}

/* operand_end: where the operand that starts at p ends: a group in parentheses, a call, a name,
 * or a number with its suffix, and a power of it ("b^2"); p itself where none starts there. */
static const char *operand_end(const char *p)
{
    while (*p == ' ') p++;
    while (*p == '-' || *p == '+') p++;
    const char *q = p;
    if (isalpha((unsigned char)*q) || *q == '_') {
        while (isalnum((unsigned char)*q) || *q == '_') q++;
        const char *c = q;
        while (*c == ' ') c++;
        if (*c == '(') q = c;
    } else if (isdigit((unsigned char)*q) || *q == '.') {
        while (isalnum((unsigned char)*q) || *q == '.' || ((*q == '-' || *q == '+') && (q[-1] == 'e' || q[-1] == 'E'))) q++;
    }
    if (*q == '(') {
        int depth = 0;
        do {
            depth += *q == '(';
            depth -= *q == ')';
            q++;
        } while (*q && depth > 0);
    }
    const char *c = q;
    while (*c == ' ') c++;
    return *c == '^' ? operand_end(c + 1) : q;
}

/* zero_divisor: the first divisor of text ("OPW * VEC" of "N / (OPW * VEC)") that is 0 with v, a
 * new string; NULL where none is. Read from the text, for a message only: 0/0 raises the same
 * floating-point flag as the square root of a negative, muparser computes "1 / 0" when it parses
 * it, before any flag can be cleared, and the divisor's names are the ones to say. */
static char *zero_divisor(const char *text, const struct vars *v)
{
    for (const char *p = strchr(text, '/'); p; p = strchr(p + 1, '/')) {
        const char *end = operand_end(p + 1);
        char *d = xasprintf("%.*s", (int)(end - (p + 1)), p + 1);
        double y;
        if (expr_eval(str_trim(d), v, &y, NULL) == 0 && y == 0) {
            char *t = xstrdup(str_trim(d));
            free(d);
            return t;
        }
        free(d);
    }
    return NULL;
}

/* at_names: "VEC=0, OPW=1": of the names in v that text reads, those that are 0 where zeros is set
 * and one is, else all of them; NULL where it reads none. */
static char *at_names(const char *text, const struct vars *v, int zeros)
{
    int any_zero = 0;
    for (int i = 0; zeros && i < v->n && !any_zero; i++) any_zero = v->values[i] == 0 && reads_word(text, v->names[i]);
    struct sbuf b = {0};
    for (int i = 0; i < v->n; i++) {
        if (!reads_word(text, v->names[i]) || (any_zero && v->values[i] != 0)) continue;
        char *x = number_words(v->values[i]);
        sb_printf(&b, "%s%s=%s", b.len ? ", " : "", v->names[i], x);
        free(x);
    }
    return b.s;
}

/* said_as: how a message names text: "global = 'ceil_div(N, VEC)' (f.spec:10)" where the caller
 * says which setting it is (label) and where, else "'ceil_div(N, VEC)'"; a new string. */
static char *said_as(const char *label, const char *where, const char *text)
{
    if (!label) return xasprintf("'%s'", text);
    return where ? xasprintf("%s = '%s' (%s)", label, text, where) : xasprintf("%s = '%s'", label, text);
}

/* labelled: e (freed) after said_as's words for text where there is a label ("global = 'X'
 * (f.spec:10): unknown name ..."), else e itself. */
static char *labelled(const char *label, const char *where, const char *text, char *e)
{
    if (!label || !e) return e;
    char *who = said_as(label, where, text), *l = xasprintf("%s: %s", who, e);
    free(who);
    free(e);
    return l;
}

/* undefined_said: why text, x with v and the floating-point flags its evaluation raised (divided:
 * FE_DIVBYZERO), is not finite: "'N / VEC' is not a number at VEC=0: division by zero". */
static char *undefined_said(const char *label, const char *where, const char *text, const struct vars *v, double x,
                            int divided)
{
    /* A name whose own value is none (a NaN given to it) is why, whatever the text does with it. */
    const char *given = NULL;
    double gv = 0;
    for (int i = 0; i < v->n && !given; i++)
        if (!isfinite(v->values[i]) && reads_word(text, v->names[i])) given = v->names[i], gv = v->values[i];
    char *divisor = given ? NULL : zero_divisor(text, v);
    char *at = given ? NULL : at_names(divisor ? divisor : text, v, divided || divisor);
    char *who = said_as(label, where, text);
    char *why = given ? xasprintf("%s itself is %s", given, isnan(gv) ? "not a number (NaN)" : "infinite")
              : xstrdup(divided || divisor ? "division by zero"
                        : isnan(x) ? "the square root or log of a negative, 0 * infinity, ..." : "too large");
    char *e = xasprintf("%s is %s%s%s: %s", who, isnan(x) ? "not a number" : "infinite", at ? " at " : "", at ? at : "", why);
    free(why);
    free(divisor);
    free(at);
    free(who);
    return e;
}

/* assigns: whether text holds a lone '=' (not in ==, <=, >=, !=): muparser reads it as an
 * assignment, so "max(a) = max(b)" sets a value and is true, never a comparison. */
static int assigns(const char *text)
{
    for (const char *c = text; *c; c++)
        if (*c == '=' && c[1] != '=' && (c == text || !strchr("=<>!", c[-1]))) return 1;
    return 0;
}

struct expr_prog *expr_compile(const char *text, const struct vars *names, char **err)
{
    if (assigns(text)) {
        if (err) *err = xasprintf("'=' in '%s' would assign a value, not compare: write '==' to compare", text);
        return NULL;
    }
    struct expr_prog *x = xcalloc(1, sizeof *x);
    x->n = names->n;
    x->vals = xcalloc((size_t)(x->n ? x->n : 1), sizeof *x->vals);
    x->used = xcalloc((size_t)(x->n ? x->n : 1), sizeof *x->used);
    x->text = xstrdup(text);
    x->names = xcalloc((size_t)(x->n ? x->n : 1), sizeof *x->names);
    for (int i = 0; i < x->n; i++) x->names[i] = xstrdup(names->names[i]);
    x->p = parser_new(names, x->vals);
    if (!mupError(x->p)) {
        mupSetExpr(x->p, text);
        mupEval(x->p);                   /* parses it: an unknown name or a syntax error shows now */
    }
    if (mupError(x->p)) {
        if (err) *err = parser_error(x->p, text, x->names, x->n);
        expr_free(x);
        return NULL;
    }
    for (int k = 0; k < mupGetExprVarNum(x->p); k++) {
        const char *name;
        double *at;
        mupGetExprVar(x->p, (unsigned)k, &name, &at);
        for (int i = 0; i < x->n; i++) x->used[i] |= at == &x->vals[i];
    }
    return x;
}

/* prog_eval_as: x with values[i] for its i-th name: 0, -1 or -2 as expr_eval, its message naming
 * the text as said_as does. */
static int prog_eval_as(struct expr_prog *x, const double *values, double *out, char **err, const char *label,
                        const char *where)
{
    if (x->n) memcpy(x->vals, values, sizeof *x->vals * (size_t)x->n);
    feclearexcept(FE_DIVBYZERO);
    *out = mupEval(x->p);
    if (mupError(x->p)) {
        if (err) *err = labelled(label, where, x->text, parser_error(x->p, x->text, x->names, x->n));
        return -1;
    }
    if (isfinite(*out)) return 0;
    if (err) {
        /* The flags kept for expr_run_traced, which reads them after this. */
        fexcept_t flags;
        fegetexceptflag(&flags, FE_DIVBYZERO | FE_INVALID);
        /* Copies: the divisors are evaluated as texts of their own, which may make way for them in
         * the kept programs by freeing x. */
        struct vars view = { .names = x->names, .values = x->vals, .n = x->n, .cap = x->n }, copy = {0};
        vars_copy(&copy, &view);
        char *text = xstrdup(x->text);
        *err = undefined_said(label, where, text, &copy, *out, fetestexcept(FE_DIVBYZERO) != 0);
        free(text);
        vars_free(&copy);
        fesetexceptflag(&flags, FE_DIVBYZERO | FE_INVALID);
    }
    return -2;
}

static int prog_eval(struct expr_prog *x, const double *values, double *out, char **err)
{
    return prog_eval_as(x, values, out, err, NULL, NULL);
}

int expr_run(struct expr_prog *x, const double *values, double *out, char **err)
{
    for (int i = 0; i < x->n; i++)
        if (x->used[i] && isnan(values[i])) {
            if (err) *err = xasprintf("'%s' reads a name that has no value here", x->text);
            return -1;
        }
    return prog_eval(x, values, out, err);
}

int expr_run_traced(struct expr_prog *x, const double *values, double *out, int *undefined)
{
    feclearexcept(FE_DIVBYZERO | FE_INVALID);
    int rc = expr_run(x, values, out, NULL);
    *undefined = rc != -1 && (rc == -2 || fetestexcept(FE_DIVBYZERO | FE_INVALID));
    return rc;
}

int expr_reads(const struct expr_prog *x, const char *name)
{
    for (int i = 0; i < x->n; i++)
        if (x->used[i] && !strcmp(x->names[i], name)) return 1;
    return 0;
}

void expr_free(struct expr_prog *x)
{
    if (!x) return;
    mupRelease(x->p);
    for (int i = 0; i < x->n; i++) free(x->names[i]);
    free(x->names);
    free(x->vals);
    free(x->used);
    free(x->text);
    free(x);
}

int parse_number(const char *s, double *out)
{
    char *end;
    if (!s || !*s) return -1;
    double x = strtod(s, &end);
    if (end == s) return -1;
    if (*end) {
        size_t i;
        for (i = 0; i < NSUFFIX; i++)
            if (strcmp(end, suffixes[i].name) == 0) break;
        if (i == NSUFFIX) return -1;
        x *= suffixes[i].scale;
    }
    if (!isfinite(x)) return -1;
    *out = x;
    return 0;
}

char *number_words(double x)
{
    if (x == floor(x) && fabs(x) >= 10000 && fabs(x) < 1e18) {
        /* The suffix that leaves the smaller whole number: 1Mi for 1048576, 10M for 10000000. */
        int best = -1;
        double least = fabs(x);
        for (size_t i = 0; i < NSUFFIX; i++) {
            double q = x / suffixes[i].scale;
            if (q == floor(q) && fabs(q) < least) { least = fabs(q); best = (int)i; }
        }
        if (best >= 0) return xasprintf("%.0f%s", x / suffixes[best].scale, suffixes[best].name);
    }
    if (x == floor(x) && fabs(x) < 1e15) return xasprintf("%.0f", x);
    return xasprintf("%.6g", x);
}

/* Programs expr_eval keeps, on the thread that evaluated first: a sweep evaluates the same few
 * expressions over the same names for every configuration, and making a muparser for each took
 * 0.9 s of a taylor sweep's 20 (4,800 configurations, an H200's host, 2026-11-30). */
enum { KEPT = 64 };
static struct expr_prog *kept[KEPT];
static int nkept, evict_next;
static pthread_t keeper;
static int keeper_known;

/* kept_for: the kept program of text over v's names (in v's order), or NULL. */
static struct expr_prog *kept_for(const char *text, const struct vars *v)
{
    for (int i = 0; i < nkept; i++) {
        struct expr_prog *x = kept[i];
        if (x->n != v->n || strcmp(x->text, text)) continue;
        int same = 1;
        for (int j = 0; j < v->n && same; j++) same = !strcmp(x->names[j], v->names[j]);
        if (same) return x;
    }
    return NULL;
}

/* keep: x kept for the next evaluation, in place of the oldest kept when all places are taken. */
static void keep(struct expr_prog *x)
{
    if (nkept < KEPT) {
        kept[nkept++] = x;
        return;
    }
    expr_free(kept[evict_next]);
    kept[evict_next] = x;
    evict_next = (evict_next + 1) % KEPT;
}

/* keeps_here: whether this thread keeps programs (the first to evaluate; muparser's handles are
 * not to be shared between threads). */
static int keeps_here(void)
{
    if (!keeper_known) {
        keeper = pthread_self();
        keeper_known = 1;
    }
    return pthread_equal(keeper, pthread_self());
}

int expr_eval_as(const char *label, const char *where, const char *text, const struct vars *v, double *out, char **err)
{
    if (plain_value(text, v, out)) return 0;
    int keeping = keeps_here();
    struct expr_prog *x = keeping ? kept_for(text, v) : NULL;
    if (x) return prog_eval_as(x, v->values, out, err, label, where);
    if (!(x = expr_compile(text, v, err))) {
        if (err) *err = labelled(label, where, text, *err);
        return -1;
    }
    int rc = prog_eval_as(x, v->values, out, err, label, where);
    if (keeping) keep(x);
    else expr_free(x);
    return rc;
}

int expr_eval(const char *text, const struct vars *v, double *out, char **err)
{
    return expr_eval_as(NULL, NULL, text, v, out, err);
}
