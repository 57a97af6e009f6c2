/* hostcaches.c — this host's CPU caches from sysfs, said in one line (hostcaches.h). */
#include "hostcaches.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* The letter sysfs's type file gives a first-level cache ("Data" L1d, "Instruction" L1i); a unified
 * cache has none. To add a type: a row. */
static const struct { const char *type, *suffix; } types[] = {
    { "Data", "d" }, { "Instruction", "i" }, { "Unified", "" },
};

/* bytes_of: sysfs's size ("48K", "2048K", "260M"), in bytes; 0 where it says none. */
static double bytes_of(const char *s)
{
    char *end = NULL;
    double b = s ? strtod(s, &end) : 0;
    if (end && (*end == 'K' || *end == 'k')) b *= 1024;
    else if (end && *end == 'M') b *= 1048576;
    else if (end && *end == 'G') b *= 1073741824.0;
    return b > 0 ? b : 0;
}

char *hostcaches_in(const char *cache_dir)
{
    struct sbuf out = {0};
    for (int i = 0; i < 16; i++) {
        char *lp = xasprintf("%s/index%d/level", cache_dir, i), *sp = xasprintf("%s/index%d/size", cache_dir, i),
             *tp = xasprintf("%s/index%d/type", cache_dir, i);
        char *lt = read_file(lp, NULL), *st = read_file(sp, NULL), *tt = read_file(tp, NULL);
        int level = lt ? atoi(lt) : 0;
        double b = bytes_of(st);
        const char *suffix = "";
        if (tt) {
            str_trim(tt);
            for (size_t k = 0; k < sizeof types / sizeof types[0]; k++)
                if (!strcmp(tt, types[k].type)) suffix = types[k].suffix;
        }
        if (level > 0 && b > 0) {
            char *w = size_words(b);
            sb_printf(&out, "%sL%d%s %s", out.len ? ", " : "", level, suffix, w);
            free(w);
        }
        free(lp); free(sp); free(tp);
        free(lt); free(st); free(tt);
    }
    return out.s;
}

char *hostcaches_this(void)
{
    const char *root = getenv("CLX_SYSFS");
    char *dir = path_join(root && *root ? root : "/sys", "devices/system/cpu/cpu0/cache");
    char *said = hostcaches_in(dir);
    free(dir);
    return said;
}
