/* test_clocks.c — the throttle rule, and no invented clocks where there is no source. */
#include "check.h"
#include "device/clocks.h"

static void test_throttled(void)
{
    CHECK(!clocks_throttled(1980, 1980, 1980));
    CHECK(!clocks_throttled(1785, 1980, 1980));          /* 90.2%: not below */
    CHECK(clocks_throttled(1980, 1700, 1980));            /* the lower one counts */
    CHECK(clocks_throttled(1500, 1980, 1980));
    CHECK(!clocks_throttled(0, 1500, 1980));              /* unknown values decide nothing */
    CHECK(!clocks_throttled(1500, 1500, 0));
}

static void test_no_source_no_values(void)
{
    struct clocks c = {0};
    struct clock_sample s = { 1, 2, 3, 4 };
    CHECK(clocks_sample(&c, &s) == -1);
    CHECK(s.sm_mhz == 0 && s.mem_mhz == 0 && s.temp_c == 0 && s.power_w == 0);
}

int main(void)
{
    RUN(test_throttled);
    RUN(test_no_source_no_values);
    CHECK_EXIT();
}
