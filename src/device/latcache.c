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

/* lines: the file's lines (none where there is no file) */
static struct strlist lines(const char *path)
{
    struct strlist l = {0};
    char *text = read_file(path, NULL);
    if (text) sl_split(&l, text, '\n');
    free(text);
    return l;
}

int latcache_read(const struct devprops *dp, double llc_bytes, struct latcache_entry *e, char **path)
{
    if (path) *path = NULL;
    char *dir = cache_folder();
    if (!dir) return -1;
    char *p = path_join(dir, FILE_NAME), *k = key(dp, llc_bytes);
    free(dir);
    struct strlist l = lines(p);
    size_t kl = strlen(k);
    int rc = -1;
    for (int i = 0; i < l.n && rc; i++) {
        memset(e, 0, sizeof *e);
        if (!strncmp(l.v[i], k, kl) &&
            sscanf(l.v[i] + kl, "%lf\t%lf\t%lf\t%lf\t%lf\t%lf\t%39s", &e->fma_ns, &e->mad_ns, &e->llc_ns, &e->mem_ns,
                   &e->mhz, &e->seconds, e->when) == 7)
            rc = 0;
    }
    sl_free(&l);
    free(k);
    if (rc == 0 && path) *path = p;
    else free(p);
    return rc;
}

int latcache_write(const struct devprops *dp, double llc_bytes, const struct latcache_entry *e)
{
    char *dir = cache_folder();
    if (!dir) return 0;
    char *p = path_join(dir, FILE_NAME), *k = key(dp, llc_bytes);
    int rc = mkdir_p(dir);
    free(dir);
    struct strlist l = rc ? (struct strlist){0} : lines(p);
    struct sbuf out = {0};
    sb_printf(&out, "%s", HEADER);
    /* Every other device's line as it was; this one's replaced. */
    for (int i = 0; i < l.n; i++)
        if (l.v[i][0] && l.v[i][0] != '#' && strncmp(l.v[i], k, strlen(k))) sb_printf(&out, "%s\n", l.v[i]);
    sb_printf(&out, "%s%.17g\t%.17g\t%.17g\t%.17g\t%.17g\t%.3f\t%s\n", k, e->fma_ns, e->mad_ns, e->llc_ns, e->mem_ns, e->mhz,
              e->seconds, e->when[0] ? e->when : "-");
    if (!rc) rc = write_file_atomic(p, out.s, out.len);
    free(out.s);
    sl_free(&l);
    free(k);
    free(p);
    return rc;
}
