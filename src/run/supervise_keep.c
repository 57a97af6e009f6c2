/* supervise_keep.c — what the supervisor writes into results.tsv in its worker's place once the
 * worker has ended (supervise_impl.h): the rows a stop's kill left, a crashed search's rows, and a
 * resume's rows measured again that wait for the worker's paced rewrite. */
#include "supervise_impl.h"
#include "relfile.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* supervise_keep_rows: the worker was killed by a stop (a launch that did not end a second after it, or a
 * second signal) before it wrote every row it measured: the supervisor writes those it holds, each
 * with the rounds it had (flagged rounds-cut where the stop cut them short: --resume measures them
 * again), then the configuration in flight's, status 'stopped' (its static columns: results.tsv
 * names what was in flight; --resume drops it and measures it again), unless its rounds so far are
 * one of those. */
void supervise_keep_rows(struct inflight *f)
{
    const char *last = f->at == IN_CONFIG && f->stop_row && !held_rows_has(&f->held, f->v, f->b, f->pt) ? f->stop_row : NULL;
    f->kept = held_rows_write(&f->held, f->dir, -1, -1, -1, last);
    if (f->kept < 0) {
        warn("cannot write the rows the worker measured and the row of the configuration in flight to %s/results.tsv: %s",
             f->dir, strerror(errno));
        return;
    }
    if (last) fprintf(stderr, "clx: the configuration in flight is in results.tsv with status 'stopped'\n");
}

/* supervise_keep_crashed: a search's worker ended in a build or configuration (a crash): the rows of the
 * others its race had measured are written as they stood (every one where no configuration takes the
 * blame: a crash with builds ahead, pinned 0), so that the new worker, which replays the
 * search's log, finds them as a resumed search does (measured again in their places where its race
 * comes back to them); not the culprit's, whose row the new worker writes ('crashed'). A sweep's
 * new worker measures its configurations in flight again instead. */
void supervise_keep_crashed(struct inflight *f, const struct run_opts *o, int pinned)
{
    if (!o->search.on || !f->dir || !f->held.n) return;
    if (held_rows_write(&f->held, f->dir, pinned ? f->v : -1, f->b, f->at == IN_BUILD ? -1 : f->pt, NULL) < 0)
        warn("cannot write the rows the worker measured before it ended to %s/results.tsv: %s", f->dir, strerror(errno));
}

/* supervise_keep_rel: a resumed sweep's worker, killed by a stop, never made its rel_time and speedup
 * anew (run_relfresh.c, at its end): the rows kept from before the stop kept theirs against relative
 * rows since measured again (5 where the medians gave 4.8). The supervisor makes them from the
 * folder as the stop left it. */
void supervise_keep_rel(const struct inflight *f, const struct spec *s, const struct run_opts *o)
{
    char *why = NULL;
    if (!f->resumed || o->search.on || !f->dir) return;
    if (relative_refresh_dir(s, f->dir, &why))
        warn("cannot compute the resumed sweep's rel_time and speedup anew in %s: %s: rows kept from before the stop "
             "may keep theirs against a relative row since measured again", f->dir, why);
    free(why);
}

int supervise_keep_redone(struct inflight *f)
{
    if (!f->dir) {                       /* no folder yet: nothing of a resume was measured */
        held_rows_clear(&f->held);
        return 0;
    }
    int n = held_rows_write_only(&f->held, f->dir, HELD_REDONE_V);
    if (n < 0)
        warn("cannot write the rows measured again that the worker had not written yet to %s/results.tsv (it keeps "
             "those the stop cut short, which --resume measures again): %s", f->dir, strerror(errno));
    else if (n > 0)
        fprintf(stderr, "clx: %d row%s measured again that the worker had not written yet %s in %s/results.tsv\n", n,
                n == 1 ? "" : "s", n == 1 ? "is" : "are", f->dir);
    return n;
}

void supervise_keep_on_die(void *inflight)
{
    struct inflight *f = inflight;
    /* A live worker writes its own at its stop (it follows this process): two writers of one file
     * would lose rows. */
    if (!f->worker_live) supervise_keep_redone(f);
}
