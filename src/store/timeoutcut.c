/* timeoutcut.c — the variants and builds a launch past its limit cut short, from a run's rows
 * (timeoutcut.h): one reading for the run's end and report.md. */
#include "timeoutcut.h"
#include "rowstatus.h"
#include <stdlib.h>
#include <string.h>

/* group_name: row i's "variant V, build B" (a build of no options is the default one, as the
 * console names it); a new string. */
static char *group_name(const struct table *t, int i, int cv, int cb)
{
    const char *b = table_cell(t, i, cb);
    return xasprintf("variant %s, build %s", table_cell(t, i, cv), *b ? b : "default");
}

void timeout_cut_read(const struct table *t, struct timeout_cut *c)
{
    memset(c, 0, sizeof *c);
    int cv = table_col(t, "variant"), cb = table_col(t, "build"), cs = table_col(t, "status");
    if (cv < 0 || cb < 0 || cs < 0) return;
    for (int i = 0; i < t->nrows; i++) {
        if (row_status_of(table_cell(t, i, cs)) != RS_TIMEOUT) continue;
        char *name = group_name(t, i, cv, cb);
        if (sl_has(&c->names, name)) free(name);
        else sl_push_own(&c->names, name);
    }
    /* A row 'stopped' of such a variant and build was not run after its timeout (a stop's rows in
     * flight are 'stopped' too, but a stop ends the run: its end says so, not this). */
    for (int i = 0; c->names.n && i < t->nrows; i++) {
        if (row_status_of(table_cell(t, i, cs)) != RS_STOPPED) continue;
        char *name = group_name(t, i, cv, cb);
        c->nstopped += sl_has(&c->names, name);
        free(name);
    }
}

char *timeout_cut_names(const struct timeout_cut *c) { return sl_join(&c->names, "; "); }

void timeout_cut_free(struct timeout_cut *c) { sl_free(&c->names); }
