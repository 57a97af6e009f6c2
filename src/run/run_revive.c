/* run_revive.c — a resume's build that did not build before and does now: its row goes, its configurations' take places. */
#include "run_impl.h"
#include "store/rowstatus.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A build that crashed its worker or failed has one row, with no launch point, among the rows the
 * build phase writes first; the configurations of a build that builds have one row each, in the
 * sweep's order, later. A resume replays the rows it keeps by their place, so where such a build
 * builds now its row cannot stand for them: it is taken out, and a 'stopped' row of each of its
 * configurations put in the sweep's place of that configuration among the rows kept, which the
 * sweep then measures in its place as any row a stop or a crash left. This is done before the new
 * build's log takes the old one's name: the file never holds a row naming a log that says otherwise. */

/* kept_cell: kept row i's cell of column name ("" where the file has no such column). */
static const char *kept_cell(const struct runner *r, int i, const char *name)
{
    const struct table *t = &r->out.resume.rows;
    int c = table_col(t, name);
    return c < 0 ? "" : table_cell(t, i, c);
}

/* no_point: whether kept row i has no launch point (a build phase's row). */
static int no_point(const struct runner *r, int i)
{
    for (int a = 0; a < r->plan.naxes; a++)
        if (*kept_cell(r, i, r->plan.axis_names[a])) return 0;
    return 1;
}

/* kept_is: whether kept row i is w's: its variant, build and launch point (local aside, written as
 * launched, "32x32", as run_replay_kept compares it); pt < 0: a row with no launch point. */
static int kept_is(const struct runner *r, int i, const struct row *w, long pt)
{
    if (strcmp(kept_cell(r, i, "variant"), row_get(w, COL_variant)) ||
        strcmp(kept_cell(r, i, "build"), row_get(w, COL_build)))
        return 0;
    if (pt < 0) return no_point(r, i);
    for (int a = 0; a < r->plan.naxes; a++) {
        const char *name = r->plan.axis_names[a];
        if (strcmp(name, "local") && strcmp(kept_cell(r, i, name), row_get_named(w, name))) return 0;
    }
    return 1;
}

/* stopped_line: the row of variant v, build b at launch point pt, not measured yet (a new string). */
static char *stopped_line(const struct runner *r, const struct strlist *cols, int v, int b, size_t pt, const char *was)
{
    struct row w;
    run_row_start(r, &w, cols, v, b, (long)pt);
    row_set(&w, COL_status, "%s", row_status_word(RS_STOPPED));
    row_set(&w, COL_note, "not run yet: in the run this resume continues %s; this resume built it, and measures it in "
            "its place (clx run --resume measures it)", was);
    char *line = tsv_line(&w.vals, w.vals.n);
    row_free(&w);
    return line;
}

/* add_line: line (taken) put after what before already holds. */
static void add_line(char **before, char *line)
{
    char *was = *before;
    *before = was ? xasprintf("%s%s", was, line) : line;
    if (was) { free(was); free(line); }
}

/* place_rows: before[k], the rows of variant v, build b's configurations to go before kept row k, for
 * each of them that comes in the sweep's order before a kept row from first on (one after the last
 * needs none: the sweep appends it). */
static void place_rows(const struct runner *r, const struct strlist *cols, int v, int b, int first, char **before,
                      const char *was)
{
    const struct plan *p = &r->plan;
    size_t nlocal = (size_t)p->axis_values[p->naxes - 1].n;
    int k = first, n = r->out.resume.rows.nrows;
    for (size_t dp = 0; dp < p->npoints / nlocal && k < n; dp++)
        for (int i = 0; i < p->nvariants && k < n; i++)
            for (int bb = 0; bb < p->builds.n && k < n; bb++)
                for (size_t l = 0; l < nlocal && k < n; l++) {
                    int vv = r->order[i];
                    size_t pt = dp * nlocal + l;
                    if (shard_map_role(&r->shard, vv, bb, (long)pt) == SHARD_NONE) continue;
                    if (vv == v && bb == b) {
                        add_line(&before[k], stopped_line(r, cols, v, b, pt, was));
                        continue;
                    }
                    struct row w;
                    run_row_start(r, &w, cols, vv, bb, (long)pt);
                    k += kept_is(r, k, &w, (long)pt);
                    row_free(&w);
                }
}

int run_revive(struct runner *r, const struct strlist *cols, int v, int b)
{
    struct run_out *out = &r->out;
    int i = out->rows_seen, n = out->resume.rows.nrows;
    if (!r->o->resume_dir || r->o->search.on || i >= n) return 0;
    struct row w;
    run_row_start(r, &w, cols, v, b, -1);
    enum row_status st = row_status_of(kept_cell(r, i, "status"));
    int unbuilt = (st == RS_CRASHED || st == RS_BUILD_FAILED) && kept_is(r, i, &w, -1);
    row_free(&w);
    if (!unbuilt) return 0;
    const char *dir = out->res.dir;
    /* What waits to take kept rows' places goes first: the places are about to move. */
    if (out->redone) {
        run_redone_write(out);
        free(out->redone);
        out->redone = NULL;
    }
    char **before = xcalloc((size_t)n + 1, sizeof *before), *drop = xcalloc((size_t)n + 1, 1);
    drop[i] = 1;
    int first = i + 1;
    while (first < n && no_point(r, first)) first++;
    const char *was = row_status_word(st);
    place_rows(r, cols, v, b, first, before, st == RS_CRASHED ? "its build crashed the worker" : "its build failed");
    int rc = results_relayout(&out->res, before, drop, n), err = errno;
    for (int k = 0; k < n; k++) free(before[k]);
    free(before);
    free(drop);
    if (rc || resume_reread(&out->resume, dir))
        die("cannot resume %s: cannot rewrite its results.tsv for variant %s, build \"%s\", which builds now: %s", dir,
            r->plan.variants[v].id, r->plan.builds.v[b], strerror(rc ? err : errno));
    /* None: the rows put in are never last. Cut all the same, as the resume's start cuts them. */
    if (out->resume.dropped && (fflush(out->res.tsv.f) || ftruncate(fileno(out->res.tsv.f), out->resume.keep_bytes)))
        die("cannot resume %s: cannot write its results.tsv: %s", dir, strerror(errno));
    if (!r->o->quiet) {
        progress_clear(&r->progress);
        printf("clx: variant %s, build %s: built, where the run this resume continues has its row '%s' (results.tsv "
               "row %d, taken out): its configurations are measured in their places in the sweep\n", r->plan.variants[v].id,
               plan_build_label(r->plan.builds.v[b]), was, i + 1);
        fflush(stdout);
    }
    return 1;
}
