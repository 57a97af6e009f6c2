/* merge_same.c — whether two run.json documents are of one sweep, as clx merge asks it: of two
 * shards, and of a merge already in the folder and the shards merged into it again; where they are
 * not, what differs, with both values, in the one sentence both refusals say; and whether two
 * shards' kernel sources (cl/) are the same kernels. */
#include "merge_impl.h"
#include "store/jsonval.h"
#include "store/results.h"
#include "spec/expandsame.h"
#include "store/sweepsetup.h"
#include "lib/util.h"
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

/* merge_sweep_item: the first item of the sweep's identity (sweepid.h) in which run.json documents
 * a and b differ (the device's only where m's kind compares it; the shard's not where a or b is a
 * merge, which has none), or NULL. */
static const struct sweepid_item *merge_sweep_item(const struct merge *m, const cJSON *a, const cJSON *b, int merged)
{
    for (const struct sweepid_item *id = sweepid_items; id->path; id++) {
        if (!(id->checks & SWEEPID_MERGE) || (m->kind == MERGE_SPLIT_ANY && id->device)) continue;
        if (merged && !strncmp(id->path, RJ_SHARD, strlen(RJ_SHARD))) continue;
        const cJSON *x = sweepid_at(a, id->path), *y = sweepid_at(b, id->path);
        if (!sweepid_skip(id, x, y) && !results_json_same(x, y)) return id;
    }
    return NULL;
}

char *merge_sweep_why(const struct merge *m, const cJSON *here, const char *here_dir, const cJSON *there, int merged)
{
    const struct sweepid_item *id = merge_sweep_item(m, here, there, merged);
    if (!id) {
        /* A merge's own: how many parts it was cut into (its shards' "shard" objects are gone). */
        double n = merged ? json_num(cJSON_GetObjectItemCaseSensitive(there, RJ_MERGED), "shards") : m->n;
        return n == m->n ? NULL : xasprintf("it differs in the number of shards (%g there, %d in %s)", n, m->n, here_dir);
    }
    const cJSON *x = sweepid_at(here, id->path), *y = sweepid_at(there, id->path);
    /* An object (as_run): the member that differs, the axis and both its values. */
    char *at = sweepid_where(&x, &y);
    int setup = id->device == SWEEPID_DEVICE_SETUP;
    char *tx = setup ? sweepsetup_text(x) : sweepid_text(x), *ty = setup ? sweepsetup_text(y) : sweepid_text(y);
    char *line = NULL, *why;
    if (tx && ty && *at)
        why = xasprintf("it differs in %s (run.json \"%s%s\": %s there, %s in %s)", id->what, id->path, at, ty, tx, here_dir);
    else if (tx && ty)
        why = xasprintf("it differs in %s (%s there, %s in %s)", id->what, ty, tx, here_dir);
    /* A text too long to show (the spec's): its first line that differs. */
    else if ((line = sweepid_first_line(y, x)))
        why = xasprintf("it differs in %s (run.json \"%s%s\", %s in %s)", id->what, id->path, at, line, here_dir);
    else
        why = xasprintf("it differs in %s (run.json \"%s%s\")", id->what, id->path, at);
    if (setup) {
        /* The way on: the part run again as the others were (a resume's way is its own, resume.c). */
        char *way = sweepsetup_merge_way(id), *all = xasprintf("%s%s", why, way);
        free(way);
        free(why);
        why = all;
    }
    free(at);
    free(tx);
    free(ty);
    free(line);
    return why;
}

char *merge_sources_why(const char *here_dir, const char *there_dir)
{
    char *cl = path_join(there_dir, "cl"), *why = NULL;
    struct strlist names = {0};
    DIR *d = opendir(cl);
    for (struct dirent *e; d && (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n > 3 && !strcmp(e->d_name + n - 3, ".cl")) sl_push(&names, e->d_name);
    }
    if (d) closedir(d);
    sl_sort(&names);
    for (int i = 0; i < names.n && !why; i++) {
        char *name = xasprintf("cl/%s", names.v[i]), *a = path_join(here_dir, name), *b = path_join(there_dir, name);
        size_t na, nb;
        char *ta = read_file(a, &na), *tb = ta ? read_file(b, &nb) : NULL, *line = expandsame_first_line(tb, ta);
        if (line)
            why = xasprintf("it differs in the kernel of %s (%s in %s): an m4 file its template includes (one in the "
                            "template's folder, or m4/clx.m4), or m4 itself, differed between their runs, and the merged "
                            "rows would be of two kernels", name, line, here_dir);
        free(line); free(ta); free(tb); free(a); free(b); free(name);
    }
    sl_free(&names);
    free(cl);
    return why;
}
