/* test_isotime.c — lib/isotime.c: timestamps written in ISO 8601's extended form (+05:30, never the
 * basic +0530 that Python before 3.11 refuses), read back in both forms and with Z, compared by
 * the instant. */
#include "check.h"
#include "lib/isotime.h"
#include <stdlib.h>
#include <time.h>

/* in_zone: the process's local time zone from now on (POSIX TZ: "IST-5:30" is 5 h 30 ahead of UTC). */
static void in_zone(const char *tz)
{
    setenv("TZ", tz, 1);
    tzset();
}

static void test_format_extended(void)
{
    char b[ISO_TIME_LEN];
    in_zone("UTC0");
    iso_time_format(1796090829, b, sizeof b);                  /* 2026-12-01T02:07:09Z */
    CHECK_STR(b, "2026-12-01T02:07:09+00:00");
    in_zone("IST-5:30");
    iso_time_format(1796090829, b, sizeof b);
    CHECK_STR(b, "2026-12-01T07:37:09+05:30");
    in_zone("EST5");
    iso_time_format(1796090829, b, sizeof b);
    CHECK_STR(b, "2026-11-30T21:07:09-05:00");
    iso_time_now(b, sizeof b);
    CHECK(strlen(b) == 25 && b[22] == ':');
    char small[8];
    iso_time_format(1796090829, small, sizeof small);          /* too small: cut, never past the end */
    CHECK(strlen(small) < sizeof small);
}

static void test_parse_both_forms(void)
{
    time_t t;
    in_zone("UTC0");
    CHECK(iso_time_parse("2026-12-01T02:07:09+00:00", &t) == 0 && t == 1796090829);
    CHECK(iso_time_parse("2026-12-01T02:07:09+0000", &t) == 0 && t == 1796090829);   /* an older clx's */
    CHECK(iso_time_parse("2026-12-01T02:07:09Z", &t) == 0 && t == 1796090829);
    CHECK(iso_time_parse("2026-12-01T07:37:09+05:30", &t) == 0 && t == 1796090829);
    CHECK(iso_time_parse("2026-12-01T07:37:09+0530", &t) == 0 && t == 1796090829);
    CHECK(iso_time_parse("2026-11-30T21:07:09-05:00", &t) == 0 && t == 1796090829);
    CHECK(iso_time_parse("2026-11-30T21:07:09-05", &t) == 0 && t == 1796090829);
    CHECK(iso_time_parse("2026-12-01T02:07:09", &t) == 0 && t == 1796090829);        /* local: UTC here */
    const char *bad[] = { NULL, "", "2026-12-01", "2026-12-01T02:07:09+", "2026-12-01T02:07:09+00:", "2026-12-01T02:07:09+00:00x",
                          "2026-13-01T02:07:09+00:00", "2026/12/01T02:07:09+00:00", "2026-12-01T02:07:09+0:00", "soon" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) CHECK(iso_time_parse(bad[i], &t) == -1);
}

static void test_written_read_back(void)
{
    char b[ISO_TIME_LEN];
    time_t t;
    in_zone("IST-5:30");
    iso_time_format(1796090829, b, sizeof b);
    in_zone("EST5");                                           /* read elsewhere: the same instant */
    CHECK(iso_time_parse(b, &t) == 0 && t == 1796090829);
}

static void test_cmp_by_instant(void)
{
    /* Text order would put 07:37 (+05:30) after 03:00 (+00:00), though it is earlier. */
    CHECK(iso_time_cmp("2026-12-01T07:37:09+05:30", "2026-12-01T03:00:00+00:00") < 0);
    CHECK(iso_time_cmp("2026-12-01T02:07:09+0000", "2026-12-01T02:07:09+00:00") == 0);
    CHECK(iso_time_cmp("2026-12-01T02:07:10+0000", "2026-12-01T02:07:09+00:00") > 0);
    CHECK(iso_time_cmp("b", "a") > 0);                          /* not timestamps: by the text */
    CHECK(iso_time_cmp(NULL, "") == 0);
}

int main(void)
{
    RUN(test_format_extended);
    RUN(test_parse_both_forms);
    RUN(test_written_read_back);
    RUN(test_cmp_by_instant);
    CHECK_EXIT();
}
