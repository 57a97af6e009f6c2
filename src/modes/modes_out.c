/* modes_out.c — one mode of a modes run measured (trials, median and spread, verification of the
 * joined outputs) and what the run writes: modes.tsv's rows and run.json. */
#include "modes_impl.h"
#include "lib/stopcatch.h"
#include "lib/hostlock.h"
#include "lib/stats.h"
#include "lib/isotime.h"
#include "lib/version.h"
#include "measure/verify.h"
#include "store/runjson.h"
#include "run/run_hostload.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const modes_columns[] = {
    "mode", "part", "device", "device_name", "variant", "share", "from", "to", "chunks", "kernel_ms", "transfer_ms",
    "wall_ms", "wall_min_ms", "wall_max_ms", "wall_iqr_ms", "cpu_ms", "speedup_vs_cpu", "status", "note", NULL
};

static double median_of(const double *x, int n)
{
    struct stats st;
    if (n <= 0) return NAN;
    stats_compute(x, n, &st);
    return st.median;
}

/* ---- one mode ------------------------------------------------------------------------------- */

/* What a mode's run found. wall holds its trials' statistics: a median alone cannot say whether
 * two modes differ by more than a loaded machine moves one of them. */
struct mode_outcome { enum row_status status; struct sbuf note; double wall_ms, cpu_ms; struct stats wall; int stopped; };

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
        if (c->o->verify == VERIFY_OFF) { mo->status = RS_UNVERIFIED; mo->cpu_ms = NAN; continue; }
        struct outcome out = {0};
        void **pinned = modes_ref_inputs(slot[p]);
        expected_check(&c->x, c->s, &c->plan, slot[p]->v, &slot[p]->bs, &slot[p]->vv, c->o->seed, &out);
        modes_ref_inputs_done(slot[p], pinned);
        if (out.cpu_ms > 0 && isnan(c->cpu_ms[slot[p]->v])) c->cpu_ms[slot[p]->v] = out.cpu_ms;
        mo->cpu_ms += c->cpu_ms[slot[p]->v];
        if (out.status != RS_OK) {
            if (mo->status == RS_OK) mo->status = out.status;
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
    mo->status = RS_OK;
    modes_pin(c, slot, home, np, &mo->note);
    int turn = hostlock_take();   /* another clx's host work would slow these transfers (as bench_wall) */
    for (int t = 0; t <= trials; t++) {
        char *err = NULL;
        /* A stop starts no new trial; a mode of fewer trials than asked would pass for whole. */
        if (stopcatch_signal()) { mo->stopped = 1; break; }
        poison_homes(home, np);
        /* Trial 0 is a warm-up: the first use of a buffer or kernel pays for setting it up. */
        if (modes_execute(c, md, slot, home, meas, t, &wall[t], &err)) {
            mo->status = RS_ERROR;
            sb_printf(&mo->note, "%s", err);
            free(err);
            break;
        }
    }
    hostlock_give(turn);
    if (mo->status == RS_OK && !mo->stopped) {
        stats_compute(wall + 1, trials, &mo->wall);
        mo->wall_ms = mo->wall.median;
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
        /* Unlike a results.tsv row, a FAIL mode keeps its times: its outputs are checked once, after
         * the trials, so the times are those of the wrong answer, shown beside it. */
        int ran = row_status_is_measured(mo->status) || mo->status == RS_FAIL;
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
        sl_push_own(&v, ran ? xasprintf("%.4f", mo->wall.min) : xstrdup(""));
        sl_push_own(&v, ran ? xasprintf("%.4f", mo->wall.max) : xstrdup(""));
        /* One trial has no spread: empty, as results.tsv's iqr_ms, not a 0 that reads as exact. */
        sl_push_own(&v, ran && mo->wall.n > 1 ? xasprintf("%.4f", mo->wall.q3 - mo->wall.q1) : xstrdup(""));
        sl_push_own(&v, isfinite(mo->cpu_ms) && mo->cpu_ms > 0 ? xasprintf("%.4f", mo->cpu_ms) : xstrdup(""));
        sl_push_own(&v, ran && isfinite(speedup) && mo->cpu_ms > 0 ? xasprintf("%.3f", speedup) : xstrdup(""));
        sl_push(&v, row_status_word(mo->status));
        sl_push_own(&v, note);
        tsv_row(&c->tsv, &v);
        sl_free(&v);
    }
}

/* one_mode: slots for every part (built on first use), the run, its rows. */
int modes_one(struct modes_ctx *c, const struct spec_mode *md)
{
    int np = md->nparts;
    struct slot **slot = xcalloc((size_t)np, sizeof *slot);
    struct part_meas *meas = xcalloc((size_t)np, sizeof *meas);
    struct mode_outcome mo = { .status = RS_OK, .wall_ms = NAN, .cpu_ms = NAN };
    for (int p = 0; p < np; p++) {
        meas[p].kernel_ms = xcalloc((size_t)c->m->trials + 1, sizeof(double));
        meas[p].transfer_ms = xcalloc((size_t)c->m->trials + 1, sizeof(double));
        slot[p] = modes_slot(c, md->parts[p].variant, modes_device_of(c, &md->parts[p]));
        if (slot[p]->why && mo.status == RS_OK) {
            mo.status = slot[p]->why_status;
            sb_printf(&mo.note, "part %d (%s on %s): %s", p + 1, md->parts[p].variant, c->devs[slot[p]->d].index, slot[p]->why);
        }
    }
    /* A stop in the slots' making (an m4 or a build stopped with it) is no error of the mode's. */
    mo.stopped = stopcatch_signal() != 0;
    if (mo.status == RS_OK && !mo.stopped) {
        /* Another clx timing a device before, during or after the trials (a sweep's rows look the same way). */
        struct devlock_watch *watch = modes_watch_start(c);
        run_mode(c, md, slot, meas, &mo);
        int shared = modes_watch_end(c, watch);
        if (shared && !mo.stopped) {
            c->nshared++;
            sb_printf(&mo.note, "%sshared: another clx ran on a device meanwhile (--share-device is what lets two run at once)", mo.note.len ? "; " : "");
        }
    }
    if (!mo.stopped) {
        status_counts_note(&c->st, mo.status);
        if (mo.status != RS_OK)
            printf("clx: mode %s: %s: %s\n", md->name, row_status_word(mo.status), mo.note.s ? mo.note.s : "");
        write_rows(c, md, meas, &mo);
    }
    for (int p = 0; p < np; p++) { free(meas[p].kernel_ms); free(meas[p].transfer_ms); }
    free(meas);
    free(slot);
    sb_free(&mo.note);
    return mo.stopped ? -1 : 0;
}

/* ---- run.json ------------------------------------------------------------------------------- */

/* mdevices_record: each device of the run as run.json's devices name it. */
static void mdevices_record(const struct modes_ctx *c, struct runjson *j)
{
    j->ndevices = c->ndev;
    j->devices = xcalloc((size_t)c->ndev + 1, sizeof *j->devices);
    for (int i = 0; i < c->ndev; i++) {
        const struct devprops *p = &c->devs[i].dp;
        j->devices[i] = (struct rj_mdevice){
            .index = c->devs[i].index, .name = p->name, .vendor = p->vendor, .platform = p->platform,
            .platform_version = p->platform_version, .driver = p->driver,
            .type = p->type & CL_DEVICE_TYPE_CPU ? "CPU" : p->type & CL_DEVICE_TYPE_GPU ? "GPU" : "other",
        };
    }
}

/* point_json: the launch point the modes ran at: each axis's value (a number). */
static cJSON *point_json(const struct modes_ctx *c)
{
    cJSON *pt = cJSON_CreateObject();
    for (int i = 0; c->nslots && i < c->plan.naxes; i++) {
        double x;
        if (vars_get(&c->slots[0].vv, c->plan.axis_names[i], &x)) cJSON_AddNumberToObject(pt, c->plan.axis_names[i], x);
    }
    return pt;
}

int modes_write_json(struct modes_ctx *c, const char *started, enum modes_state st, const char *by)
{
    char now[64];
    iso_time_now(now, sizeof now);
    struct runjson j;
    runjson_init(&j);
    j.clx_version = clx_version();
    j.experiment = c->s->name;
    j.kind = "modes";
    j.command_line = c->o->command_line ? c->o->command_line : "";
    j.started = started;
    if (st == MODES_FINISHED) j.finished = now;
    if (st == MODES_INTERRUPTED) { j.interrupted = now; j.interrupted_by = by; }
    j.quick = c->o->quick != 0;
    j.seed = (double)c->o->seed;
    j.one_device = c->ndev == 1;
    j.chunks = c->m->chunks;
    j.trials = c->m->trials;
    /* The build-option set every part was built with: the first of the spec's builds (or --build's). */
    if (c->plan.builds.n) j.build = c->plan.builds.v[0];
    /* The devices' turns (devlock.h): the first's lock file; held where every turn was, shared
     * under --share-device, else unlocked (a lock file that could not be opened). */
    if (c->nlocks && c->locks[0].path) {
        int held = 1;
        for (int i = 0; i < c->nlocks; i++) held &= c->locks[i].owner;
        j.device_lock = c->locks[0].path;
        j.device_turn = held ? "held" : c->o->share_device ? "shared" : "unlocked";
    }
    /* The host sides of the transfers: pinned, or pageable where pinning failed (modes.tsv's notes). */
    cJSON *hm = cJSON_CreateObject();
    cJSON_AddNumberToObject(hm, "pinned", c->pinned);
    cJSON_AddNumberToObject(hm, "pageable", c->pageable);
    runjson_attach(&j, RJ_HOST_MEMORY, hm);
    runjson_attach(&j, RJ_POINT, point_json(c));
    mdevices_record(c, &j);
    /* The first device's name: what a sweep's "device" object names first. */
    runjson_attach(&j, RJ_DEVICE, cJSON_CreateString(c->devs[0].dp.name));
    j.spec = c->s->text ? c->s->text : "";
    /* A CPU device's kernels ran on the host's cores: how busy the host was beside them, as a sweep's. */
    if (c->load_marks == 2) run_hostload_json(&c->load_from, &c->load_to, &j.host_load);
    int rc = runjson_write(c->dir, &j);
    runjson_free(&j);
    return rc;
}
