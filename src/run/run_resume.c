/* run_resume.c — continuing a sweep: --resume reopens the interrupted run's folder and replays
 * the rows it already has instead of running them again. */
#include "run_impl.h"
#include "device/drvenv.h"
#include "lib/calledas.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* replay_kept: a configuration whose row the interrupted run wrote (--resume): not run again; its
 * status is counted and its time kept for the relative columns and dev_row_avg. */
void run_replay_kept(struct runner *r, const struct strlist *cols, int v, int b, size_t pt)
{
    const struct table *t = &r->out.resume.rows;
    int i = r->out.rows_seen;
    struct row w;
    run_row_start(r, &w, cols, v, b, (long)pt);
    for (int a = 0; a < r->plan.naxes; a++) {
        /* local is written as launched ("32x32"), the other axes as the sweep names them. */
        const char *name = r->plan.axis_names[a];
        if (!strcmp(name, "local")) continue;
        const char *kept = table_cell(t, i, table_col(t, name));
        if (strcmp(kept, row_get_named(&w, name)))
            die("--resume: results.tsv row %d has %s = %s where this sweep has %s: it is not this sweep's file", i + 1,
                name, kept, row_get_named(&w, name));
    }
    run_row_emit(&r->out, &w);             /* checks variant and build, writes nothing */
    row_free(&w);
    run_tally_kept(r, i, v, b, pt);
}

void run_tally_kept(struct runner *r, int i, int v, int b, size_t pt)
{
    const struct table *t = &r->out.resume.rows;
    status_counts_add(&r->tally.st, table_cell(t, i, table_col(t, "status")));
    if (flag_has(table_cell(t, i, table_col(t, "flag")), "shared")) r->tally.nshared++;
    rounds_tally_row(&r->tally.rounds, table_cell(t, i, table_col(t, "rounds")), table_cell(t, i, table_col(t, "spread")),
                     table_cell(t, i, table_col(t, "time_se")), table_cell(t, i, table_col(t, "flag")),
                     table_cell(t, i, table_col(t, "timing_note")), r->o->bench.target_se);
    struct rel_rec rec = relative_rec(v, b, pt, row_status_of(table_cell(t, i, table_col(t, "status"))),
                                      table_num(t, i, table_col(t, "median_ms")), table_num(t, i, table_col(t, "gflops")),
                                      table_num(t, i, table_col(t, "gbs")));
    relative_add(&r->rel, &rec);
}

/* device_way: where the run in dir used another device than this one (d), the way to its own: the
 * --device P:D that picks it where this host has it, else that it has none such (a new string to
 * add to the refusal; "" where the device is the same). */
static char *device_way(const char *dir, const struct devprops *d)
{
    struct runjson was;
    char *err = NULL, *way = xstrdup("");
    if (runjson_read(dir, &was, &err)) { free(err); return way; }
    const char *name = rj_str(was.device.name), *plat = rj_str(was.device.platform);
    if (*name && (strcmp(name, d->name) || strcmp(plat, d->platform))) {
        struct ocl_device *all = NULL;
        int n = ocl_devices(&all), found = -1;
        for (int i = 0; i < n && found < 0; i++) {
            char dn[256] = "", pn[256] = "";
            clGetDeviceInfo(all[i].id, CL_DEVICE_NAME, sizeof dn - 1, dn, NULL);
            clGetPlatformInfo(all[i].platform, CL_PLATFORM_NAME, sizeof pn - 1, pn, NULL);
            if (!strcmp(dn, name) && !strcmp(pn, plat)) found = i;
        }
        /* Its device's commands: with the variable that device needs (RUSTICL_ENABLE), not this one's. */
        char *under = called_as_for(drvenv_under_run(&was)), *resume = clx_resume_cmd(dir);
        free(way);
        way = found >= 0 ? xasprintf("; %s --device %d:%d runs it on its own device", resume, all[found].pidx,
                                     all[found].didx)
                         : xasprintf("; this host has no %s (%s): %s devices lists those it has", name, plat, clx_cmd());
        called_as_back(under);
        free(resume);
        free(all);
    }
    runjson_free(&was);
    return way;
}

void run_resume_check(struct runner *r)
{
    struct runjson now;
    run_record(r, "", RUN_GOING, &now);
    char *why = resume_check(r->o->resume_dir, &now, run_resume_spec_unread);
    runjson_free(&now);
    if (why) {
        char *way = device_way(r->o->resume_dir, &r->dev.dp);
        die("cannot resume %s: %s%s", r->o->resume_dir, why, way);
    }
    run_resume_sources(r);
}

int run_kept_ahead(const struct runner *r, int ahead)
{
    int i = r->out.rows_seen + ahead;
    return i < r->out.resume.rows.nrows && !(r->out.resume.redo && r->out.resume.redo[i]);
}

int run_rows_in_file(const struct runner *r)
{
    int kept = r->out.resume.rows.nrows;
    return r->out.rows_seen > kept ? r->out.rows_seen : kept;
}

void run_tally_unreached(struct runner *r)
{
    const struct table *t = &r->out.resume.rows;
    int cs = table_col(t, "status"), cf = table_col(t, "flag");
    for (int i = r->out.rows_seen; i < t->nrows; i++) {
        status_counts_add(&r->tally.st, table_cell(t, i, cs));
        const char *flag = table_cell(t, i, cf);
        r->tally.nshared += flag_has(flag, "shared");
        r->tally.ncut += flag_has(flag, ROUNDS_CUT_FLAG);
        r->tally.nretry += flag_has(flag, CRASH_RETRY_FLAG);
    }
}

void run_tally_as_file(struct runner *r)
{
    if (!r->out.write_failed && !r->out.res.tsv.failed) return;
    struct table t;
    char *err = NULL, *path = results_path(&r->out.res, "results.tsv");
    int bad = table_read(path, &t, &err);
    free(path);
    if (bad) { free(err); return; }
    struct status_counts st = {0};
    int cs = table_col(&t, "status"), cf = table_col(&t, "flag"), ncut = 0, nshared = 0, nretry = 0;
    for (int i = 0; cs >= 0 && i < t.nrows; i++) {
        status_counts_add(&st, table_cell(&t, i, cs));
        const char *flag = cf >= 0 ? table_cell(&t, i, cf) : "";
        ncut += flag_has(flag, ROUNDS_CUT_FLAG);
        nshared += flag_has(flag, "shared");
        nretry += flag_has(flag, CRASH_RETRY_FLAG);
    }
    table_free(&t);
    if (cs < 0 || (!memcmp(&st, &r->tally.st, sizeof st) && ncut == r->tally.ncut)) return;
    /* Once a run: a stop after the end's count would say it again. */
    static int said;
    if (!said) {
        char *counted = status_counts_line(&r->tally.st), *held = status_counts_line(&st);
        fflush(stdout);
        /* Both over the same rows where a rewrite failed (those kept and those measured again, each
         * counted once as measured: run_row_emit), so the two add up to the file's rows. */
        fprintf(stderr, "clx: results.tsv holds %s where this run counted %s (its rows as measured and kept): a write "
                "that failed (a full disk) kept rows out of it, or the rows they were to replace in it; the run's counts "
                "(run.json's, and those said below) are the file's, which --resume goes on from\n", held, counted);
        free(counted);
        free(held);
        said = 1;
    }
    r->tally.st = st;
    r->tally.ncut = ncut;
    r->tally.nshared = nshared;
    r->tally.nretry = nretry;
    if (r->tally.ncut_here > ncut) r->tally.ncut_here = ncut;
}

void run_say_kept_longer(const struct runner *r)
{
    int n = r->out.kept_longer;
    if (n)
        fprintf(stderr, "clx: %d of them measured again %s cut by this stop after fewer rounds than %s from before: "
                "results.tsv keeps the earlier row%s as %s\n", n, n == 1 ? "was" : "were", n == 1 ? "its row" : "their rows",
                n == 1 ? "" : "s", n == 1 ? "it was" : "they were");
}

int run_resumed_whole(const struct runner *r, int probes_made)
{
    const struct resume *k = &r->out.resume;
    return r->o->resume_dir && !r->o->search.on && !probes_made && !k->nredo && r->out.rows_seen == k->rows.nrows &&
           !r->tally.st.n[RS_BUILD_FAILED];
}

/* open_resumed: --resume: the interrupted run's folder, checked to be this run, reopened after
 * its last complete row; started becomes its first start. Dies when it is not this run. */
void run_open_resumed(struct runner *r, const struct strlist *cols, char *started, size_t n)
{
    const char *dir = r->o->resume_dir;
    /* A worker that was stopped may still be writing its last row and run.json: wait for it. */
    int lock = results_lock(dir, 30);
    if (lock < 0 && errno == EWOULDBLOCK)
        die("cannot resume %s: another clx is still writing it (its results.tsv stayed locked for 30 s)", dir);
    struct runjson now;
    run_record(r, started, RUN_GOING, &now);
    char *why = resume_open(&r->out.resume, dir, &now, cols, r->o->continuing, run_resume_spec_unread);
    /* The column a whole sweep adds last goes, and this one adds it again at its end. */
    if (!why && r->out.resume.row_dev) {
        resume_free(&r->out.resume);
        if (results_drop_last_column(dir, "dev_row_avg"))
            die("cannot resume %s: cannot rewrite its results.tsv: %s", dir, strerror(errno));
        /* The lock was the old file's: the new one's is taken. */
        if (lock >= 0) close(lock);
        lock = results_lock(dir, 30);
        why = resume_open(&r->out.resume, dir, &now, cols, r->o->continuing, run_resume_spec_unread);
    }
    runjson_free(&now);
    if (why) {
        char *way = device_way(dir, &r->dev.dp);
        die("cannot resume %s: %s%s", dir, why, way);
    }
    if (results_reopen(&r->out.res, dir, r->out.resume.keep_bytes, cols->n))
        die("cannot resume %s: cannot write its results.tsv: %s", dir, strerror(errno));
    if (lock >= 0) { r->out.res.lock_fd = lock; r->out.res.locked = 1; }
    /* Once per clx run --resume: a worker its supervisor started after another crashed or timed out
     * goes on in the same session (session_crashes says why), no resume of the run. */
    if (!r->o->continuing) sl_push(&r->out.resume.resumed, started);
    if (*r->out.resume.started) snprintf(started, n, "%s", r->out.resume.started);
}
