/* verify.c — compares device output with the expected values and names the first differences. */
#include "verify.h"
#include "lib/par.h"
#include "lib/util.h"
#include "store/strayrows.h"
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double verify_default_tol(enum cltype t)
{
    if (t == CT_FLOAT) return 1e-5;
    if (t == CT_DOUBLE) return 1e-12;
    return 0;
}

/* Integers are read at full width: 64-bit values above 2^53 do not survive a trip through double.
 * int_get: element i of an integer array of type t in 64 bits: a signed type's value sign-extended
 * (an int64_t once cast back), an unsigned type's as it is. */
static uint64_t int_get(enum cltype t, const void *p, size_t i)
{
    const struct cltype_info *ti = cltype_info(t);
    uint64_t v;
    switch (ti->size) {
    case 1:  v = ((const uint8_t *)p)[i]; break;
    case 2:  v = ((const uint16_t *)p)[i]; break;
    case 4:  v = ((const uint32_t *)p)[i]; break;
    default: return ((const uint64_t *)p)[i];
    }
    uint64_t sign = 1ull << (8 * ti->size - 1);
    return ti->is_signed && (v & sign) ? v | ~(sign - 1) : v;
}

/* int_absdiff: |got-want| exactly; unsigned wrap-around gives the right magnitude (< 2^64). */
static uint64_t int_absdiff(enum cltype t, const void *got, const void *want, size_t i)
{
    uint64_t a = int_get(t, got, i), b = int_get(t, want, i);
    int a_above = cltype_info(t)->is_signed ? (int64_t)a >= (int64_t)b : a >= b;
    return a_above ? a - b : b - a;
}

/* Errors of one element; rel < 0 means "not defined" (want == 0). */
struct elem_err { double abs, rel; };

static int check_int(enum cltype t, const void *got, const void *want, size_t i,
                     double rtol, double atol, struct elem_err *e)
{
    uint64_t d = int_absdiff(t, got, want, i);
    double w = fabs(cltype_get(t, want, i));
    e->abs = (double)d;
    e->rel = w != 0 ? e->abs / w : -1;
    if (rtol == 0 && atol == 0) return d == 0;
    return e->abs <= atol + rtol * w;
}

/* NaN matches only NaN and an infinity only itself: an unwritten (NaN-poisoned) element must fail. */
static int check_float(double g, double w, double rtol, double atol, struct elem_err *e)
{
    if (isnan(g) || isnan(w) || isinf(g) || isinf(w)) {
        int same = (isnan(g) && isnan(w)) || g == w;
        e->abs = e->rel = same ? 0 : INFINITY;
        return same;
    }
    e->abs = fabs(g - w);
    e->rel = w != 0 ? e->abs / fabs(w) : -1;
    return e->abs <= atol + rtol * fabs(w);
}

/* format_value: element i as text: exact for integers, enough digits to round-trip for floats. */
static void format_value(enum cltype t, const void *p, size_t i, char *buf, size_t n)
{
    const struct cltype_info *ti = cltype_info(t);
    if (t == CT_FLOAT) snprintf(buf, n, "%.9g", (double)((const float *)p)[i]);
    else if (t == CT_DOUBLE) snprintf(buf, n, "%.17g", ((const double *)p)[i]);
    else if (ti->is_signed) snprintf(buf, n, "%" PRId64, (int64_t)int_get(t, p, i));
    else snprintf(buf, n, "%" PRIu64, int_get(t, p, i));
}

static void report_mismatch(struct sbuf *b, const char *name, enum cltype t, const void *got,
                            const void *want, size_t i, size_t shown)
{
    char g[64], w[64];
    format_value(t, got, i, g, sizeof g);
    format_value(t, want, i, w, sizeof w);
    sb_printf(b, "%s%s[%zu]: got %s expected %s", shown ? "; " : "", name, i, g, w);
}

static void poison_range(enum cltype t, unsigned char *p, size_t lo, size_t hi);

/* poisoned: whether element i of got holds the poison's bytes at its place (the pattern repeats
 * every 4 elements at most: verify_poison). */
static int poisoned(enum cltype t, const void *got, size_t i)
{
    unsigned char pat[4 * 8];
    size_t es = cltype_info(t)->size;
    poison_range(t, pat, 0, 4);
    return !memcmp((const unsigned char *)got + i * es, pat + (i % 4) * es, es);
}

/* unwritten: whether element i of got (count elements) still holds the poison every output starts
 * as, with its neighbours too where an element is narrower than the pattern's 4 bytes, enough of
 * them in a row to hold all 4: one wrong uchar is the pattern's byte at its place one time in 256,
 * and such a value alone made a row say "never written" (and a run's end blame the global size, not
 * a wrong reference). Elements left unwritten lie in a row (a short global, an early bounds check). */
static int unwritten(enum cltype t, const void *got, size_t count, size_t i)
{
    if (!poisoned(t, got, i)) return 0;
    size_t es = cltype_info(t)->size, need = es < 4 ? (4 + es - 1) / es : 1, run = 1;
    if (need > count) need = count;
    for (size_t k = i; k > 0 && run < need && poisoned(t, got, k - 1); k--) run++;
    for (size_t k = i + 1; k < count && run < need && poisoned(t, got, k); k++) run++;
    return run >= need;
}

size_t verify_compare(const struct verify_job *j, struct verify_result *r)
{
    const char *name = j->name;
    enum cltype t = j->type;
    const void *got = j->got, *want = j->want;
    const size_t *idx = j->idx;
    size_t count = j->count, nidx = j->nidx;
    double rtol = j->rtol, atol = j->atol;
    struct verify_result local;
    if (!r) r = &local;
    memset(r, 0, sizeof *r);
    int is_float = cltype_info(t)->is_float;
    size_t n = idx ? nidx : count, shown = 0, bad_idx = 0, first_unwritten = 0;
    struct sbuf b = {0};
    for (size_t k = 0; k < n; k++) {
        size_t i = idx ? idx[k] : k;
        if (i >= count) { bad_idx++; continue; }
        struct elem_err e;
        int ok = is_float ? check_float(cltype_get(t, got, i), cltype_get(t, want, i), rtol, atol, &e)
                          : check_int(t, got, want, i, rtol, atol, &e);
        r->checked++;
        if (e.abs > r->max_abs_err) r->max_abs_err = e.abs;
        if (e.rel > r->max_rel_err) r->max_rel_err = e.rel;
        if (ok) continue;
        if (unwritten(t, got, count, i) && !r->unwritten++) first_unwritten = i;
        if (r->mismatches++ < VERIFY_SHOW) report_mismatch(&b, name, t, got, want, i, shown++);
    }
    if (bad_idx) warn("verify %s: %zu check indices beyond the %zu elements were skipped", name, bad_idx, count);
    if (r->mismatches > shown) sb_printf(&b, ", ... %zu more", r->mismatches - shown);
    /* Elements no work-item wrote (a global size short of the output, a bounds check that stops too
     * early) are no wrong answer: said so, so that the reference is not suspected for them. */
    if (r->unwritten)
        sb_printf(&b, "; %s%zu of them " UNWRITTEN_WORDS " (they hold the poison the output starts as), the first "
                  "%s[%zu]: does the global size give every element a work-item?", r->unwritten == r->mismatches ? "all " : "",
                  r->unwritten, name, first_unwritten);
    r->report = b.s;
    size_t bad = r->mismatches;
    if (r == &local) verify_result_free(r);
    return bad;
}

void verify_result_free(struct verify_result *r)
{
    free(r->report);
    r->report = NULL;
}

/* poison_range: elements [lo, hi) of a buffer of type t get the poison pattern, element-wise
 * through memcpy so the NaN payload bits are stored exactly as written. */
static void poison_range(enum cltype t, unsigned char *p, size_t lo, size_t hi)
{
    if (t == CT_FLOAT) {
        uint32_t bits = 0x7FC0DEADu;
        for (size_t i = lo; i < hi; i++) memcpy(p + i * 4, &bits, 4);
    } else if (t == CT_DOUBLE) {
        uint64_t bits = 0x7FF8DEADBEEF0000ull;
        for (size_t i = lo; i < hi; i++) memcpy(p + i * 8, &bits, 8);
    } else {
        static const unsigned char pat[4] = {0xDE, 0xAD, 0xBE, 0xEF};
        size_t es = cltype_info(t)->size;
        for (size_t i = lo * es; i < hi * es; i++) p[i] = pat[i % 4];
    }
}

struct poison_job {
    enum cltype t;
    unsigned char *p;
};

static int poison_part(void *arg, int k, size_t lo, size_t hi)
{
    (void)k;
    const struct poison_job *j = arg;
    poison_range(j->t, j->p, lo, hi);
    return 0;
}

/* Split over the host's cores: a fresh buffer's first writes are page faults that zero each page,
 * and a single thread spent most of vecsum's 0.6-0.8 s of expected outputs on an H200's host so
 * (1.2 GiB of them). The pattern repeats every 4 bytes and parts start on element boundaries. */
void verify_poison(enum cltype t, void *data, size_t count)
{
    struct poison_job j = { .t = t, .p = data };
    par_for(count, (size_t)1 << 20, poison_part, &j);
}
