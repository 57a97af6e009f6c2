/* resume_done.c — clx run --resume of a run that finished (resume_done.h): said from its files in
 * the parent, before any device is opened or its turn waited for; its status by run_end.c's rule.
 * A run still going is waited for first, so that it is said the same way if it finishes. */
#include "resume_done.h"
#include "run_impl.h"
#include "store/jsonval.h"
#include "store/refrows.h"
#include "store/results.h"
#include "store/resume.h"
#include "store/rowstatus.h"
#include "store/staletmp.h"
#include "lib/table.h"
#include "lib/util.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* column_rows: the statuses of dir/file's rows into st (where st is not NULL), and how many of them
 * did not pass; -1 where the file cannot be read or has no status column. */
static int column_rows(const char *dir, const char *file, struct status_counts *st)
{
    char *path = path_join(dir, file), *err = NULL;
    struct table t;
    int failed = -1;
    if (table_read(path, &t, &err) == 0) {
        int cs = table_col(&t, "status");
        if (cs >= 0) {
            failed = 0;
            for (int i = 0; i < t.nrows; i++) {
                const char *w = table_cell(&t, i, cs);
                if (st) status_counts_add(st, w);
                failed += row_status_failed(w);
            }
        }
        table_free(&t);
    }
    free(err);
    free(path);
    return failed;
}

void run_resume_wait(const char *dir)
{
    /* Another resume of it first: it holds the folder from its start (results_claim), this one then
     * waits and finds the run as that one left it. Kept until this process ends: never closed. */
    int said = 0, fd = results_claim(dir, 0);
    if (fd < 0 && errno == EWOULDBLOCK) {
        fprintf(stderr, "clx: --resume %s: that run is still going (another clx is resuming it): waiting for it to "
                "end, then this resume goes on from where it ended (^C stops this one alone)\n", dir);
        said = 1;
        results_claim(dir, 1);
    }
    fd = results_lock(dir, 0);
    if (fd >= 0 || errno != EWOULDBLOCK) {       /* no results.tsv: the resume's own check says why */
        if (fd >= 0) close(fd);
        if (said) fprintf(stderr, "clx: --resume %s: that run has ended\n", dir);
        return;
    }
    if (!said)
        fprintf(stderr, "clx: --resume %s: that run is still going (another clx is writing its results.tsv): "
                "waiting for it to end, then this resume goes on from where it ended (^C stops this one alone)\n", dir);
    /* A day a round: the lock is polled, and a stop (^C) ends this process as ever. */
    while ((fd = results_lock(dir, 86400)) < 0 && errno == EWOULDBLOCK) {}
    if (fd >= 0) close(fd);
    fprintf(stderr, "clx: --resume %s: that run has ended\n", dir);
}

void run_resume_tidy(const char *dir)
{
    char *gone = staletmp_remove(dir);
    if (gone)
        fprintf(stderr, "clx: --resume %s: removed what a clx killed while it wrote the run's files left (its pid runs "
                "no process now): %s\n", dir, gone);
    free(gone);
}

int run_done_status(const char *dir, const char *experiment, char **counts, char **why)
{
    struct runjson j;
    char *err = NULL;
    int rc = -1;
    *counts = *why = NULL;
    if (runjson_read(dir, &j, &err)) {
        free(err);
        return -1;
    }
    /* What is no sweep or search to resume is refused as ever, saying what finishes it; another
     * experiment's run is said to be that (the likelier mistake). */
    const char *tune = json_str(runjson_part(&j, RJ_TUNE), "mode");
    if (runjson_part(&j, RJ_MERGED) || *rj_str(j.kind) || !strcmp(tune, "pass") ||
        strcmp(rj_str(j.experiment), experiment) || !(*why = resume_finished(&j, dir)))
        goto out;
    struct status_counts st = {0};
    if (column_rows(dir, "results.tsv", &st) < 0) goto out;   /* the resume's own check says why */
    char *probes = path_join(dir, "probes.tsv");
    int probes_failed = file_exists(probes) ? column_rows(dir, "probes.tsv", NULL) : 0;
    free(probes);
    int unwritten = (int)rj_num(j.counts.files_unwritten);
    rc = run_recorded_status(&st, probes_failed > 0, unwritten, j.shard.n > 0, rj_num(j.shard.owned), refrows_count(dir));
    char *line = status_counts_line_against(&st, runjson_baseline(&j));
    char files[96] = "";
    if (unwritten > 0)
        snprintf(files, sizeof files, "; %d of its files could not be written (run.json counts.files_unwritten)", unwritten);
    *counts = xasprintf("%s%s", line, files);
    free(line);
out:
    if (rc < 0) {
        free(*why);
        *why = NULL;
    }
    runjson_free(&j);
    return rc;
}

int run_resume_done(const char *dir, const char *experiment)
{
    char *counts, *why;
    int rc = run_done_status(dir, experiment, &counts, &why);
    if (rc >= 0) printf("clx: --resume %s: %s; %s: exit %d, as when it finished\n", dir, why, counts, rc);
    free(counts);
    free(why);
    return rc;
}
