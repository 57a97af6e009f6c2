/* opcount.c — counting the instructions a spec expects in a binary, and the flag of a binary that
 * holds fewer: the work was optimised away even when the time looks plausible. */
#include "opcount.h"
#include "device/ptx.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The binary formats that are text clx can count instructions in, by binary_format's name. To
 * read another ISA, add a row with its counter (same contract as ptx_count_instructions). */
static const struct {
    const char *format;
    int (*count)(const char *text, const char *entry, const char *op);
} readers[] = {
    {"PTX", ptx_count_instructions},
};
enum { NREADERS = sizeof readers / sizeof readers[0] };

static int reader_of(const char *format)
{
    for (int i = 0; format && i < NREADERS; i++)
        if (!strcmp(readers[i].format, format)) return i;
    return -1;
}

int opcount_readable(const char *format) { return reader_of(format) >= 0; }

const char *opcount_readable_formats(void)
{
    static char names[128];
    if (!names[0])
        for (int i = 0; i < NREADERS; i++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "", readers[i].format);
    return names;
}

int opcount_in(const char *format, const char *bin, const char *entry, const char *op)
{
    int k = reader_of(format);
    return k < 0 || !bin || !op ? -1 : readers[k].count(bin, entry, op);
}

const char *opcount_op_of(const char *op, const struct strlist *keys, const struct strlist *values)
{
    /* Opcodes are lower case: an upper-case op can only be a parameter's name. */
    if (!isupper((unsigned char)op[0])) return op;
    for (int i = 0; i < keys->n; i++)
        if (!strcmp(keys->v[i], op)) return values->v[i];
    return NULL;
}

char *opcount_pruned(const char *op, int found, double want)
{
    if (found < 0 || !(want > 0) || (double)found >= want) return NULL;
    return xasprintf("pruned:%s %d<%.15g", op, found, want);
}
