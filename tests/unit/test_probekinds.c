/* test_probekinds.c — the probe kinds' table: every kind named once, names found back, others not. */
#include "check.h"
#include "spec/probekinds.h"
#include <string.h>

static void test_names_round_trip(void)
{
    for (int k = 0; k < PROBE_KINDS; k++) {
        CHECK(probe_kind_of(probe_kind_name(k)) == k);
        CHECK(strlen(probe_kind_what(k)) > 10);
        CHECK(strstr(probe_kind_names(), probe_kind_name(k)) != NULL);
    }
    CHECK(probe_kind_of("warp") == -1 && probe_kind_of("") == -1 && probe_kind_of(NULL) == -1);
    CHECK_STR(probe_kind_names(), "launch, transfers, latency, local, atomics");
}

int main(void)
{
    RUN(test_names_round_trip);
    CHECK_EXIT();
}
