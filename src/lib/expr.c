/* expr.c — variables and expression evaluation on top of muparser's C interface.
 * Why muparser: a maintained Debian-packaged library with the ternary operator, comparisons,
 * min/max and precise error positions; libmatheval (the other candidate) has none of those. */
#include "expr.h"
#include "util.h"
#include <ctype.h>
#include <math.h>
#include <muParserDLL.h>
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
static double f_ceil_div(double a, double b) { return b != 0 ? ceil(a / b) : NAN; }
static double f_round_up(double a, double b) { return b != 0 ? ceil(a / b) * b : NAN; }
/* a % b, as C's fmod (the sign of a); NaN for b = 0: a restriction such as "MWG % MDIMC == 0". */
static double f_mod(double a, double b) { return b != 0 ? fmod(a, b) : NAN; }
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

int expr_eval(const char *text, const struct vars *v, double *out, char **err)
{
    if (plain_value(text, v, out)) return 0;
    muParserHandle_t p = mupCreate(muBASETYPE_FLOAT);
    /* muparser keeps pointers to variables: evaluate against a private copy. */
    double *vals = xmalloc(sizeof *vals * (size_t)(v->n ? v->n : 1));
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
    int rc = 0;
    if (mupError(p)) goto fail;          /* a variable name muparser refuses */
    mupSetExpr(p, text);
    *out = mupEval(p);
    if (mupError(p)) goto fail;
    if (!isfinite(*out)) {
        if (err) *err = xasprintf(isnan(*out) ? "'%s' is not a number (NaN: the square root or log of a negative, 0/0, ...)"
                                              : "'%s' is infinite (a division by zero, or too large)", text);
        rc = -2;
    }
    goto out;
fail:
    rc = -1;
    if (err) {
        const char *tok = mupGetErrorToken(p);
        int code = mupGetErrorCode(p);
        /* ecUNASSIGNABLE_TOKEN (the usual "unknown name") is code 1 in muParserError.h. */
        if (code == 1 && tok && *tok)
            *err = xasprintf("unknown name '%s' in '%s'", tok, text);
        else
            *err = xasprintf("%s in '%s'", mupGetErrorMsg(p), text);
    }
out:
    mupRelease(p);
    free(vals);
    return rc;
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
