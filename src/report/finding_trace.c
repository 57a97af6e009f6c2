/* finding_trace.c — a finding's parts and rows as its evaluation found them (finding_trace.h). */
#include "finding_trace.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct finding_part *trace_part(struct finding_trace *t, const char *text)
{
    t->part = xrealloc(t->part, sizeof *t->part * (size_t)(t->nparts + 1));
    struct finding_part *p = &t->part[t->nparts++];
    *p = (struct finding_part){ .verdict = V_NODATA, .text = xstrdup(text ? text : ""), .value = NAN, .lo = -INFINITY,
                                .hi = INFINITY };
    return p;
}

void trace_rows(struct finding_trace *t, const struct pick *p)
{
    for (int k = 0; k < p->n; k++) {
        int row = p->rows[k], i = t->nrows;
        while (i > 0 && t->rows[i - 1] > row) i--;
        if (i > 0 && t->rows[i - 1] == row) continue;
        t->rows = xrealloc(t->rows, sizeof *t->rows * (size_t)(t->nrows + 1));
        memmove(t->rows + i + 1, t->rows + i, sizeof *t->rows * (size_t)(t->nrows - i));
        t->rows[i] = row;
        t->nrows++;
    }
}

const struct finding_part *trace_decider(const struct finding_trace *t, enum verdict v)
{
    const struct finding_part *first = NULL;
    for (int i = 0; i < t->nparts; i++) {
        if (t->part[i].verdict != v) continue;
        if (!isnan(t->part[i].value)) return &t->part[i];
        if (!first) first = &t->part[i];
    }
    return first;
}

void trace_free(struct finding_trace *t)
{
    for (int i = 0; i < t->nparts; i++) {
        free(t->part[i].text);
        free(t->part[i].undecided);
    }
    free(t->part);
    free(t->rows);
    memset(t, 0, sizeof *t);
}
