/* findings_tsv.c — findings.tsv: a row per finding, its cells from the finding's evaluation (the
 * verdict, the part that decided it, the rows its selectors read), never from a second one. */
#include "findings_tsv.h"
#include "spec/finding_form.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a row's cells are made from. */
struct cells {
    int k;
    const struct spec_finding *f;
    const struct finding_result *fr;
    const struct finding_part *decider;  /* the part whose verdict is the finding's, or NULL */
    struct claim_range claimed;
    int has_claimed;
};

/* num: x for a cell, "" where it is no finite number (an empty cell: none). A new string. */
static char *num(double x) { return isfinite(x) ? xasprintf("%.6g", x) : xstrdup(""); }
static char *text(const char *s) { return xstrdup(s ? s : ""); }

static char *c_finding(const struct cells *c) { return xasprintf("%d", c->k); }
static char *c_claim(const struct cells *c) { return text(c->f->claim); }
static char *c_where(const struct cells *c) { return text(c->f->where); }
static char *c_verdict(const struct cells *c) { return text(verdict_token(c->fr->verdict)); }
/* c_form: the parts the spec gives the finding, in the order judged: "check+compare". */
static char *c_form(const struct cells *c)
{
    struct sbuf b = {0};
    const char *name[] = { "check", "compare", "size", "given" };
    const char *set[] = { c->f->check, c->f->compare, c->f->size, c->f->given };
    for (size_t i = 0; i < sizeof name / sizeof *name; i++)
        if (set[i]) sb_printf(&b, "%s%s", b.len ? "+" : "", name[i]);
    return b.s ? b.s : xstrdup("");
}
static char *c_decided_by(const struct cells *c) { return text(c->decider ? c->decider->text : NULL); }
static char *c_value(const struct cells *c) { return num(c->decider ? c->decider->value : NAN); }
/* The values its noise allows, of a part that has a value (a check has none). */
static char *c_value_lo(const struct cells *c) { return num(c->decider && !isnan(c->decider->value) ? c->decider->lo : NAN); }
static char *c_value_hi(const struct cells *c) { return num(c->decider && !isnan(c->decider->value) ? c->decider->hi : NAN); }
static char *c_claimed(const struct cells *c) { return text(c->f->claimed); }
static char *c_claimed_lo(const struct cells *c) { return num(c->has_claimed ? c->claimed.lo : NAN); }
static char *c_claimed_hi(const struct cells *c) { return num(c->has_claimed ? c->claimed.hi : NAN); }
static char *c_rows(const struct cells *c) { return xasprintf("%d", c->fr->trace.nrows); }
/* c_row_numbers: the rows' numbers in results.tsv, 1 the first under its header: "1;3". */
static char *c_row_numbers(const struct cells *c)
{
    struct sbuf b = {0};
    for (int i = 0; i < c->fr->trace.nrows; i++) sb_printf(&b, "%s%d", i ? ";" : "", c->fr->trace.rows[i] + 1);
    return b.s ? b.s : xstrdup("");
}
/* c_why: what is missing for a finding that cannot be checked, what leaves one open that cannot be
 * decided; empty for the others. */
static char *c_why(const struct cells *c)
{
    if (c->fr->verdict == V_NODATA) return text(c->fr->why);
    return text(c->fr->verdict == V_UNDECIDED && c->decider ? c->decider->undecided : NULL);
}
static char *c_measured(const struct cells *c) { return text(c->fr->measured); }

/* The columns, in the file's order. To add one: a row here and its line in docs/report.md's table
 * (tests/e2e/findings_tsv.sh checks that they agree). */
static const struct { const char *name; char *(*cell)(const struct cells *); } columns[] = {
    { "finding", c_finding },       { "claim", c_claim },           { "where", c_where },
    { "verdict", c_verdict },       { "form", c_form },             { "decided_by", c_decided_by },
    { "value", c_value },           { "value_lo", c_value_lo },     { "value_hi", c_value_hi },
    { "claimed", c_claimed },       { "claimed_lo", c_claimed_lo }, { "claimed_hi", c_claimed_hi },
    { "rows", c_rows },             { "row_numbers", c_row_numbers }, { "why", c_why },
    { "measured", c_measured },
};

void findings_tsv_open(struct findings_tsv *w, const char *dir)
{
    memset(w, 0, sizeof *w);
    w->path = path_join(dir, "findings.tsv");
    w->tmp = xasprintf("%s.tmp", w->path);
    if (tsv_open(&w->out, w->tmp)) {
        /* Said by findings_tsv_close, with the report's other files (report.c). */
        w->out.failed = 1;
        w->out.err = errno;
        return;
    }
    w->out.unsaid = 1;
    struct strlist head = {0};
    for (size_t i = 0; i < sizeof columns / sizeof *columns; i++) sl_push(&head, columns[i].name);
    tsv_header(&w->out, &head);
    sl_free(&head);
}

void findings_tsv_row(struct findings_tsv *w, int k, const struct spec_finding *f, const struct finding_result *fr)
{
    if (!w->out.f) return;
    struct cells c = { .k = k, .f = f, .fr = fr, .decider = trace_decider(&fr->trace, fr->verdict) };
    char *err = NULL;
    c.has_claimed = f->claimed && claim_range_parse(f->claimed, &c.claimed, &err) == 0;
    free(err);
    struct strlist v = {0};
    for (size_t i = 0; i < sizeof columns / sizeof *columns; i++) sl_push_own(&v, columns[i].cell(&c));
    tsv_row(&w->out, &v);
    sl_free(&v);
}

int findings_tsv_close(struct findings_tsv *w)
{
    int rc = 0, e = w->out.err;      /* tsv_open's, where it failed */
    int bad = w->out.f ? tsv_close(&w->out) : -1;
    if (bad && !e) e = errno;
    if (!bad && rename(w->tmp, w->path)) bad = -1, e = errno;
    if (bad) {
        remove(w->tmp);
        rc = -1;
    }
    free(w->path);
    free(w->tmp);
    memset(w, 0, sizeof *w);
    errno = e ? e : EIO;
    return rc;
}

int findings_tsv_none(const char *dir)
{
    struct findings_tsv w;
    findings_tsv_open(&w, dir);
    return findings_tsv_close(&w);
}
