/* isotime.c — ISO 8601 timestamps written (the extended offset, +01:00) and read back (that, Z and
 * the basic +0100 that clx wrote before): isotime.h. */
#include "isotime.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

void iso_time_format(time_t t, char *buf, size_t n)
{
    struct tm tm;
    char off[8];
    if (!n) return;
    buf[0] = '\0';
    /* strftime's %z is the basic +HHMM: the colon goes in by hand (%:z is not C's, nor glibc's). */
    if (!localtime_r(&t, &tm) || !strftime(off, sizeof off, "%z", &tm) || strlen(off) != 5) return;
    size_t k = strftime(buf, n, "%Y-%m-%dT%H:%M:%S", &tm);
    if (k) snprintf(buf + k, n - k, "%.3s:%.2s", off, off + 3);
}

void iso_time_now(char *buf, size_t n) { iso_time_format(time(NULL), buf, n); }

/* digits: the n digits at s as a number, -1 where one is not a digit. */
static int digits(const char *s, int n)
{
    int x = 0;
    for (int i = 0; i < n; i++) {
        if (!isdigit((unsigned char)s[i])) return -1;
        x = x * 10 + (s[i] - '0');
    }
    return x;
}

int iso_time_parse(const char *s, time_t *t)
{
    if (!s || strlen(s) < 19) return -1;
    int Y = digits(s, 4), M = digits(s + 5, 2), D = digits(s + 8, 2), h = digits(s + 11, 2), m = digits(s + 14, 2),
        sec = digits(s + 17, 2);
    if (Y < 0 || M < 1 || M > 12 || D < 1 || D > 31 || h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 60 ||
        s[4] != '-' || s[7] != '-' || (s[10] != 'T' && s[10] != ' ') || s[13] != ':' || s[16] != ':')
        return -1;
    struct tm tm = { .tm_year = Y - 1900, .tm_mon = M - 1, .tm_mday = D, .tm_hour = h, .tm_min = m, .tm_sec = sec,
                     .tm_isdst = -1 };
    const char *z = s + 19;
    if (!*z) {                   /* no offset: the local time */
        time_t x = mktime(&tm);
        if (x == (time_t)-1) return -1;
        *t = x;
        return 0;
    }
    long off = 0;
    if (!strcmp(z, "Z")) off = 0;
    else if (*z == '+' || *z == '-') {
        int oh = digits(z + 1, 2), om = 0;
        const char *end = z + 3;
        if (oh < 0 || oh > 23) return -1;
        if (*end == ':') end++;                 /* +HH:MM (extended), else +HHMM (basic) or +HH */
        if (*end) {
            om = digits(end, 2);
            if (om < 0 || om > 59) return -1;
            end += 2;
        }
        if (*end || (z[3] == ':' && end != z + 6)) return -1;
        off = (oh * 60L + om) * 60L * (*z == '-' ? -1 : 1);
    } else return -1;
    time_t x = timegm(&tm);
    if (x == (time_t)-1) return -1;
    *t = x - off;
    return 0;
}

int iso_time_cmp(const char *a, const char *b)
{
    time_t x, y;
    if (!iso_time_parse(a, &x) && !iso_time_parse(b, &y)) return (x > y) - (x < y);
    return strcmp(a ? a : "", b ? b : "");
}
