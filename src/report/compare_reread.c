/* compare_reread.c — a run's results.tsv found rewritten once compare.md or history.md is in place,
 * said on the console and in that .md, and the reason compare's --fail-on gives for failing on it
 * (compare_reread.h). */
#include "compare_reread.h"
#include "store/rundir.h"
#include "lib/calledas.h"
#include "lib/filestamp.h"
#include "lib/util.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define REREAD_MARK "**Rewritten meanwhile:** "

/* What differs between the commands, a row each: the command's word, the .md it marks, what its
 * run again does with the rows there now. */
static const struct { const char *cmd, *md, *again; } reread_of[] = {
    [CMP_REREAD_COMPARE] = { "compare", "compare.md", "compares" },
    [CMP_REREAD_HISTORY] = { "history", "history.md", "reads" },
};

/* run_name: what names run k of j (a new string), NULL for its folder alone: compare's side label
 * where one side is that run ("side B"; clx compare RUN --by AXIS: one run, every side, none);
 * history's number by date ("run 2"), which its tables name runs by. */
static char *run_name(const struct cmp_join *j, enum cmp_reread_of of, int k)
{
    if (of == CMP_REREAD_COMPARE && j->nruns < 2) return NULL;
    for (int s = 0; s < j->n; s++)
        if (j->side[s].r == &j->runs[k])
            return of == CMP_REREAD_HISTORY ? xasprintf("run %d", s + 1) : xasprintf("side %s", j->side[s].label);
    return NULL;
}

/* sentence: the rewrite said of which (the runs, changed of them), with clx named as clx (the console's
 * clx_cmd, or the document's clx_doc_cmd: the .md is read later, from anywhere). A new string. */
static char *sentence(const char *which, int changed, enum cmp_reread_of of, const char *clx)
{
    const char *cmd = reread_of[of].cmd;
    return xasprintf("results.tsv of %s %s rewritten while clx %s read it and wrote its files (as a clx merge into the "
                     "folder or a resume of the run does): the verdicts may be of rows no longer there; %s %s run again "
                     "%s the rows there now", which, changed > 1 ? "were" : "was", cmd, clx, cmd, reread_of[of].again);
}

/* say_run: run k (r) into which, as changed runs before it leave it ("side B (DIR: read at ...; now:
 * ...)", "run 2 (DIR: ...)", or without a name (--by) "DIR (read at ...)"), its folder as dir names it. */
static void say_run(struct sbuf *which, int changed, const char *name, const char *dir, const char *then,
                    const char *now)
{
    if (name) sb_printf(which, "%s%s (%s: read at %s; now: %s)", changed ? ", " : "", name, dir, then, now);
    else sb_printf(which, "%s%s (read at %s; now: %s)", changed ? ", " : "", dir, then, now);
}

char *cmp_reread_said(const struct cmp_join *j, enum cmp_reread_of of, char **gate, char **md)
{
    struct sbuf which = {0}, which_md = {0}, named = {0};
    int changed = 0;
    const char *cmd = reread_of[of].cmd;
    if (gate) *gate = NULL;
    *md = NULL;
    for (int k = 0; k < j->nruns; k++) {
        const struct rundir *r = &j->runs[k];
        char *tsv = path_join(r->dir, "results.tsv");
        struct filestamp now = filestamp_of(tsv);
        free(tsv);
        /* Unknown when read (no stamp): nothing to hold it against. */
        if (!r->tsv_read.known || filestamp_same(&r->tsv_read, &now)) continue;
        char *then = filestamp_words(&r->tsv_read), *w_now = filestamp_words(&now);
        char *name = run_name(j, of, k);
        /* The console's folder as given (its reader is where it was typed); the .md's as compare.md's
         * sides table names it, a real path in backticks: the file is read later, from anywhere, and
         * a `latest` link given has moved on by then. */
        char *real = rundir_realdir(r), *quoted = xasprintf("`%s`", real);
        say_run(&which, changed, name, r->dir, then, w_now);
        say_run(&which_md, changed, name, quoted, then, w_now);
        if (name) sb_printf(&named, "%s%s (%s)", changed ? ", " : "", name, r->dir);
        else sb_printf(&named, "%s%s", changed ? ", " : "", r->dir);
        free(quoted);
        free(real);
        free(name);
        free(then);
        free(w_now);
        changed++;
    }
    if (!changed) return NULL;
    if (gate)
        *gate = xasprintf("results.tsv of %s %s rewritten while clx %s read it: its verdicts may mix two versions of "
                          "%s, a comparison that did not hold still", named.s, changed > 1 ? "were" : "was", cmd,
                          changed > 1 ? "those runs" : "that run");
    sb_free(&named);
    char *said = sentence(which.s, changed, of, clx_cmd());
    *md = sentence(which_md.s, changed, of, clx_doc_cmd());
    sb_free(&which);
    sb_free(&which_md);
    return said;
}

int cmp_reread_mark(const char *dir, enum cmp_reread_of of, const char *said)
{
    char *md = path_join(dir, reread_of[of].md);
    size_t n = 0;
    char *text = read_file(md, &n), *eol = text ? strchr(text, '\n') : NULL;
    int rc = 0;
    if (eol && !strstr(text, "\n" REREAD_MARK)) {
        /* Under the title and its blank line, where a merge in progress is said too. */
        size_t head = (size_t)(eol + 1 - text) + (eol[1] == '\n');
        char *out = xasprintf("%.*s" REREAD_MARK "%s.\n\n%s", (int)head, text, said, text + head);
        if (write_file_atomic(md, out, strlen(out))) {
            warn("%s: cannot mark %s as of rows rewritten since: %s", reread_of[of].cmd, md, strerror(errno));
            rc = -1;
        }
        free(out);
    } else if (!eol) {
        warn("%s: cannot read %s to mark it as of rows rewritten since", reread_of[of].cmd, md);
        rc = -1;
    }
    free(text);
    free(md);
    return rc;
}
