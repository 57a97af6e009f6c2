/* hostfix.h — a host CPU as the peak tests set one up: parsed from a recorded /proc/cpuinfo
 * (tests/unit/fixtures/cpuinfo/) or from hand-made lines, then given 2 CPUs, one a core, and a stated
 * clock. Shared by test_peak.c and test_peak_vendors.c, so that both hosts are made alike. */
#ifndef HOSTFIX_H
#define HOSTFIX_H
#include "check.h"
#include "device/hostcpu.h"
#include "lib/util.h"
#include <stdlib.h>

/* host_stated: h on 2 CPUs, one a core (as sysfs says of the recorded machines), whose OS states a
 * maximum clock of mhz. */
static inline void host_stated(struct hostcpu *h, double mhz)
{
    h->max_mhz = mhz;
    h->max_from = "a stated maximum";
    h->allowed = h->cores = 2;
}

/* host_from_fixture: h from tests/unit/fixtures/cpuinfo/FILE (a CHECK fails where it cannot be read
 * or parsed), on host_stated's 2 CPUs at mhz. */
static inline void host_from_fixture(const char *file, double mhz, struct hostcpu *h)
{
    char *path = xasprintf("tests/unit/fixtures/cpuinfo/%s", file);
    char *info = read_file(path, NULL);
    if (!info) fprintf(stderr, "  cannot read %s\n", path);
    CHECK(info && hostcpu_parse(info, 2, h) == 0);
    free(info);
    free(path);
    host_stated(h, mhz);
}
#endif
