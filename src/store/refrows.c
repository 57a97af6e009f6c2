/* refrows.c — the rows whose host reference failed, by their note, from results.tsv (refrows.h). */
#include "refrows.h"
#include "rowstatus.h"
#include "lib/table.h"
#include "lib/util.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define LEAD "reference "

char *refrows_note(const char *name, const char *why) { return xasprintf(LEAD "%s: %s", name, why); }

int refrows_is(const char *note)
{
    if (strncmp(note, LEAD, strlen(LEAD))) return 0;
    /* A reference's name is a C identifier (CLX_REF's), then ": ". */
    const char *p = note + strlen(LEAD), *q = p;
    while (isalnum((unsigned char)*q) || *q == '_') q++;
    return q > p && q[0] == ':' && q[1] == ' ';
}

int refrows_count(const char *dir)
{
    char *path = path_join(dir, "results.tsv"), *err = NULL;
    struct table t;
    int n = 0;
    if (table_read(path, &t, &err) == 0) {
        int cs = table_col(&t, "status"), cn = table_col(&t, "note");
        for (int i = 0; cs >= 0 && cn >= 0 && i < t.nrows; i++)
            n += row_status_of(table_cell(&t, i, cs)) == RS_ERROR && refrows_is(table_cell(&t, i, cn));
        table_free(&t);
    }
    free(err);
    free(path);
    return n;
}
