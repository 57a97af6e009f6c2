/* floor_said.c — a noise floor as a reader is told it (floor_said.h): one rule, every place alike. */
#include "floor_said.h"
#include "lib/pctnear.h"
#include "lib/util.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

int floor_past_telling(double f)
{
    return isfinite(f) && 1 + f >= FLOOR_SAID_MOST;
}

const char *floor_factor_said(char *buf, size_t size, double f)
{
    snprintf(buf, size, 1 + f >= 1000 ? "%.0f" : "%.3g", 1 + f);
    return buf;
}

static const char *short_said(char *buf, size_t size, double f, double near)
{
    char x[32];
    if (!isfinite(f)) snprintf(buf, size, "none");
    else if (floor_past_telling(f)) snprintf(buf, size, "beyond a factor of %.0f", FLOOR_SAID_MOST);
    else if (f > FLOOR_AS_FACTOR) snprintf(buf, size, "a factor of %s", floor_factor_said(x, sizeof x, f));
    else if (near > 0) fmt_pct_near(buf, size, 100 * f, 100 * near);
    else fmt_pct(buf, size, 100 * f);
    return buf;
}

const char *floor_said_bare(char *buf, size_t size, double f)
{
    return short_said(buf, size, f, 0);
}

const char *floor_said(char *buf, size_t size, double f, double near)
{
    short_said(buf, size, f, near);
    if (floor_past_telling(f)) {
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, " (noise larger than the times themselves: no floor to speak of)");
    }
    return buf;
}

const char *floor_span_said(char *buf, size_t size, double lo, double hi)
{
    char a[FLOOR_SAID_SIZE], b[FLOOR_SAID_SIZE];
    short_said(a, sizeof a, lo, 0);
    short_said(b, sizeof b, hi, 0);
    size_t la = strlen(a);
    if (!strcmp(a, b)) snprintf(buf, size, "%s", a);
    else if (hi > FLOOR_AS_FACTOR) snprintf(buf, size, "%s to %s", a, b);
    else snprintf(buf, size, "%.*s-%s", (int)(la && a[la - 1] == '%' ? la - 1 : la), a, b);
    return buf;
}
