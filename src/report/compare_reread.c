/* compare_reread.c — a side's results.tsv found rewritten once compare.md is in place, said on the
 * console and in compare.md, and the reason --fail-on gives for failing on it (compare_reread.h). */
#include "compare_reread.h"
#include "lib/calledas.h"
#include "lib/filestamp.h"
#include "lib/util.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define REREAD_MARK "**Rewritten meanwhile:** "

/* run_label: what names run k of j: its side's label where one side is that run ("B"), else none
 * (clx compare RUN --by AXIS: one run, every side). */
static const char *run_label(const struct cmp_join *j, int k)
{
    if (j->nruns < 2) return NULL;
    for (int s = 0; s < j->n; s++)
        if (j->side[s].r == &j->runs[k]) return j->side[s].label;
    return NULL;
}

char *cmp_reread_said(const struct cmp_join *j, char **gate)
{
    struct sbuf which = {0}, named = {0};
    int changed = 0;
    *gate = NULL;
    for (int k = 0; k < j->nruns; k++) {
        const struct rundir *r = &j->runs[k];
        char *tsv = path_join(r->dir, "results.tsv");
        struct filestamp now = filestamp_of(tsv);
        free(tsv);
        /* Unknown when read (no stamp): nothing to hold it against. */
        if (!r->tsv_read.known || filestamp_same(&r->tsv_read, &now)) continue;
        char *then = filestamp_words(&r->tsv_read), *w_now = filestamp_words(&now);
        const char *label = run_label(j, k);
        /* "side B (DIR: read at ...)", or without a side's label (--by) "DIR (read at ...)". */
        if (label) sb_printf(&which, "%sside %s (%s: read at %s; now: %s)", changed ? ", " : "", label, r->dir, then, w_now);
        else sb_printf(&which, "%s%s (read at %s; now: %s)", changed ? ", " : "", r->dir, then, w_now);
        if (label) sb_printf(&named, "%sside %s (%s)", changed ? ", " : "", label, r->dir);
        else sb_printf(&named, "%s%s", changed ? ", " : "", r->dir);
        free(then);
        free(w_now);
        changed++;
    }
    if (!changed) return NULL;
    *gate = xasprintf("results.tsv of %s %s rewritten while clx compare read it: its verdicts may mix two versions of "
                      "%s, a comparison that did not hold still", named.s, changed > 1 ? "were" : "was",
                      changed > 1 ? "those runs" : "that run");
    sb_free(&named);
    char *said = xasprintf("results.tsv of %s %s rewritten while clx compare read it and wrote its files (as a clx merge "
                           "into the folder or a resume of the run does): the verdicts may be of rows no longer there; "
                           "%s compare run again compares the rows there now", which.s, changed > 1 ? "were" : "was",
                           clx_cmd());
    sb_free(&which);
    return said;
}

int cmp_reread_mark(const char *dir, const char *said)
{
    char *md = path_join(dir, "compare.md");
    size_t n = 0;
    char *text = read_file(md, &n), *eol = text ? strchr(text, '\n') : NULL;
    int rc = 0;
    if (eol && !strstr(text, "\n" REREAD_MARK)) {
        /* Under the title and its blank line, where a merge in progress is said too. */
        size_t head = (size_t)(eol + 1 - text) + (eol[1] == '\n');
        char *out = xasprintf("%.*s" REREAD_MARK "%s.\n\n%s", (int)head, text, said, text + head);
        if (write_file_atomic(md, out, strlen(out))) {
            warn("compare: cannot mark %s as of rows rewritten since: %s", md, strerror(errno));
            rc = -1;
        }
        free(out);
    } else if (!eol) {
        warn("compare: cannot read %s to mark it as of rows rewritten since", md);
        rc = -1;
    }
    free(text);
    free(md);
    return rc;
}
