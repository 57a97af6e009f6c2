/* decround.c — a number's decimal text rounded on its own digits (decround.h). */
#include "decround.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *dec_round(char *buf, size_t n, const char *text, int places, int pad)
{
    char *end;
    double x = text ? strtod(text, &end) : NAN;
    if (!text || end == text || !isfinite(x) || n < 2) return NULL;
    if (places < 0) places = 0;
    const char *s = text;
    while (isspace((unsigned char)*s)) s++;
    int neg = *s == '-';
    if (*s == '-' || *s == '+') s++;
    /* Only plain decimals are rounded on their digits: an exponent (or anything else strtod read)
     * is printed from its value. */
    size_t len = (size_t)(end - s), ni = strspn(s, "0123456789");
    size_t nf = s[ni] == '.' ? strspn(s + ni + 1, "0123456789") : 0;
    if (ni + (s[ni] == '.') + nf != len || ni + nf == 0 || ni + nf + 4 > n) {
        snprintf(buf, n, "%.*f", places, x);
        return buf;
    }
    /* The digits kept (integer part, then up to places of the fraction), a leading 0 for a carry. */
    size_t keep = nf < (size_t)places ? nf : (size_t)places;
    char *d = malloc(ni + keep + 2);
    if (!d) return NULL;
    d[0] = '0';
    memcpy(d + 1, s, ni);
    memcpy(d + 1 + ni, s + ni + 1, keep);
    size_t nd = 1 + ni + keep;
    if (nf > keep && s[ni + 1 + keep] >= '5')              /* half away from zero */
        for (size_t k = nd; k-- > 0;) {
            if (d[k] < '9') { d[k]++; break; }
            d[k] = '0';
        }
    size_t from = 0, intend = 1 + ni;
    while (from + 1 < intend && d[from] == '0') from++;    /* leading zeros, one kept before the point */
    int zero = 1;
    for (size_t k = from; k < nd; k++) zero &= d[k] == '0';
    size_t o = 0;
    if (neg && !zero) buf[o++] = '-';
    for (size_t k = from; k < intend && o + 1 < n; k++) buf[o++] = d[k];
    /* pad fills with spaces, not zeros: a console column lines up its points with no digit the text
     * did not keep ("757.996 " beside "2.5630"). */
    if (keep && o + 1 < n) buf[o++] = '.';
    else if (pad && places && o + 1 < n) buf[o++] = ' ';
    for (size_t k = 0; k < (pad ? (size_t)places : keep) && o + 1 < n; k++) buf[o++] = k < keep ? d[intend + k] : ' ';
    buf[o] = 0;
    free(d);
    return buf;
}
