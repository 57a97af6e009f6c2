/* test_energy.c — the energy sources on fake sysfs trees (RAPL's powercap zones, an amdgpu card's
 * hwmon), a counter's wrap-around, power integrated, the update period, and windows too short. */
#include "check.h"
#include "testutil.h"
#include "device/energy.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR_ "tests/tmp/test_energy"
#define RAPL DIR_ "/rapl"
#define NORAPL DIR_ "/norapl"
#define LOCKED DIR_ "/locked"
#define AMD DIR_ "/amd/device"
#define AMDPOWER DIR_ "/amdpower/device"

/* Two packages with a subzone each (core, dram: not summed), and a zone of another driver. */
static void build_trees(void)
{
    put_text(RAPL "/class/powercap/intel-rapl:1", "name", "package-1\n");
    put_text(RAPL "/class/powercap/intel-rapl:1", "energy_uj", "5000000\n");
    put_text(RAPL "/class/powercap/intel-rapl:1", "max_energy_range_uj", "262143328850\n");
    put_text(RAPL "/class/powercap/intel-rapl:0", "name", "package-0\n");
    put_text(RAPL "/class/powercap/intel-rapl:0", "energy_uj", "262143000000\n");
    put_text(RAPL "/class/powercap/intel-rapl:0", "max_energy_range_uj", "262143328850\n");
    put_text(RAPL "/class/powercap/intel-rapl:0:0", "energy_uj", "1\n");
    put_text(RAPL "/class/powercap/intel-rapl:1:0", "energy_uj", "1\n");
    put_text(RAPL "/class/powercap/dtpm", "name", "dtpm\n");
    put_text(NORAPL "/class/powercap/dtpm", "name", "dtpm\n");
    put_text(LOCKED "/class/powercap/intel-rapl:0", "name", "package-0\n");
    put_text(LOCKED "/class/powercap/intel-rapl:0", "max_energy_range_uj", "262143328850\n");
    put_text(AMD "/hwmon/hwmon2", "energy1_input", "7000000\n");
    put_text(AMD "/hwmon/hwmon2", "power1_average", "250500000\n");
    put_text(AMDPOWER "/hwmon/hwmon0", "power1_input", "99000000\n");
}

static void test_rapl_zones_summed(void)
{
    struct energy e;
    CHECK(energy_open_rapl(&e, RAPL) == 0);
    CHECK_STR(e.source, "RAPL (powercap)");
    CHECK(e.nzones == 2 && e.counter && !e.power);
    CHECK_STR(e.zones, "package-0, package-1");
    CHECK_NEAR(e.range_j[0], 262143.32885, 1e-6);
    struct energy_reading a, b;
    CHECK(energy_read(&e, &a) == 0 && a.have_counter);
    CHECK_NEAR(a.raw_j[0], 262143.0, 1e-9);
    CHECK_NEAR(a.raw_j[1], 5.0, 1e-9);
    /* package-0 wraps past its range, package-1 goes on: 0.32885 + 1.5, and 2 J. */
    put_text(RAPL "/class/powercap/intel-rapl:0", "energy_uj", "1500000\n");
    put_text(RAPL "/class/powercap/intel-rapl:1", "energy_uj", "7000000\n");
    CHECK(energy_read(&e, &b) == 0);
    CHECK_NEAR(energy_between(&e, &a, &b), 0.32885 + 1.5 + 2.0, 1e-6);
}

static void test_rapl_missing_or_locked(void)
{
    struct energy e;
    CHECK(energy_open_rapl(&e, DIR_ "/nothing") == -1);
    CHECK_CONTAINS(e.why, "no RAPL: " DIR_ "/nothing/class/powercap not readable");
    CHECK(energy_open_rapl(&e, NORAPL) == -1);
    CHECK_CONTAINS(e.why, "no intel-rapl zone");
    /* energy_uj absent here; on a real machine it is there but root's (mode 0400). */
    CHECK(energy_open_rapl(&e, LOCKED) == -1);
    CHECK_CONTAINS(e.why, "intel-rapl:0/energy_uj not readable");
    CHECK(e.kind == NULL);
    struct energy_reading r;
    CHECK(energy_read(&e, &r) == -1);
}

static void test_wrap(void)
{
    CHECK_NEAR(energy_wrapped(10, 25, 100), 15, 1e-12);
    CHECK_NEAR(energy_wrapped(90, 5, 100), 15, 1e-12);
    CHECK(isnan(energy_wrapped(90, 5, 0)));          /* a counter that never wraps cannot fall */
    CHECK(isnan(energy_wrapped(150, 5, 100)));       /* nor start past its range */
}

static void test_amdgpu(void)
{
    struct energy e;
    CHECK(energy_open_amdgpu(&e, AMD) == 0);
    CHECK(e.counter && e.power);
    CHECK_STR(e.source, "amdgpu hwmon");
    struct energy_reading r;
    CHECK(energy_read(&e, &r) == 0 && r.have_counter && r.have_power);
    CHECK_NEAR(r.raw_j[0], 7.0, 1e-9);
    CHECK_NEAR(r.power_w, 250.5, 1e-9);
    CHECK(energy_open_amdgpu(&e, AMDPOWER) == 0);
    CHECK(!e.counter && e.power);
    CHECK_CONTAINS(e.why, "power integrated alone");
    CHECK(energy_open_amdgpu(&e, DIR_ "/nocard") == -1);
}

static void test_integrate(void)
{
    double t[] = { 0, 0.5, 1.0, 2.0 }, w[] = { 100, 200, 200, 100 };
    CHECK_NEAR(energy_integrate(t, w, 4), 75 + 100 + 150, 1e-9);
    CHECK(isnan(energy_integrate(t, w, 1)));
}

static void test_period_and_window(void)
{
    double t[] = { 1.00, 1.02, 1.04, 1.06, 1.08 };
    CHECK_NEAR(energy_period_of(t, 5), 0.02, 1e-12);
    CHECK(energy_period_of(t, 1) == 0);
    CHECK_NEAR(energy_window_for(0.02, 0), 2.0, 1e-12);               /* 100 updates */
    CHECK_NEAR(energy_window_for(0.1, 1), 2.0, 1e-12);                /* 20 whole steps when aligned */
    CHECK_NEAR(energy_window_for(0.001, 0), ENERGY_WINDOW_MIN_S, 1e-12); /* never under the floor */
    char *why = energy_window_short(0.1, 0.02);
    CHECK_CONTAINS(why, "under 10 updates");
    free(why);
    CHECK(energy_window_short(0.2, 0.02) == NULL);
    CHECK(energy_window_short(0.01, 0) == NULL);   /* no counter: nothing to be too short for */
}

static void test_static_counter_has_no_period(void)
{
    /* A counter that never moves (the fake tree's) gives no period: not used. */
    struct energy e;
    CHECK(energy_open_rapl(&e, RAPL) == 0);
    CHECK(energy_measure_period(&e, 0.05) == -1);
    CHECK(!e.counter);
    CHECK_CONTAINS(e.why, "changed 0 times");
}

int main(void)
{
    if (system("rm -rf " DIR_) != 0) return 1;
    build_trees();
    RUN(test_rapl_zones_summed);
    RUN(test_rapl_missing_or_locked);
    RUN(test_wrap);
    RUN(test_amdgpu);
    RUN(test_integrate);
    RUN(test_period_and_window);
    RUN(test_static_counter_has_no_period);
    CHECK_EXIT();
}
