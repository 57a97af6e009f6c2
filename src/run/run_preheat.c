/* run_preheat.c — before the sweep, the device under full load until its temperature settles:
 * energy per launch rises with the die's temperature, and on an H100 the first of three runs, on a
 * card that had idled, drew up to 2% less per launch at 2-6 C cooler than the two after it
 * (docs/energy.md). Heated to where a full load holds it, every run starts as warm as the last. */
#include "run_impl.h"
#include "measure/heater.h"
#include "lib/phase.h"
#include "lib/worker.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* Under --energy, where the driver reports a temperature, at most this long by default. */
#define PREHEAT_DEFAULT_S 180.0
/* Settled: the temperature rose by no more than RISE_C over the last SPAN_S (heater.h). With a
 * card's time constant of a minute, that leaves it within about 2 C of where the load holds it
 * (tests/unit/test_heater.c), after about three minutes from a card at idle. */
#define SPAN_S 30.0
#define RISE_C 0.5
/* How often the temperature is read (an NVML read takes well under a millisecond). */
#define SAMPLE_S 0.25

/* temperature: the device's temperature now and its power (0 each when not known). */
static double temperature(const struct runner *r, double *power_w)
{
    struct clock_sample s = {0};
    clocks_sample(&r->dev.clk, &s);
    if (power_w) *power_w = s.power_w;
    return s.temp_c;
}

/* heat: the heater's launches, two in flight, until the temperature settles (when watched), max_s
 * has passed or a stop is asked for; 0, or the failing OpenCL status. */
static cl_int heat(struct runner *r, struct heater *h, double max_s)
{
    struct run_preheat *p = &r->preheat;
    int cap = 1024, n = 0;
    double *t = xmalloc(sizeof *t * (size_t)cap), *c = xmalloc(sizeof *c * (size_t)cap);
    double t0 = now_seconds(), last_read = -1, limit = 50 * h->launch_ms * 1e-3 + 10;
    cl_event cur = NULL, next = NULL;
    cl_int e = heater_enqueue(h, r->dev.q, &cur);
    if (r->o->crash_in_heater) {
        setrlimit(RLIMIT_CORE, &(struct rlimit){ 0, 0 });   /* no core file for a test's crash */
        abort();
    }
    while (e == CL_SUCCESS && now_seconds() - t0 < max_s && !run_stop_signal()) {
        if ((e = heater_enqueue(h, r->dev.q, &next)) != CL_SUCCESS) break;
        worker_wait(limit);
        e = clWaitForEvents(1, &cur);
        worker_waited();
        clReleaseEvent(cur);
        cur = next;
        next = NULL;
        double now = now_seconds();
        if (!p->watched || now - last_read < SAMPLE_S) continue;
        last_read = now;
        double temp = temperature(r, NULL);
        if (!(temp > 0)) continue;
        if (n == cap) {
            cap *= 2;
            t = xrealloc(t, sizeof *t * (size_t)cap);
            c = xrealloc(c, sizeof *c * (size_t)cap);
        }
        t[n] = now - t0;
        c[n++] = temp;
        if (p->ntrace < PREHEAT_TRACE && t[n - 1] >= p->ntrace * p->trace_s) p->trace_c[p->ntrace++] = (float)temp;
        if (heater_steady(t, c, n, SPAN_S, RISE_C)) { p->settled = 1; break; }
    }
    if (cur) {
        worker_wait(limit);
        cl_int w = clWaitForEvents(1, &cur);
        worker_waited();
        clReleaseEvent(cur);
        if (e == CL_SUCCESS) e = w;
    }
    p->seconds = now_seconds() - t0;
    phase_add(PH_PREHEAT, p->seconds);
    free(t);
    free(c);
    return e;
}

static void say(const struct runner *r)
{
    const struct run_preheat *p = &r->preheat;
    if (!p->ran) {
        if (p->why) printf("clx: preheat: none: %s\n", p->why);
        return;
    }
    printf("clx: preheat: %.1f s of full load", p->seconds);
    if (p->from_c > 0 && p->to_c > 0) printf(", %.0f -> %.0f C", p->from_c, p->to_c);
    if (p->power_w > 0) printf(", %.0f W", p->power_w);
    if (p->settled) printf(": settled (no more than %.1f C risen over the last %.0f s)\n", RISE_C, SPAN_S);
    else if (p->why) printf("; %s\n", p->why);
    else printf(": its %g s ran out before the temperature settled\n", p->max_s);
}

void run_preheat(struct runner *r)
{
    const struct run_opts *o = r->o;
    struct run_preheat *p = &r->preheat;
    memset(p, 0, sizeof *p);
    p->max_s = o->preheat_s >= 0 ? o->preheat_s : o->energy && !o->quick ? PREHEAT_DEFAULT_S : 0;
    if (p->max_s <= 0) {
        if (o->energy) p->why = o->preheat_s == 0 ? "--preheat 0" : "a --quick run is not preheated (--preheat S asks for it)";
        goto out;
    }
    if (run_worker_again(o)) {   /* a worker restarted after a crash goes on from a device just in use */
        p->why = "a restarted worker goes on without one";
        goto out;
    }
    p->from_c = temperature(r, NULL);
    p->watched = p->from_c > 0;
    if (!p->watched && o->preheat_s < 0) {
        p->why = "the driver reports no temperature here, so nothing would say when the device is warm "
                 "(--preheat S loads it S seconds)";
        goto out;
    }
    /* The heat is for the energy's sake (a card as warm in every run): where --energy has no source
     * (run_energy_open said why), it would spend its seconds on nothing measured. */
    if (o->energy && !r->energy.on) {
        p->why = "--energy has no source here (run.json energy.why) and the heat serves the energy alone: the device "
                 "is not heated";
        goto out;
    }
    struct heater h;
    if (heater_open(&h, r->dev.ctx, r->dev.q, r->dev.ocl.id, &r->dev.dp)) {
        snprintf(p->whybuf, sizeof p->whybuf, "%s", h.why);
        p->why = p->whybuf;
        goto out;
    }
    p->ran = 1;
    p->launch_ms = h.launch_ms;
    p->trace_s = p->max_s > PREHEAT_TRACE ? ceil(p->max_s / PREHEAT_TRACE) : 1;
    /* Said, so that a crash in it is the heater's, not the last build's (supervise.c). */
    worker_heater(1);
    cl_int e = heat(r, &h, p->max_s);
    worker_heater(0);
    heater_close(&h);
    p->to_c = temperature(r, &p->power_w);
    if (e != CL_SUCCESS) {
        snprintf(p->whybuf, sizeof p->whybuf, "the heating kernel failed (%s)", ocl_err_name(e));
        p->why = p->whybuf;
    } else if (run_stop_signal()) p->why = "stopped";
    else if (!p->watched) p->why = "the driver reports no temperature here: it ran all of --preheat's seconds";
out:
    progress_clear(&r->progress);
    if (p->ran || (p->why && o->energy)) say(r);
    fflush(stdout);
}

cJSON *run_preheat_json(const struct runner *r)
{
    const struct run_preheat *p = &r->preheat;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "max_s", p->max_s);
    cJSON_AddBoolToObject(o, "ran", p->ran);
    if (p->why) cJSON_AddStringToObject(o, "why", p->why);
    if (!p->ran) return o;
    cJSON_AddNumberToObject(o, "seconds", p->seconds);
    cJSON_AddBoolToObject(o, "settled", p->settled);
    cJSON_AddBoolToObject(o, "watched", p->watched);
    if (p->watched) {
        cJSON_AddNumberToObject(o, "settle_span_s", SPAN_S);
        cJSON_AddNumberToObject(o, "settle_rise_c", RISE_C);
    }
    if (p->from_c > 0) cJSON_AddNumberToObject(o, "from_c", p->from_c);
    if (p->to_c > 0) cJSON_AddNumberToObject(o, "to_c", p->to_c);
    if (p->power_w > 0) cJSON_AddNumberToObject(o, "power_w", p->power_w);
    cJSON_AddNumberToObject(o, "launch_ms", p->launch_ms);
    if (p->ntrace) {
        cJSON_AddNumberToObject(o, "trace_every_s", p->trace_s);
        cJSON *a = cJSON_AddArrayToObject(o, "trace_c");
        for (int i = 0; i < p->ntrace; i++) cJSON_AddItemToArray(a, cJSON_CreateNumber(p->trace_c[i]));
    }
    return o;
}
