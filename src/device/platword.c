/* platword.c — the short word that names an OpenCL implementation (pocl, intel, rusticl): a platform
 * as --device takes it, and what a results folder's name adds where a device's own name does not
 * say which implementation ran it. */
#include "platword.h"
#include "lib/util.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Platforms whose word is not their name's first word, or whose device names say the platform. To
 * add one: a row with a part of the platform's name, the word, and whether its device names say
 * it. A platform without a row takes its name's first word and says nothing in its device names. */
static const struct { const char *platform, *word; int names_say; } rows[] = {
    { "Portable Computing Language", "pocl", 1 },
};
enum { NROWS = sizeof rows / sizeof rows[0] };

static int row_of(const char *platform)
{
    for (int i = 0; i < NROWS; i++)
        if (platform && strstr(platform, rows[i].platform)) return i;
    return -1;
}

void platword_of(const char *platform, char *out, size_t size)
{
    int r = row_of(platform);
    if (r >= 0) {
        snprintf(out, size, "%s", rows[r].word);
        return;
    }
    size_t k = 0;
    for (const char *c = platform ? platform : ""; *c && isalnum((unsigned char)*c) && k + 1 < size; c++)
        out[k++] = (char)tolower((unsigned char)*c);
    if (size) out[k] = '\0';
}

const char *platword_alias(const char *sel)
{
    for (int i = 0; i < NROWS; i++)
        if (!strcasecmp(sel, rows[i].word) && !str_icontains(rows[i].platform, sel)) return rows[i].platform;
    return NULL;
}

int platword_names_say(const char *platform)
{
    int r = row_of(platform);
    return r >= 0 && rows[r].names_say;
}
