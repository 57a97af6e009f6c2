/* run_energy.c — energy per row (clx run --energy): after a configuration's last round, its kernel
 * is launched back to back in a window long enough for the energy counter's update period, the
 * counter (and the power, where the source reads it) read around and within it; the row gets the
 * joules per launch, the mean power, GFLOP/J and GB/J, and how long the window was. The timed
 * trials are not touched: the window is apart from them, so energy costs time, never accuracy. */
#include "run_impl.h"
#include "run_energy.h"
#include "lib/expr.h"
#include "lib/stats.h"
#include "lib/phase.h"
#include "lib/worker.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A chunk of launches between two power readings: about this long (the next chunk is queued
 * before one is waited for, so the device does not idle between them). */
#define CHUNK_S 0.01
/* The longest the counter's update period is looked for, once per worker. */
#define PERIOD_SEARCH_S 2.0

static int aligned(const struct energy *e);

void run_energy_open(struct runner *r)
{
    struct run_energy *en = &r->energy;
    memset(en, 0, sizeof *en);
    if (!r->o->energy) { en->why = "not asked for (clx run --energy)"; return; }
    if (energy_open(&en->src, r->dev.ocl.id, &r->dev.clk)) { en->why = en->src.why; return; }
    energy_measure_period(&en->src, PERIOD_SEARCH_S);
    if (!en->src.counter && !en->src.power) { en->why = en->src.why; en->src.kind = NULL; return; }
    en->window_s = r->o->energy_window_s > 0 ? r->o->energy_window_s : energy_window_for(en->src.period_s, aligned(&en->src));
    en->on = 1;
}

void run_energy_say(const struct runner *r)
{
    const struct run_energy *en = &r->energy;
    if (!r->o->energy) return;
    if (!en->on) { printf("clx: energy: none: %s\n", en->why); return; }
    printf("clx: energy: %s%s%s", en->src.source, en->src.counter ? " counter" : "", en->src.power ? (en->src.counter ?
           " and power" : " power") : "");
    if (en->src.period_s > 0) printf(" (the counter updates every %.3g ms)", en->src.period_s * 1e3);
    printf("; each row's window %.3g s after its trials%s\n", en->window_s,
           aligned(&en->src) ? ", from one step of the counter to another" : "");
}

void run_energy_end(const struct runner *r)
{
    /* Said at the top too, but a user who asked for energy reads the end for it: rows without
     * energy columns must not look like an energy run whose rows lost theirs. */
    if (r->o->energy && !r->energy.on) run_energy_say_unmeasured(stdout, NULL, r->energy.why);
}

void run_energy_say_unmeasured(FILE *out, const char *on, const char *why)
{
    fprintf(out, "clx: energy: asked for (--energy) but not measured%s%s: %s\n", on ? " on " : "", on ? on : "", why);
}

const char *run_energy_unmeasured(const struct runjson *j)
{
    /* run_energy_json's keys: "asked", and "source" null with "why" where no source read. */
    const cJSON *en = runjson_part(j, RJ_ENERGY);
    if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(en, "asked"))) return NULL;
    if (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(en, "source"))) return NULL;
    const char *why = json_str(en, "why");
    return *why ? why : "run.json's energy part says no more";
}

cJSON *run_energy_json(const struct runner *r)
{
    const struct run_energy *en = &r->energy;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddBoolToObject(o, "asked", r->o->energy != 0);
    if (!en->on) {
        cJSON_AddNullToObject(o, "source");
        cJSON_AddStringToObject(o, "why", en->why ? en->why : "");
        return o;
    }
    cJSON_AddStringToObject(o, "source", en->src.source);
    cJSON_AddBoolToObject(o, "counter", en->src.counter);
    cJSON_AddBoolToObject(o, "power", en->src.power);
    if (en->src.zones[0]) cJSON_AddStringToObject(o, "zones", en->src.zones);
    /* What the source lacks (a counter or power) though it is used. */
    if (en->src.why[0]) cJSON_AddStringToObject(o, "why", en->src.why);
    if (en->src.period_s > 0) cJSON_AddNumberToObject(o, "counter_period_s", en->src.period_s);
    cJSON_AddNumberToObject(o, "window_s", en->window_s);
    cJSON_AddNumberToObject(o, "window_periods", aligned(&en->src) ? ENERGY_ALIGNED_PERIODS : ENERGY_PERIODS);
    cJSON_AddNumberToObject(o, "mismatch_over", ENERGY_MISMATCH);
    cJSON_AddNumberToObject(o, "rows_measured", en->rows);
    cJSON_AddNumberToObject(o, "rows_mismatched", en->mismatched);
    cJSON_AddBoolToObject(o, "aligned", aligned(&en->src));
    cJSON_AddNumberToObject(o, "rows_aligned", en->aligned);
    return o;
}

/* The readings of one window: the counter at its ends, the power after every chunk. */
struct window {
    struct energy_reading a, b;
    double *t, *w;
    int n, cap;
    long launches;
    int aligned;                /* both ends just after a step of the counter */
};

static void add_power(struct window *wd, const struct energy_reading *x)
{
    if (!x->have_power) return;
    if (wd->n == wd->cap) {
        wd->cap = wd->cap ? 2 * wd->cap : 64;
        wd->t = xrealloc(wd->t, sizeof *wd->t * (size_t)wd->cap);
        wd->w = xrealloc(wd->w, sizeof *wd->w * (size_t)wd->cap);
    }
    wd->t[wd->n] = x->t;
    wd->w[wd->n++] = x->power_w;
}

/* enqueue_chunk: n launches of the configuration's kernel (each after its buffer resets), flushed
 * to the device, not waited for; *last: the last launch's event (NULL when none was enqueued). */
static cl_int enqueue_chunk(struct runner *r, const struct pending *pc, cl_kernel k, long n, cl_event *last)
{
    cl_int e = CL_SUCCESS;
    *last = NULL;
    for (long i = 0; i < n && e == CL_SUCCESS; i++)
        if ((e = bench_resets(r->dev.q, &r->dev.bufs)) == CL_SUCCESS)
            e = clEnqueueNDRangeKernel(r->dev.q, k, pc->L.dims, NULL, pc->L.global, pc->L.local, 0, NULL,
                                       i == n - 1 ? last : NULL);
    if (e == CL_SUCCESS) e = clFlush(r->dev.q);
    return e;
}

/* wait_chunk: waits for a chunk's last launch (the queue is in order: for the whole chunk) within
 * limit seconds (the supervisor ends a worker that waits longer); its event goes. */
static cl_int wait_chunk(cl_event *ev, double limit)
{
    if (!*ev) return CL_SUCCESS;
    worker_wait(limit);
    cl_int e = clWaitForEvents(1, ev);
    worker_waited();
    clReleaseEvent(*ev);
    *ev = NULL;
    return e;
}

/* counter_moved: whether the counter changed from a to b (any zone). */
static int counter_moved(const struct energy *e, const struct energy_reading *a, const struct energy_reading *b)
{
    if (!a->have_counter || !b->have_counter) return 0;
    int zones = e->nzones ? e->nzones : 1;
    for (int z = 0; z < zones; z++)
        if (a->raw_j[z] != b->raw_j[z]) return 1;
    return 0;
}

/* aligned: whether the window's ends wait for the counter's updates. A counter that steps every
 * period_s, read at any moment, is off by up to a step's energy at each end: with NVML's 100 ms
 * steps a 5 s window was off by up to 4% (2% each end), and on an H100 such windows repeated from
 * run to run within 5% but only 58% of rows within 2% (docs/energy.md). Read just after a step at
 * both ends, the window holds whole steps. Counters that step within a chunk need no waiting. */
static int aligned(const struct energy *e)
{
    return e->counter && e->period_s > 2 * CHUNK_S;
}

/* run_window: launches the configuration's kernel in chunks until the window is long enough, its
 * ends at the counter's updates where it steps slowly (aligned); 0, 1 when a stop was asked for,
 * -1 and *err when a launch failed. */
static int run_window(struct runner *r, struct pending *pc, struct window *wd, char **err)
{
    cl_kernel k = build_of(&r->bl, pc->v, pc->b)->kernel;
    double ms = pc->t.n ? stats_median(pc->t.ms, pc->t.n) : 1;
    long chunk = ms > 0 ? (long)(CHUNK_S / (ms * 1e-3)) : 1;
    chunk = chunk < 1 ? 1 : chunk > 100000 ? 100000 : chunk;
    double limit = trials_launch_limit(&r->o->bench, ms * 1e-3, 0) * (double)chunk;
    const struct energy *src = &r->energy.src;
    int align = aligned(src);
    /* Waiting for a step gives up after four periods: then that end is where it fell. */
    double give_up = 4 * src->period_s;
    /* One launch first, waited for: the window begins with the queue empty and the device awake. */
    cl_event cur = NULL, next = NULL;
    cl_int e = enqueue_chunk(r, pc, k, 1, &cur);
    if (e == CL_SUCCESS) e = wait_chunk(&cur, limit);
    energy_read(src, &wd->a);
    /* Aligned, the window waits for a step (START), fills (FILL), then waits for the next (END). */
    enum { START, FILL, END } phase = align ? START : FILL;
    if (!align) add_power(wd, &wd->a);
    struct energy_reading last = wd->a;
    double since = wd->a.t;                       /* when the current wait for a step began */
    if (e == CL_SUCCESS) e = enqueue_chunk(r, pc, k, chunk, &cur);
    int rc = -1;
    while (e == CL_SUCCESS) {
        if (run_stop_signal()) { rc = 1; break; }
        /* The next chunk is queued before this one is waited for: the device runs on while the host
         * reads the counter and the power. Waiting for each chunk before the next left an H200
         * idle for a quarter of a window (4 ms of readings a 10 ms chunk), and the energy per launch
         * moved with that share from run to run (2.5-3.4% in 2 of 42 configurations). A reading
         * then falls a little way into the chunk after the one counted, at both ends alike. */
        if ((e = enqueue_chunk(r, pc, k, chunk, &next)) != CL_SUCCESS) break;
        if ((e = wait_chunk(&cur, limit)) != CL_SUCCESS) break;
        cur = next;
        next = NULL;
        struct energy_reading x;
        energy_read(src, &x);
        int stepped = counter_moved(src, &last, &x), late = x.t - since > give_up;
        last = x;
        if (phase == START) {
            if (!stepped && !late) continue;
            wd->a = x;                            /* the launches before it are not counted */
            wd->aligned = stepped;
            add_power(wd, &x);
            phase = FILL;
            continue;
        }
        wd->launches += chunk;
        add_power(wd, &x);
        if (phase == FILL) {
            if (x.t - wd->a.t < r->energy.window_s) continue;
            if (align && wd->aligned && !stepped) { phase = END; since = x.t; continue; }
        } else if (!stepped && !late) continue;
        if (phase == END) wd->aligned = stepped;
        wd->b = x;
        rc = 0;
        break;
    }
    /* The chunk in flight past the window (or a failed one's) is waited for before the row goes on. */
    cl_int w = wait_chunk(&cur, limit), w2 = wait_chunk(&next, limit);
    if (rc == 1) return 1;
    if (e == CL_SUCCESS) e = w != CL_SUCCESS ? w : w2;
    if (rc == 0 && e == CL_SUCCESS) return 0;
    *err = xasprintf("energy window: %s", ocl_err_name(e));
    return -1;
}

static double work(const char *expr, const struct vars *vv)
{
    double x;
    return expr && expr_eval(expr, vv, &x, NULL) == 0 && x > 0 ? x : NAN;
}

/* say_why: a row without energy says why in its timing_note. */
static void say_why(struct pending *pc, const char *why)
{
    sb_clause(&pc->tnote, why);
}

/* fill: the row's energy columns from a window's readings. */
static void fill(struct runner *r, struct pending *pc, const struct window *wd)
{
    struct run_energy *en = &r->energy;
    double span = wd->b.t - wd->a.t, n = (double)wd->launches;
    double counted = energy_between(&en->src, &wd->a, &wd->b);
    double integrated = energy_integrate(wd->t, wd->w, wd->n);
    char *short_why = en->src.counter ? energy_window_short(span, en->src.period_s) : NULL;
    if (short_why) { say_why(pc, short_why); free(short_why); counted = NAN; }
    if (en->src.counter && !(counted > 0) && !short_why)
        say_why(pc, "the energy counter did not advance over the window: energy not given");
    double joules = counted > 0 ? counted : en->src.counter ? NAN : integrated;
    row_num(&pc->w, COL_energy_window_s, "%.4g", span);
    row_set(&pc->w, COL_energy_launches, "%ld", wd->launches);
    if (integrated > 0) row_num(&pc->w, COL_energy_int_j, "%.6g", integrated / n);
    if (!(joules > 0)) return;
    en->rows++;
    en->aligned += wd->aligned;
    if (aligned(&en->src) && !wd->aligned)
        say_why(pc, ENERGY_NOTE_UNALIGNED ": its ends are where they fell (off by up to a step each)");
    row_num(&pc->w, COL_energy_j, "%.6g", joules / n);
    row_num(&pc->w, COL_energy_power_w, "%.4g", joules / span);
    row_num(&pc->w, COL_gflop_per_j, "%.6g", work(r->s->flops, &pc->vv) * 1e-9 / (joules / n));
    row_num(&pc->w, COL_gb_per_j, "%.6g", work(r->s->bytes, &pc->vv) * 1e-9 / (joules / n));
    if (counted > 0 && integrated > 0 && fabs(integrated - counted) > ENERGY_MISMATCH * counted) {
        row_flag(&pc->w, "energy-mismatch");
        en->mismatched++;
    }
}

void run_energy_row(struct runner *r, struct pending *pc)
{
    if (!r->energy.on || pc->failed || pc->t.n == 0) return;
    struct window wd = {0};
    char *err = NULL;
    double t0 = now_seconds();
    int rc = run_window(r, pc, &wd, &err);
    phase_add(PH_KERNELS, now_seconds() - t0);
    /* The temperature the energy was drawn at: the window's end, not temp_c after the trials, which
     * on an H200 read 34 C for rows that followed seconds of idling, 42-45 C for the rest. */
    if (rc == 0) {
        struct clock_sample cs = {0};
        clocks_sample(&r->dev.clk, &cs);      /* -1 without an SM clock: the temperature may still be there */
        if (cs.temp_c > 0) row_num(&pc->w, COL_energy_temp_c, "%.0f", cs.temp_c);
        fill(r, pc, &wd);
    } else if (rc < 0) {
        say_why(pc, err);
        free(err);
    }
    pc->spent += now_seconds() - t0;
    free(wd.t);
    free(wd.w);
}
