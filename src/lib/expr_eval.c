/* expr_eval.c — expressions run with values: a compiled program run (expr_run), the programs kept
 * between evaluations (expr_eval), and the words saying why a value is not finite. Apart from
 * expr.c's parsing because saying why evaluates the divisors again, through expr_eval. */
#include "expr_impl.h"
#include "util.h"
#include <ctype.h>
#include <fenv.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

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

char *expr_values_read(const char *text, const struct vars *v)
{
    return at_names(text, v, 0);
}

char *expr_negative_said(const char *label, const char *where, const char *text, const struct vars *v, double x)
{
    char *at = at_names(text, v, 0), *who = said_as(label, where, text);
    char *e = xasprintf("%s is negative (%g)%s%s", who, x, at ? " at " : "", at ? at : "");
    free(at);
    free(who);
    return e;
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
        if (err) *err = labelled(label, where, x->text, expr_parser_error(x->p, x->text, x->names, x->n));
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
    if (expr_plain_value(text, v, out)) return 0;
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
