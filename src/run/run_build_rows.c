/* run_build_rows.c — the rows of what the build phase gives nothing to run of: a variant this
 * device does not run or the spec gets wrong, a build that failed, crashed or was refused. */
#include "run_impl.h"
#include "measure/kargs.h"
#include <stdlib.h>
#include <string.h>

void run_unrunnable_rows(struct runner *r, const struct strlist *cols, int v, int skip, char *why)
{
    warn("variant %s %s: %s", r->plan.variants[v].id, skip ? "skipped" : "failed", why);
    for (int b = 0; b < r->plan.builds.n; b++) {
        if (!shard_map_builds(&r->shard, v, b)) continue;
        struct row w;
        run_row_start(r, &w, cols, v, b, -1);
        row_set(&w, COL_status, "%s", row_status_word(skip ? RS_SKIPPED : RS_ERROR));
        row_set(&w, COL_note, "%s", why);
        int written = run_row_emit(&r->out, &w) == 0;
        row_free(&w);
        if (!written) break;            /* results.tsv cannot take rows: the run stops at this one */
        r->tally.nbuildrows++;
        status_counts_note(&r->tally.st, skip ? RS_SKIPPED : RS_ERROR);
    }
    r->bl.skips[v] = why;
}

void run_build_failed_row(struct runner *r, const struct strlist *cols, int v, int b, const struct run_mark *mk,
                          enum unbuilt how, const char *clname, const char *logname)
{
    int refused = how == UNBUILT_REFUSED;
    const struct variant *var = &r->plan.variants[v];
    const char *opts = r->plan.builds.v[b];
    const struct build *bd = build_of(&r->bl, v, b);
    enum row_status st = mk ? RS_CRASHED : RS_BUILD_FAILED;
    char **said = refused ? &r->tally.first_refused : &r->tally.first_unbuilt;
    if (!mk && !*said) {
        *said = run_unbuilt_said(var->id, opts, bd->error);
        r->tally.firsts_said = 1;       /* said in full below, or with m4's failures at the phase's end */
    }
    /* A failure every variant meets (a kernel name the template does not have, a buffer's type its
     * kernel does not take) is said in full once; the rows that repeat it are counted at the end. */
    int compiled = r->bl.sources[v] && !mk;  /* else m4's error is said with its variants (say_expand_failures) */
    if (compiled && reasons_add(&r->tally.reasons, row_status_word(st), bd->error, 0))
        warn("variant %s, build \"%s\" %s (%ssource %s/%s, log %s/%s):\n  %s", var->id, opts,
             refused ? KARGS_REFUSED_SAID : "failed", refused ? "no compile error; " : "", r->out.res.dir, clname,
             r->out.res.dir, logname, bd->error);
    /* A crash: the supervisor said it when the worker ended; not that the cache held it. */
    else if (!compiled && how == UNBUILT_CACHE_CRASH) warn("variant %s, build \"%s\": %s", var->id, opts, bd->error);
    struct row w;
    run_row_start(r, &w, cols, v, b, -1);
    row_set(&w, COL_status, "%s", row_status_word(st));
    /* A failed build's note says where the template must be mended (TPL:LINE: what), as the console
     * did; a refused one's (its status build-failed too) that nothing failed to compile; a crash's
     * the error's first line. */
    char *first = st == RS_BUILD_FAILED && !refused ? run_unbuilt_reason(bd->error) : xstrdup(bd->error);
    first[strcspn(first, "\n")] = '\0';
    /* A crash is the driver's: a resume builds it once more, as it measures a configuration that
     * crashed once more (a search never builds it again: docs/search.md). */
    const char *again = "";
    if (mk && !r->o->search.on && !run_retried(r, &w)) {
        row_flag(&w, CRASH_RETRY_FLAG);
        r->tally.nretry++;
        again = ": clx run --resume builds it once more (flag " CRASH_RETRY_FLAG ")";
    } else if (mk && !r->o->search.on)
        again = ", and it did in the run this resume continues too: not built again";
    row_set(&w, COL_note, "%s%s%s; log: %s", refused ? KARGS_REFUSED_SAID " (no compile error): " : "", first, again,
            logname);
    free(first);
    int written = run_row_emit(&r->out, &w) == 0;
    row_free(&w);
    if (!written) return;               /* results.tsv cannot take rows: the run stops at this one */
    status_counts_note(&r->tally.st, st);
    r->tally.nrefused += refused;
    r->tally.nbuildrows++;
}
