/* expr.c — variables, size suffixes and expressions parsed on top of muparser's C interface
 * (expr_compile, with its parse errors); running them, and saying why a value is none, is
 * expr_eval.c's. Why muparser: a maintained Debian-packaged library with the ternary operator,
 * comparisons, min/max and precise error positions; libmatheval (the other candidate) has none of
 * those. */
#include "expr_impl.h"
#include "names.h"
#include "util.h"
#include <ctype.h>
#include <fenv.h>
#include <math.h>
#include <stdio.h>
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

/* expr_plain_value: a text that is one variable's name or a number of digits and a point, as
 * muparser would read it; 0 when it is anything else. A run evaluates a configuration's buffer
 * counts and arguments at every round, mostly plain names ("N", "GLOBAL"), and a muparser made for
 * each took 5 s of taylor's 50 s sweep on an H100. */
int expr_plain_value(const char *text, const struct vars *v, double *out)
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

/* counted_from_1: muparser's message msg about text, its " at position P" (P counted from 0, where
 * the error is) said as " at character P+1", which is how an editor counts a column ("position 5"
 * of 'VEC +* 2' was its sixth character, the '*'), and left out where P lies past the text (its end:
 * muparser parses the text with a blank added); a closing '.' dropped, as " in '...'" follows. A new
 * string. */
static char *counted_from_1(const char *msg, int pos, const char *text)
{
    char at[48];
    snprintf(at, sizeof at, " at position %d", pos);
    const char *hit = pos >= 0 ? strstr(msg, at) : NULL;
    size_t n = strlen(msg);
    if (n && msg[n - 1] == '.') n--;
    if (!hit) return xasprintf("%.*s", (int)n, msg);
    const char *rest = hit + strlen(at);
    char *said = pos < (int)strlen(text) ? xasprintf(" at character %d", pos + 1) : xstrdup("");
    char *e = xasprintf("%.*s%s%.*s", (int)(hit - msg), msg, said, (int)(n - (size_t)(rest - msg)), rest);
    free(said);
    return e;
}

/* expr_parser_error: p's error in text, as a new string: the unknown name (with the one of
 * names[0..n) that was meant, where one is near: VECC for VEC), or muparser's message. */
char *expr_parser_error(muParserHandle_t p, const char *text, char *const *names, int n)
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
    char *msg = counted_from_1(mupGetErrorMsg(p), mupGetErrorPos(p), text);
    char *e = xasprintf("%s in '%s'", msg, text);
    free(msg);
    return e;
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
        if (err) *err = expr_parser_error(x->p, text, x->names, x->n);
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
