/* summary_common.c — what the summary's tables share: a table's title, a value's place in a list. */
#include "summary_impl.h"
#include <string.h>

void summary_heading(FILE *out, int markdown, const char *title)
{
    if (markdown) fprintf(out, "\n### %s\n\n", title);
    else fprintf(out, "\n%s:\n", title);
}

int summary_value_index(const struct rundir *r, int i, int c, struct strlist *l)
{
    const char *v = table_cell(&r->t, i, c);
    for (int k = 0; k < l->n; k++)
        if (!strcmp(l->v[k], v)) return k;
    sl_push(l, v);
    return l->n - 1;
}
