/* test_phase.c — the time line's phases: a phase timed by phase_begin/phase_end keeps only what no
 * other phase was given meanwhile (nested ones, and phase_add's), so the parts never add up to
 * more than the wall. Only bounds that load cannot break: a phase holds at least its own sleep,
 * and all of them at most the time the test saw pass around them. */
#include "check.h"
#include "lib/phase.h"
#include "lib/util.h"
#include <time.h>

static void nap_ms(int ms)
{
    struct timespec t = { 0, ms * 1000000L };
    nanosleep(&t, NULL);
}

/* What phase_add gives inside an open phase is not the open phase's too. */
static void test_added_not_twice(void)
{
    phase_reset();
    phase_begin(PH_ROWS);
    phase_add(PH_WRITE, 0.5);          /* half a second said, none spent */
    phase_end();
    CHECK(phase_get(PH_WRITE) == 0.5);
    CHECK(phase_get(PH_ROWS) == 0);    /* what is left of its few microseconds after 0.5 s: nothing */
}

/* Nested phases part the time between them. */
static void test_nested(void)
{
    phase_reset();
    double t0 = now_seconds();
    phase_begin(PH_CONFIG);
    nap_ms(20);
    phase_begin(PH_GUARDS);
    nap_ms(20);
    phase_add(PH_KERNELS, 0.005);
    phase_end();
    nap_ms(20);
    phase_end();
    double wall = now_seconds() - t0;
    double config = phase_get(PH_CONFIG), guards = phase_get(PH_GUARDS), kernels = phase_get(PH_KERNELS);
    CHECK(config >= 0.040);            /* its own two naps */
    CHECK(guards >= 0.020 - 0.005);    /* its nap, less the kernels' time said inside it */
    CHECK(kernels == 0.005);
    CHECK(config + guards + kernels <= wall + 1e-9);
    phase_end();                       /* one end too many is ignored */
    CHECK(phase_get(PH_CONFIG) == config);
}

int main(void)
{
    RUN(test_added_not_twice);
    RUN(test_nested);
    CHECK_EXIT();
}
