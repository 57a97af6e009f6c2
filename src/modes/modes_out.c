/* modes_out.c — a modes run from the command line: the devices checked against the spec's parts,
 * the worker process that runs every mode (trials, median, verification of the joined outputs),
 * and what it writes: modes.tsv, run.json, and the table on the console (and in clx report). */
#include "modes_impl.h"
#include "device/devlist.h"
#include "lib/hostlock.h"
#include "lib/stats.h"
#include "lib/table.h"
#include "lib/texttab.h"
#include "measure/verify.h"
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

const char *const modes_columns[] = {
    "mode", "part", "device", "device_name", "variant", "share", "from", "to", "chunks", "kernel_ms", "transfer_ms",
    "wall_ms", "cpu_ms", "speedup_vs_cpu", "status", "note", NULL
};

static double median_of(const double *x, int n)
{
    struct stats st;
    if (n <= 0) return NAN;
    stats_compute(x, n, &st);
    return st.median;
}

/* ---- one mode ------------------------------------------------------------------------------- */

/* What a mode's run found. */
struct mode_outcome { const char *status; struct sbuf note; double wall_ms, cpu_ms; };

/* assign_ranges: each part's columns: the parts of one variant share its dim-0 extent in order. */
static void assign_ranges(const struct spec_mode *md, struct slot **slot, struct part_meas *meas)
{
    double *shares = xcalloc((size_t)md->nparts, sizeof *shares);
    struct mode_range *r = xcalloc((size_t)md->nparts, sizeof *r);
    for (int p = 0; p < md->nparts; p++) {
        int first = 1, n = 0;
        for (int q = 0; q < p; q++) first &= strcmp(md->parts[q].variant, md->parts[p].variant) != 0;
        if (!first) continue;
        int *who = xcalloc((size_t)md->nparts, sizeof *who);
        for (int q = p; q < md->nparts; q++)
            if (!strcmp(md->parts[q].variant, md->parts[p].variant)) { who[n] = q; shares[n++] = md->parts[q].share; }
        modes_part_ranges(slot[p]->extent, slot[p]->L.local[0], shares, n, r);
        for (int i = 0; i < n; i++) meas[who[i]].r = r[i];
        free(who);
    }
    free(shares);
    free(r);
}

/* first_of_variant: the first part of part p's variant in the mode. */
static int first_of_variant(const struct spec_mode *md, int p)
{
    for (int q = 0; q < p; q++)
        if (!strcmp(md->parts[q].variant, md->parts[p].variant)) return q;
    return p;
}

/* home_of: the slot whose host copies receive the outputs of part p's variant: its first part's. */
static struct slot *home_of(const struct spec_mode *md, struct slot **slot, int p)
{
    return slot[first_of_variant(md, p)];
}

/* poison_homes: outputs no part writes must not pass as right: each home's host copy is poisoned. */
static void poison_homes(struct slot **home, int np)
{
    for (int p = 0; p < np; p++)
        for (int i = 0; i < home[p]->bs.n; i++)
            if (!home[p]->bs.b[i].init && home[p]->bs.b[i].result)
                verify_poison(home[p]->bs.b[i].type, home[p]->bs.b[i].result, home[p]->bs.b[i].count);
}

/* verify_mode: each variant's joined output against the host reference; the mode's cpu_ms is
 * the sum of its variants' reference times (the host doing all of the mode's work). */
static void verify_mode(struct modes_ctx *c, const struct spec_mode *md, struct slot **slot, struct mode_outcome *mo)
{
    mo->cpu_ms = 0;
    for (int p = 0; p < md->nparts; p++) {
        if (first_of_variant(md, p) != p) continue;   /* each variant once, over its joined range */
        if (c->o->verify == VERIFY_OFF) { mo->status = "unverified"; mo->cpu_ms = NAN; continue; }
        struct outcome out = {0};
        expected_check(&c->x, c->s, &c->plan, slot[p]->v, &slot[p]->bs, &slot[p]->vv, c->o->seed, &out);
        if (out.cpu_ms > 0 && isnan(c->cpu_ms[slot[p]->v])) c->cpu_ms[slot[p]->v] = out.cpu_ms;
        mo->cpu_ms += c->cpu_ms[slot[p]->v];
        if (strcmp(out.status, "ok")) {
            if (!strcmp(mo->status, "ok")) mo->status = out.status;
            sb_printf(&mo->note, "%s%s: %s", mo->note.len ? "; " : "", md->parts[p].variant, out.note ? out.note : "");
        }
        free(out.note);
    }
}

/* run_mode: the warm-up and the trials of one mode, then the verification of the last one. */
static void run_mode(struct modes_ctx *c, const struct spec_mode *md, struct slot **slot, struct part_meas *meas,
                     struct mode_outcome *mo)
{
    int np = md->nparts, trials = c->m->trials;
    struct slot **home = xcalloc((size_t)np, sizeof *home);
    double *wall = xcalloc((size_t)trials + 1, sizeof *wall);
    for (int p = 0; p < np; p++) home[p] = home_of(md, slot, p);
    assign_ranges(md, slot, meas);
    mo->status = "ok";
    modes_pin(c, slot, home, np, &mo->note);
    int turn = hostlock_take();   /* another clx's host work would slow these transfers (as bench_wall) */
    for (int t = 0; t <= trials; t++) {
        char *err = NULL;
        poison_homes(home, np);
        /* Trial 0 is a warm-up: the first use of a buffer or kernel pays for setting it up. */
        if (modes_execute(c, md, slot, home, meas, t, &wall[t], &err)) {
            mo->status = "error";
            sb_printf(&mo->note, "%s", err);
            free(err);
            break;
        }
    }
    hostlock_give(turn);
    if (!strcmp(mo->status, "ok")) {
        mo->wall_ms = median_of(wall + 1, trials);
        verify_mode(c, md, slot, mo);
    }
    free(wall);
    free(home);
}

/* ---- modes.tsv -------------------------------------------------------------------------------- */

static void write_rows(struct modes_ctx *c, const struct spec_mode *md, const struct part_meas *meas,
                       const struct mode_outcome *mo)
{
    double speedup = mo->cpu_ms / mo->wall_ms;
    for (int p = 0; p < md->nparts; p++) {
        const struct mode_part *pt = &md->parts[p];
        const struct mdev *d = &c->devs[modes_device_of(c, pt)];
        struct strlist v = {0};
        int ran = !strcmp(mo->status, "ok") || !strcmp(mo->status, "FAIL") || !strcmp(mo->status, "unverified");
        char *note = tsv_escape(mo->note.s ? mo->note.s : "");
        sl_push(&v, md->name);
        sl_push_own(&v, xasprintf("%d", p + 1));
        sl_push(&v, d->index);
        sl_push_own(&v, tsv_escape(d->dp.name));
        sl_push(&v, pt->variant);
        sl_push_own(&v, xasprintf("%g", pt->share));
        sl_push_own(&v, ran ? xasprintf("%zu", meas[p].r.a) : xstrdup(""));
        sl_push_own(&v, ran ? xasprintf("%zu", meas[p].r.b) : xstrdup(""));
        sl_push_own(&v, ran ? xasprintf("%d", meas[p].nchunks) : xstrdup(""));
        sl_push_own(&v, ran ? xasprintf("%.4f", median_of(meas[p].kernel_ms + 1, c->m->trials)) : xstrdup(""));
        sl_push_own(&v, ran ? xasprintf("%.4f", median_of(meas[p].transfer_ms + 1, c->m->trials)) : xstrdup(""));
        sl_push_own(&v, ran ? xasprintf("%.4f", mo->wall_ms) : xstrdup(""));
        sl_push_own(&v, isfinite(mo->cpu_ms) && mo->cpu_ms > 0 ? xasprintf("%.4f", mo->cpu_ms) : xstrdup(""));
        sl_push_own(&v, ran && isfinite(speedup) && mo->cpu_ms > 0 ? xasprintf("%.3f", speedup) : xstrdup(""));
        sl_push(&v, mo->status);
        sl_push_own(&v, note);
        tsv_row(&c->tsv, &v);
        sl_free(&v);
    }
}

/* one_mode: slots for every part (built on first use), the run, its rows. */
static void one_mode(struct modes_ctx *c, const struct spec_mode *md)
{
    int np = md->nparts;
    struct slot **slot = xcalloc((size_t)np, sizeof *slot);
    struct part_meas *meas = xcalloc((size_t)np, sizeof *meas);
    struct mode_outcome mo = { "ok", {0}, NAN, NAN };
    for (int p = 0; p < np; p++) {
        meas[p].kernel_ms = xcalloc((size_t)c->m->trials + 1, sizeof(double));
        meas[p].transfer_ms = xcalloc((size_t)c->m->trials + 1, sizeof(double));
        slot[p] = modes_slot(c, md->parts[p].variant, modes_device_of(c, &md->parts[p]));
        if (slot[p]->why && !strcmp(mo.status, "ok")) {
            mo.status = slot[p]->skipped ? "skipped" : "error";
            sb_printf(&mo.note, "part %d (%s on %s): %s", p + 1, md->parts[p].variant, c->devs[slot[p]->d].index, slot[p]->why);
        }
    }
    if (!strcmp(mo.status, "ok")) run_mode(c, md, slot, meas, &mo);
    if (!strcmp(mo.status, "ok") || !strcmp(mo.status, "skipped") || !strcmp(mo.status, "unverified")) c->nok++;
    else c->nbad++;
    if (strcmp(mo.status, "ok")) printf("clx: mode %s: %s: %s\n", md->name, mo.status, mo.note.s ? mo.note.s : "");
    write_rows(c, md, meas, &mo);
    for (int p = 0; p < np; p++) { free(meas[p].kernel_ms); free(meas[p].transfer_ms); }
    free(meas);
    free(slot);
    sb_free(&mo.note);
}

/* ---- run.json ------------------------------------------------------------------------------- */

static void iso_now(char *buf, size_t n)
{
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(buf, n, "%Y-%m-%dT%H:%M:%S%z", &tm);
}

static int write_json(struct modes_ctx *c, const char *started)
{
    char now[64];
    iso_now(now, sizeof now);
    cJSON *j = cJSON_CreateObject(), *ds = cJSON_AddArrayToObject(j, "devices"), *pt = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "clx_version", run_clx_version());
    cJSON_AddStringToObject(j, "experiment", c->s->name);
    cJSON_AddStringToObject(j, "kind", "modes");
    cJSON_AddStringToObject(j, "command_line", c->o->command_line ? c->o->command_line : "");
    cJSON_AddStringToObject(j, "started", started);
    cJSON_AddStringToObject(j, "finished", now);
    cJSON_AddBoolToObject(j, "quick", c->o->quick);
    cJSON_AddNumberToObject(j, "seed", (double)c->o->seed);
    cJSON_AddBoolToObject(j, "one_device", c->ndev == 1);
    cJSON_AddNumberToObject(j, "chunks", c->m->chunks);
    cJSON_AddNumberToObject(j, "trials", c->m->trials);
    /* The host sides of the transfers: pinned, or pageable where pinning failed (modes.tsv's notes). */
    cJSON *hm = cJSON_AddObjectToObject(j, "host_memory");
    cJSON_AddNumberToObject(hm, "pinned", c->pinned);
    cJSON_AddNumberToObject(hm, "pageable", c->pageable);
    if (c->nslots) {
        for (int i = 0; i < c->plan.naxes; i++) {
            double x;
            if (vars_get(&c->slots[0].vv, c->plan.axis_names[i], &x)) cJSON_AddNumberToObject(pt, c->plan.axis_names[i], x);
        }
    }
    cJSON_AddItemToObject(j, "point", pt);
    for (int i = 0; i < c->ndev; i++) {
        const struct devprops *p = &c->devs[i].dp;
        cJSON *d = cJSON_CreateObject();
        cJSON_AddNumberToObject(d, "k", i + 1);
        cJSON_AddStringToObject(d, "index", c->devs[i].index);
        cJSON_AddStringToObject(d, "name", p->name);
        cJSON_AddStringToObject(d, "vendor", p->vendor);
        cJSON_AddStringToObject(d, "platform", p->platform);
        cJSON_AddStringToObject(d, "platform_version", p->platform_version);
        cJSON_AddStringToObject(d, "driver", p->driver);
        cJSON_AddStringToObject(d, "type", p->type & CL_DEVICE_TYPE_CPU ? "CPU" : p->type & CL_DEVICE_TYPE_GPU ? "GPU" : "other");
        cJSON_AddItemToArray(ds, d);
    }
    cJSON_AddStringToObject(j, "device", c->devs[0].dp.name);
    cJSON_AddStringToObject(j, "spec", c->s->text ? c->s->text : "");
    struct results r = { .dir = c->dir };
    int rc = results_write_json(&r, "run.json", j);
    cJSON_Delete(j);
    return rc;
}

/* ---- the table ------------------------------------------------------------------------------- */

/* modes_table: modes.tsv of dir as a table (markdown for report.md); -1 when there is none. */
int modes_table(const char *dir, FILE *out, int markdown)
{
    static const char *const head[] = { "mode", "part", "device", "variant", "share", "columns", "chunks", "kernel_ms",
                                        "transfer_ms", "wall_ms", "cpu_ms", "speedup", "status", NULL };
    char *path = path_join(dir, "modes.tsv"), *err = NULL;
    struct table t;
    int rc = file_exists(path) ? table_read(path, &t, &err) : -1;
    free(path);
    free(err);
    if (rc) return -1;
    struct texttab tt = {0};
    tt_head(&tt, head);
    for (int i = 0; i < t.nrows; i++) {
        const char *cell[] = { "mode", "part", "device", "variant", "share" };
        for (int k = 0; k < 5; k++) tt_cell(&tt, "%s", table_cell(&t, i, table_col(&t, cell[k])));
        const char *a = table_cell(&t, i, table_col(&t, "from")), *b = table_cell(&t, i, table_col(&t, "to"));
        tt_cell(&tt, "%s%s%s", a, *a ? "-" : "", b);
        tt_cell(&tt, "%s", table_cell(&t, i, table_col(&t, "chunks")));
        const char *num[] = { "kernel_ms", "transfer_ms", "wall_ms", "cpu_ms", "speedup_vs_cpu" };
        for (int k = 0; k < 5; k++) tt_num(&tt, table_num(&t, i, table_col(&t, num[k])), k == 4 ? 2 : 3);
        tt_cell(&tt, "%s", table_cell(&t, i, table_col(&t, "status")));
    }
    tt_print(&tt, out, markdown);
    tt_free(&tt);
    table_free(&t);
    return 0;
}

/* ---- the worker process ----------------------------------------------------------------------- */

static void say_devices(const struct modes_ctx *c)
{
    int cpus = 0;
    for (int i = 0; i < c->ndev; i++) {
        printf("clx: device %d: %s %s (%s, driver %s)\n", i + 1, c->devs[i].index, c->devs[i].dp.name,
               c->devs[i].dp.platform, c->devs[i].dp.driver);
        cpus += (c->devs[i].dp.type & CL_DEVICE_TYPE_CPU) != 0;
    }
    if (c->ndev == 1)
        printf("clx: modes on one device: every part runs on %s (device 1); the parts still overlap copies and kernels\n",
               c->devs[0].index);
    if (cpus)
        printf("clx: %s (sharing the host's cores with %sthe host reference): these timings check the mechanism, "
               "they are not meaningful as a GPU comparison\n",
               c->ndev == 1 ? "the device is a CPU" : cpus == c->ndev ? "the devices are CPUs" : "some devices are CPUs",
               c->ndev == 1 ? "" : "each other and ");
}

/* tell_dir: the results folder, to the parent (for --report), as one line on fd. */
static void tell_dir(int fd, const char *dir)
{
    char *line = xasprintf("%s\n", dir);
    ssize_t n = write(fd, line, strlen(line));
    (void)n;   /* a parent that cannot read it only loses --report */
    free(line);
    close(fd);
}

static int child(const struct spec *s, const struct run_opts *o, char *const *sels, int nsel, int dir_fd)
{
    struct modes_ctx c;
    memset(&c, 0, sizeof c);
    c.s = s;
    c.o = o;
    c.m = s->modes;
    char started[64];
    iso_now(started, sizeof started);
    modes_setup(&c, sels, nsel);
    char *name = xasprintf("%s-modes", s->name);
    c.dir = results_make_dir(o->results_root, name, c.devs[0].dp.name);
    free(name);
    if (!c.dir) die("cannot make a results folder under %s: %s", o->results_root, strerror(errno));
    tell_dir(dir_fd, c.dir);
    char *tp = path_join(c.dir, "modes.tsv");
    if (tsv_open(&c.tsv, tp)) die("cannot write %s: %s", tp, strerror(errno));
    free(tp);
    struct strlist cols = {0};
    for (int i = 0; modes_columns[i]; i++) sl_push(&cols, modes_columns[i]);
    tsv_header(&c.tsv, &cols);
    sl_free(&cols);
    printf("clx: %s: %d modes, %d trials each, %d chunks per part%s; results in %s\n", s->name, c.m->n, c.m->trials,
           c.m->chunks, o->quick ? " (quick mode)" : "", c.dir);
    say_devices(&c);
    fflush(stdout);
    for (int i = 0; i < c.m->n; i++) one_mode(&c, &c.m->modes[i]);
    int failed = tsv_close(&c.tsv) | write_json(&c, started);
    const char *base = strrchr(c.dir, '/');
    results_point_latest(o->results_root, base ? base + 1 : c.dir);
    if (!o->quiet) modes_table(c.dir, stdout, 0);
    printf("clx: %d modes ok, %d not; results in %s\n", c.nok, c.nbad, c.dir);
    free(c.dir);
    modes_teardown(&c);
    if (failed) return EXIT_CANNOT_RUN;
    return c.nbad ? EXIT_ROWS_FAILED : 0;
}

/* check_devices: every part's device is on the list (with one device, every part runs on it). */
static void check_devices(const struct spec_modes *m, int ndev, const char *path)
{
    if (ndev == 1) return;
    for (int i = 0; i < m->n; i++)
        for (int p = 0; p < m->modes[i].nparts; p++)
            if (m->modes[i].parts[p].device > ndev)
                die_usage("%s:%d: mode '%s' part %d runs on device %d, but --device lists %d devices", path,
                          m->modes[i].parts[p].line, m->modes[i].name, p + 1, m->modes[i].parts[p].device, ndev);
}

/* device_selectors: the --device list as "P:D" strings, found without OpenCL in this process. */
static int device_selectors(const char *sel, char ***out)
{
    *out = xcalloc(1, sizeof **out);
    if (!sel || !devlist_is_list(sel)) { (*out)[0] = sel ? xstrdup(sel) : NULL; return 1; }
    struct devlist_dev *all;
    int n = devlist_discover(&all);
    if (n < 0) exit(EXIT_CANNOT_RUN);
    int *pick = xcalloc((size_t)n + 1, sizeof *pick);
    char *err = NULL;
    int np = devlist_parse(all, n, sel, pick, &err);
    if (np < 0) die_usage("%s", err);
    *out = xrealloc(*out, sizeof **out * (size_t)np);
    for (int i = 0; i < np; i++) (*out)[i] = xstrdup(devlist_index(&all[pick[i]]));
    free(pick);
    free(all);
    return np;
}

/* read_dir: the folder the worker made (one line on fd), or NULL when it made none. */
static char *read_dir(int fd)
{
    struct sbuf b = {0};
    char buf[512];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
        if (n > 0) sb_putn(&b, buf, (size_t)n);
    close(fd);
    if (!b.len || b.s[b.len - 1] != '\n') { sb_free(&b); return NULL; }
    b.s[b.len - 1] = 0;
    return b.s;
}

int modes_run(const struct spec *s, const struct run_opts *o, char **run_dir)
{
    if (!s->modes) die_usage("%s has no modes section (docs/spec.md, \"Modes\")", s->path);
    char **sels;
    int n = device_selectors(o->device, &sels), fds[2];
    check_devices(s->modes, n, s->path);
    fflush(NULL);
    pipe_cloexec(fds, "to the modes worker");
    pid_t pid = fork();
    if (pid < 0) die("fork: %s", strerror(errno));
    if (pid == 0) {
        close(fds[0]);
        int rc = child(s, o, sels, n, fds[1]);
        fflush(NULL);
        _exit(rc);
    }
    close(fds[1]);
    char *dir = read_dir(fds[0]), *dir_said = dir ? xstrdup(dir) : NULL;
    if (run_dir) *run_dir = dir;
    else free(dir);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    for (int i = 0; i < n; i++) free(sels[i]);
    free(sels);
    if (WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM) {
        fprintf(stderr, "clx: a mode's wait on the device ran past its limit (--timeout, else 300 s for the first mode, "
                "then 60 s or 50 times the longest mode before it): the worker was stopped; the modes finished before it "
                "are in %s/modes.tsv\n", dir_said ? dir_said : "(no results folder yet)");
        free(dir_said);
        return EXIT_ROWS_FAILED;
    }
    free(dir_said);
    if (WIFSIGNALED(st)) {
        fprintf(stderr, "clx: the modes worker died of signal %d (%s)\n", WTERMSIG(st), strsignal(WTERMSIG(st)));
        return 128 + WTERMSIG(st);
    }
    return WEXITSTATUS(st);
}
