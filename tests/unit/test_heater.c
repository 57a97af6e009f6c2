/* test_heater.c — when a temperature counts as settled (a card heating with a time constant, read
 * in whole degrees; one that flickers; one cooling), and the heating kernel on the first device. */
#include "testcl.h"
#include "measure/heater.h"
#include "lib/rng.h"
#include <math.h>
#include <stdlib.h>

#define SPAN 30.0
#define RISE 0.5

/* settle_time: the first time the rule calls a series settled, readings every dt seconds of
 * temp(time) rounded to whole degrees (NVML's), or -1 within max_s. */
static double settle_time(double (*temp)(double, void *), void *arg, double dt, double max_s, double *at_c)
{
    int n = (int)(max_s / dt) + 1;
    double *t = malloc(sizeof *t * (size_t)n), *c = malloc(sizeof *c * (size_t)n);
    double found = -1;
    for (int i = 0; i < n; i++) {
        t[i] = i * dt;
        c[i] = round(temp(t[i], arg));
        if (heater_steady(t, c, i + 1, SPAN, RISE)) {
            found = t[i];
            if (at_c) *at_c = temp(t[i], arg);
            break;
        }
    }
    free(t);
    free(c);
    return found;
}

/* A card from 35 C towards 55 C with a time constant of tau seconds. */
static double heating(double s, void *tau) { return 55 - 20 * exp(-s / *(double *)tau); }
/* One that holds 50.5 C, its readings flickering between 50 and 51 (noise of half a degree). */
static double flicker(double s, void *g) { (void)s; return 50.5 + rng_uniform(g, -0.5, 0.5); }
/* One cooling from a hotter load. */
static double cooling(double s, void *unused) { (void)unused; return 45 + 15 * exp(-s / 60); }

static void test_heating_card(void)
{
    /* Time constants a server GPU's die and heat sink can have: the rule stops within 2 C of
     * where the load holds the card, never before SPAN seconds, and not at the start's steep rise. */
    double taus[] = { 20, 40, 60 };
    for (int i = 0; i < 3; i++) {
        double at = 0, when = settle_time(heating, &taus[i], 0.25, 600, &at);
        CHECK(when >= SPAN);
        CHECK(when > taus[i]);
        if (getenv("SHOW")) printf("  tau %g: settled at %g s, %.2f C under\n", taus[i], when, 55 - at);
        CHECK(55 - at <= 2);
    }
}

static void test_flat_and_cooling(void)
{
    struct rng g;
    rng_seed(&g, 7);
    double when = settle_time(flicker, &g, 0.25, 600, NULL);
    CHECK(when >= SPAN && when <= SPAN + 1);
    CHECK_NEAR(settle_time(cooling, NULL, 0.25, 600, NULL), SPAN, 0.3);
}

static void test_too_few(void)
{
    double t[] = { 0, 10, 20, 29.9 }, c[] = { 50, 50, 50, 50 };
    CHECK(!heater_steady(t, c, 4, SPAN, RISE));       /* under SPAN seconds of readings */
    CHECK(!heater_steady(t, c, 1, SPAN, RISE));
    double t2[] = { 0, 30 }, c2[] = { 50, 50.4 };
    CHECK(heater_steady(t2, c2, 2, SPAN, RISE));
    c2[1] = 50.6;
    CHECK(!heater_steady(t2, c2, 2, SPAN, RISE));
}

static void test_on_device(void)
{
    struct testcl t;
    if (testcl_open(&t)) return;
    cl_command_queue q = t.q;
    struct heater h;
    CHECK(heater_open(&h, t.ctx, q, t.d.id, &t.dp) == 0);
    CHECK(h.launch_ms > 0 && h.steps >= 64 && h.items > 0);
    cl_event ev = NULL;
    CHECK(heater_enqueue(&h, q, &ev) == CL_SUCCESS);
    CHECK(clWaitForEvents(1, &ev) == CL_SUCCESS);
    clReleaseEvent(ev);
    /* The kernel ran every chain: its first item's sum is that of eight chains of `steps` fmas. */
    float got = 0;
    CHECK(clEnqueueReadBuffer(q, h.out, CL_TRUE, 0, sizeof got, &got, 0, NULL, NULL) == CL_SUCCESS);
    float want = 0;
    for (int j = 0; j < 8; j++) {
        float x = j * 0.1f;
        for (cl_uint i = 0; i < h.steps; i++) x = fmaf(x, 0.999999f, 1e-6f);
        want += x;
    }
    CHECK_NEAR(got, want, 1e-3 * fabs(want) + 1e-6);
    heater_close(&h);
    testcl_close(&t);
}

int main(void)
{
    RUN(test_heating_card);
    RUN(test_flat_and_cooling);
    RUN(test_too_few);
    RUN(test_on_device);
    CHECK_EXIT();
}
