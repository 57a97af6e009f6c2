/* latcache.c — set-up latencies kept between runs, a line per device (latcache.h). */
#include "latcache.h"
#include "cache.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FILE_NAME "latencies.tsv"
#define HEADER "# device\tdriver\tllc_bytes\tfma_ns\tmad_ns\tllc_ns\tmem_ns\tmhz\tseconds\twhen\n"

/* plain: s with its tabs and newlines made spaces (a field of one line), a new string */
static char *plain(const char *s)
{
    char *t = xstrdup(s);
    for (char *p = t; *p; p++)
        if (*p == '\t' || *p == '\n') *p = ' ';
    return t;
}

/* key: the first three fields of dp's line, with the tab after them */
static char *key(const struct devprops *dp, double llc_bytes)
{
    char *n = plain(dp->name), *d = plain(dp->driver);
    char *k = xasprintf("%s\t%s\t%.0f\t", n, d, llc_bytes);
    free(n);
    free(d);
    return k;
}

static char *file_path(void)
{
    char *dir = cache_folder();
    if (!dir) return NULL;
    char *p = path_join(dir, FILE_NAME);
    free(dir);
    return p;
}

int latcache_read(const struct devprops *dp, double llc_bytes, struct latcache_entry *e, char **path)
{
    if (path) *path = NULL;
    char *p = file_path();
    if (!p) return -1;
    char *text = read_file(p, NULL), *k = key(dp, llc_bytes);
    int rc = -1;
    size_t kl = strlen(k);
    for (char *line = text; line && *line && rc; ) {
        char *nl = strchr(line, '\n');
        if (nl) *nl = 0;
        memset(e, 0, sizeof *e);
        if (!strncmp(line, k, kl) &&
            sscanf(line + kl, "%lf\t%lf\t%lf\t%lf\t%lf\t%lf\t%39s", &e->fma_ns, &e->mad_ns, &e->llc_ns, &e->mem_ns,
                   &e->mhz, &e->seconds, e->when) == 7)
            rc = 0;
        line = nl ? nl + 1 : NULL;
    }
    free(k);
    free(text);
    if (rc == 0 && path) *path = p;
    else free(p);
    return rc;
}

int latcache_write(const struct devprops *dp, double llc_bytes, const struct latcache_entry *e)
{
    char *p = file_path();
    if (!p) return 0;
    char *dir = cache_folder();
    int rc = mkdir_p(dir);
    free(dir);
    char *text = rc ? NULL : read_file(p, NULL), *k = key(dp, llc_bytes);
    struct sbuf out = {0};
    sb_printf(&out, "%s", HEADER);
    /* Every other device's line as it was; this one's replaced. */
    for (char *line = text; line && *line; ) {
        char *nl = strchr(line, '\n');
        if (nl) *nl = 0;
        if (*line != '#' && strncmp(line, k, strlen(k))) sb_printf(&out, "%s\n", line);
        line = nl ? nl + 1 : NULL;
    }
    sb_printf(&out, "%s%.17g\t%.17g\t%.17g\t%.17g\t%.17g\t%.3f\t%s\n", k, e->fma_ns, e->mad_ns, e->llc_ns, e->mem_ns, e->mhz,
              e->seconds, e->when[0] ? e->when : "-");
    if (!rc) rc = write_file_atomic(p, out.s, out.len);
    free(out.s);
    free(k);
    free(text);
    free(p);
    return rc;
}
