/* report_stale.c — report.md's record of the results.tsv it read, and its mark where that file has
 * been rewritten since (report_stale.h). */
#include "report_stale.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define STALE_MARK "**Stale:** "

void report_stale_stamp(FILE *md, const struct rundir *r)
{
    if (!r->tsv_read.known) return;
    char *text = filestamp_text(&r->tsv_read);
    fprintf(md, REPORT_STAMP_LINE "%s -->\n", text);
    free(text);
}

int report_stale_mark(const char *dir, char **said)
{
    if (said) *said = NULL;
    char *md = path_join(dir, "report.md"), *tsv = path_join(dir, "results.tsv");
    size_t n = 0;
    char *text = read_file(md, &n), *at = text ? strstr(text, REPORT_STAMP_LINE) : NULL;
    int rc = 0;
    struct filestamp then = filestamp_read(at ? at + strlen(REPORT_STAMP_LINE) : NULL), now = filestamp_of(tsv);
    if (!then.known || filestamp_same(&then, &now)) goto out;
    rc = 1;
    char *w_then = filestamp_words(&then), *w_now = filestamp_words(&now), *q = shell_word(dir);
    if (said)
        *said = xasprintf("%s is stale: results.tsv was rewritten after it was read (%s then; now: %s), as a clx merge "
                          "into the folder does; marked so at its top: %s report %s draws the rows there now", md, w_then,
                          w_now, clx_cmd(), q);
    char *eol = strchr(at, '\n');
    if (eol && !strstr(text, "\n" STALE_MARK)) {
        size_t head = (size_t)(eol + 1 - text);
        char *mark = xasprintf(STALE_MARK "the rows below are gone: this report read results.tsv at %s; now: %s (a "
                               "clx merge into the folder rewrote it as the report was drawn). `%s report %s` draws the "
                               "rows there now.\n\n", w_then, w_now, clx_cmd(), q);
        char *out = xasprintf("%.*s%s%s", (int)head, text, mark, text + head);
        if (write_file_atomic(md, out, strlen(out))) {
            warn("cannot mark %s stale: %s", md, strerror(errno));
            rc = -1;
        }
        free(out);
        free(mark);
    }
    free(w_then);
    free(w_now);
    free(q);
out:
    free(text);
    free(md);
    free(tsv);
    return rc;
}
