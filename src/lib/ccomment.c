/* ccomment.c — past a C comment on one line of source (ccomment.h). */
#include "ccomment.h"

const char *ccomment_past(const char *p, const char *end, int *block)
{
    if (*block || (p[0] == '/' && p + 1 < end && p[1] == '*')) {
        const char *e = p + (*block ? 0 : 2);
        for (; e + 1 < end && !(e[0] == '*' && e[1] == '/'); e++) {}
        *block = e + 1 >= end;
        return *block ? end : e + 2;
    }
    if (p[0] == '/' && p + 1 < end && p[1] == '/') return end;
    return p;
}
