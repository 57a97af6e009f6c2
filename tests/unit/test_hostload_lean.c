/* test_hostload_lean.c — which way clx compare's and history's host-load line says B's move may be
 * the load's (compare_hostload.h): the load alone makes the busier side slower, so only verdicts and a
 * median that way are said to be its, by synthetic verdict counts in both directions; and between runs
 * on other devices or OpenCL implementations, the load weighed against what differs, not the code; a
 * median past what the load alone can move (the sides' shares of the host) not said to be the load's. */
#include "check.h"
#include "hostsay.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* say_counts: cmp_hostload_say's line for B (others took b_share of the host) against A (a_share),
 * B's median speed-up median, with faster and slower verdicts decided; rc its return. */
static char *say_counts(double a_share, double b_share, double median, int faster, int slower, int *rc)
{
    struct rundir a, b;
    rundir_of(&a, a_share);
    rundir_of(&b, b_share);
    struct run_shift m = { .median = median, .decided = faster + slower, .decided_slower = slower };
    char *s = say_apart(&a, &b, &m, 0, rc);
    runjson_free(&a.rj);
    runjson_free(&b.rj);
    return s;
}

/* Which way the verdicts lean against which side had less of the host: the load alone makes the
 * busier side slower, so a B SLOWER against a busier A (memcopy_ilp on Intel's CPU runtime under 57%
 * of the host, on rusticl under 0%: 18 SLOWER, 2 FASTER, 0.113x) is not the load's, and its median
 * is not said to be; only the 2 FASTER may be. Both directions, by counts alone. */
static void test_compare_direction(void)
{
    int rc;
    /* A busier (57%), B 0%: B FASTER is the load's way. */
    char *s = say_counts(0.57, 0.0, 0.113, 2, 18, &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "so B's 2 FASTER configurations against A may be the load's (A ran while other processes took "
                      "more of the host, which alone makes A slower) rather than the code's, not its 18 SLOWER (0.113x "
                      "in the median configuration), which the load alone would not make (it makes B faster): run both");
    CHECK(!strstr(s, "B's speed against A"));
    free(s);
    s = say_counts(0.57, 0.0, 0.113, 0, 18, &rc);   /* SLOWER alone against a busier A: nothing */
    CHECK(rc == 0 && (!s || !*s));
    free(s);
    s = say_counts(0.57, 0.0, 0.5, 0, 0, &rc);      /* a median moved against the load, none decided: nothing */
    CHECK(rc == 0 && (!s || !*s));
    free(s);
    s = say_counts(0.57, 0.0, 1.4, 18, 2, &rc);     /* leaning the load's way: the speed and its median */
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "so B's speed against A (1.400x in the median configuration, 18 FASTER, 2 SLOWER) may be the load's "
                      "(A ran while other processes took more of the host, which alone makes A slower) rather than the "
                      "code's: run both");
    free(s);
    /* More FASTER than SLOWER, but the median below 1: the median is not the load's, only the FASTER. */
    s = say_counts(0.57, 0.0, 0.9, 3, 2, &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "so B's 3 FASTER configurations against A may be the load's (A ran while other processes took more "
                      "of the host, which alone makes A slower) rather than the code's, not its 2 SLOWER (0.900x in the "
                      "median configuration), which the load alone would not make (it makes B faster)");
    free(s);
    /* B busier (46%), A 3%: B SLOWER is the load's way; the mirror image of the above. */
    s = say_counts(0.03, 0.46, 8.0, 1, 18, &rc);    /* leaning SLOWER, but the median above 1: only the SLOWER */
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "so B's 18 SLOWER configurations against A may be the load's (B ran while other processes took more "
                      "of the host, which alone makes B slower) rather than the code's, not its 1 FASTER (8.000x in the "
                      "median configuration), which the load alone would not make (it makes B slower)");
    free(s);
    s = say_counts(0.03, 0.46, 8.0, 18, 1, &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "so B's 1 SLOWER configuration against A may be the load's (B ran while other processes took more of "
                      "the host, which alone makes B slower) rather than the code's, not its 18 FASTER (8.000x in the "
                      "median configuration), which the load alone would not make (it makes B slower)");
    free(s);
    s = say_counts(0.03, 0.46, 8.0, 18, 0, &rc);    /* FASTER alone while busier: nothing */
    CHECK(rc == 0 && (!s || !*s));
    free(s);
    s = say_counts(0.03, 0.46, 1.0, 1, 1, &rc);     /* as many each way, the median at 1: only the SLOWER */
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "so B's 1 SLOWER configuration against A may be the load's (B ran while other processes took more of "
                      "the host, which alone makes B slower) rather than the code's, not its 1 FASTER, which the load "
                      "alone would not make (it makes B slower)");
    free(s);
    s = say_counts(0.03, 0.46, 0.8, 2, 2, &rc);     /* as many each way, the median 1.25x the load's way: leans */
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "so B's speed against A (0.800x in the median configuration, 2 SLOWER, 2 FASTER) may be the load's");
    free(s);
    s = say_counts(0.03, 0.46, 1.02, 0, 1, &rc);    /* the only verdict the load's way, the median not: no median */
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "so B's 1 SLOWER configuration against A may be the load's (B ran while other processes took more of "
                      "the host, which alone makes B slower) rather than the code's, not its 1.020x in the median "
                      "configuration, which the load alone would not make (it makes B slower): run both");
    free(s);
}

/* Runs on other devices or OpenCL implementations: their comparison is not of a change of the code
 * (compare says so on the line above), so the load is weighed against what differs between them,
 * and no one run (--by) holds both sides: not offered. */
static void test_compare_other_device(void)
{
    struct rundir a, b;
    rundir_of(&a, 0.57);
    rundir_of(&b, 0.0);
    a.device = "cpu-one";
    b.device = "cpu-two";
    struct run_shift mixed = { .median = 0.113, .decided = 20, .decided_slower = 18 },
                     leans = { .median = 1.4, .decided = 6, .decided_slower = 0 };
    int rc;
    char *s = say_apart(&a, &b, &mixed, 0, &rc);
    CHECK(rc == 1);
    CHECK_STR(s, "clx: compare: B ran under another host load than A: other processes took 0% of the host's CPU time "
                 "during B's sweep, 57% during A's (run.json host_load): the CPU device ran its kernels on the cores they "
                 "used, so B's 2 FASTER configurations against A may be the load's (A ran while other processes took more "
                 "of the host, which alone makes A slower) rather than the devices', not its 18 SLOWER (0.113x in the "
                 "median configuration), which the load alone would not make (it makes B faster): run both again on a "
                 "quieter host\n");
    free(s);
    s = say_apart(&a, &b, &leans, 1, &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "so B's speed against A (1.400x in the median configuration, 6 FASTER) may be the load's (A ran "
                      "while other processes took more of the host, which alone makes A slower) rather than the "
                      "devices': run both again on a quieter host.\n");
    CHECK(!strstr(s, "code's") && !strstr(s, "--by"));
    free(s);
    /* One device model, another platform (Intel's CPU runtime against PoCL), or another driver. */
    b.device = "cpu-one";
    a.platform = "Intel(R) OpenCL";
    b.platform = "Portable Computing Language";
    s = say_apart(&a, &b, &leans, 0, &rc);
    CHECK(rc == 1 && strstr(s, "rather than the OpenCL implementations': run both again on a quieter host\n"));
    free(s);
    b.platform = "Intel(R) OpenCL";
    a.driver = "2024.18";
    b.driver = "2025.19";
    s = say_apart(&a, &b, &leans, 0, &rc);
    CHECK(rc == 1 && strstr(s, "rather than the drivers': run both again on a quieter host\n"));
    free(s);
    runjson_free(&a.rj);
    runjson_free(&b.rj);
}

/* How far the load alone can move the times: the kernels had at most the share of the host the others
 * left them, so 71% to others against 49% is 29% of the host against 51%, 1.76x, and with the room
 * for what a share does not count, 3.5x: Intel's CPU runtime 68x faster than rusticl's llvmpipe is
 * past that and was said to be the load's. By shares alone, whatever the machine. */
static void test_compare_reach(void)
{
    struct rj_host_load busy = { .has = 1, .others_share = 0.71 }, less = { .has = 1, .others_share = 0.49 },
                        none = { .has = 1, .others_share = 0.0 }, half = { .has = 1, .others_share = 0.5 },
                        all = { .has = 1, .others_share = 1.0 };
    CHECK(fabs(cmp_hostload_reach(&busy, &less, 0) - HOSTLOAD_REACH_ROOM * 0.51 / 0.29) < 1e-9);
    CHECK(fabs(cmp_hostload_reach(&less, &busy, 0) - HOSTLOAD_REACH_ROOM * 0.51 / 0.29) < 1e-9);
    CHECK(fabs(cmp_hostload_reach(&none, &half, 0) - HOSTLOAD_REACH_ROOM * 2) < 1e-9);
    CHECK(isinf(cmp_hostload_reach(&none, &all, 0)));
    /* By clx's share where the others' are close. */
    struct rj_host_load c1 = { .has = 1, .clx_share = 0.31 }, c2 = { .has = 1, .clx_share = 0.27 };
    CHECK(fabs(cmp_hostload_reach(&c1, &c2, 1) - HOSTLOAD_REACH_ROOM * 0.31 / 0.27) < 1e-9);

    struct rundir a, b;
    rundir_of(&a, 0.71);
    rundir_of(&b, 0.49);
    a.device = "llvmpipe";
    b.device = "Xeon";
    struct run_shift far = { .median = 68.3, .decided = 8, .decided_slower = 0 },
                     near = { .median = 1.4, .decided = 8, .decided_slower = 0 };
    int rc;
    char *s = say_apart(&a, &b, &far, 0, &rc);
    CHECK(rc == 1);
    CHECK_STR(s, "clx: compare: B ran under another host load than A: other processes took 49% of the host's CPU time "
                 "during B's sweep, 71% during A's (run.json host_load): the load alone moves the CPU device's times by "
                 "3.517x at most here (the kernels had at most 51% of the host during B's sweep, 29% during A's; 2x "
                 "their ratio, for what a share does not count), and B's speed against A (68.3x in the median "
                 "configuration, 8 FASTER) is past that: it is the devices', not the load's, though the load may be "
                 "part of it\n");
    CHECK(!strstr(s, "may be the load's ("));
    free(s);
    s = say_apart(&a, &b, &near, 1, &rc);   /* within its reach: may be the load's, as before */
    CHECK(rc == 1 && strstr(s, "so B's speed against A (1.400x in the median configuration, 8 FASTER) may be the load's"));
    CHECK(!strstr(s, "past that"));
    free(s);
    runjson_free(&a.rj);
    runjson_free(&b.rj);
    /* The mirror image, B the busier and SLOWER, on either side of the reach (4x: 100% against 50%). */
    s = say_counts(0.0, 0.5, 1 / 3.9, 0, 6, &rc);
    CHECK(rc == 1 && strstr(s, "may be the load's (B ran while other processes took more of the host"));
    free(s);
    s = say_counts(0.0, 0.5, 1 / 4.1, 0, 6, &rc);
    CHECK(rc == 1 && strstr(s, "by 4.000x at most here") && strstr(s, "is past that: it is the code's, not the load's"));
    free(s);
}

/* Runs that were searches (run.json's search part): each side's load was taken over its search, said
 * so (before, "during B's sweep" of two searches); a search against a sweep names each. */
static void test_compare_searches(void)
{
    struct rundir a, b;
    rundir_of(&a, 0.66);
    rundir_of(&b, 0.77);
    runjson_attach(&a.rj, RJ_SEARCH, cJSON_CreateObject());
    runjson_attach(&b.rj, RJ_SEARCH, cJSON_CreateObject());
    struct run_shift m = { .median = 0.834, .decided = 2, .decided_slower = 2 };
    int rc;
    char *s = say_apart(&a, &b, &m, 0, &rc);
    CHECK(rc == 1);
    CHECK_CONTAINS(s, "other processes took 77% of the host's CPU time during B's search, 66% during A's (run.json host_load)");
    CHECK(!strstr(s, "sweep"));
    free(s);
    /* A the sweep, B the search: each named. */
    runjson_free(&a.rj);
    rundir_of(&a, 0.66);
    s = say_apart(&a, &b, &m, 0, &rc);
    CHECK_CONTAINS(s, "during B's search, 66% during A's sweep (run.json host_load)");
    free(s);
    /* Past the load's reach: the kernels' shares said of each side's search or sweep too. */
    struct run_shift far = { .median = 1 / 9.0, .decided = 2, .decided_slower = 2 };
    s = say_apart(&a, &b, &far, 0, &rc);
    CHECK_CONTAINS(s, "during B's search, 66% during A's sweep (run.json host_load): the load alone");
    CHECK_CONTAINS(s, "(the kernels had at most 23% of the host during B's search, 34% during A's sweep; ");
    free(s);
    runjson_free(&a.rj);
    runjson_free(&b.rj);
}

int main(void)
{
    RUN(test_compare_direction);
    RUN(test_compare_other_device);
    RUN(test_compare_reach);
    RUN(test_compare_searches);
    CHECK_EXIT();
}
