/* catlabel.c — a category's value as a chart labels it (plotdata.h's cat_label): 8Ki, 10M, 16 MiB. */
#include "plotdata.h"
#include "lib/expr.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

char *cat_label(const char *value, const char *fmt)
{
    double x;
    if ((fmt && !strcmp(fmt, "plain")) || parse_number(value, &x) || x <= 0 || x != floor(x)) return xstrdup(value);
    int bytes = fmt && !strcmp(fmt, "bytes");
    static const char *const bin[] = {"", "Ki", "Mi", "Gi", "Ti"}, *const dec[] = {"", "K", "M", "G", "T"};
    /* Whole multiples of 1024^k or 1000^k read better shortened: 8Ki, 10M, 16 MiB. */
    int kb = 0, kd = 0;
    double b = x, d = x;
    while (kb < 4 && b >= 1024 && fmod(b, 1024) == 0) { b /= 1024; kb++; }
    while (kd < 4 && d >= 1000 && fmod(d, 1000) == 0) { d /= 1000; kd++; }
    if (bytes) {
        if (kb == 0 && x >= 1024) {      /* not a whole multiple: one decimal */
            while (kb < 4 && b >= 1024) { b /= 1024; kb++; }
            return xasprintf("%.1f %sB", b, bin[kb]);
        }
        return xasprintf("%.0f %sB", b, bin[kb]);
    }
    if (x < 10000 || (kb == 0 && kd == 0)) return xstrdup(value);
    return kb >= kd ? xasprintf("%.0f%s", b, bin[kb]) : xasprintf("%.0f%s", d, dec[kd]);
}
