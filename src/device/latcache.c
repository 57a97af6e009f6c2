/* latcache.c — set-up latencies kept between runs, a line per device (latcache.h). */
#include "latcache.h"
#include "cache.h"
#include "lib/lockfile.h"
#include "store/results.h"
#include "lib/util.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FILE_NAME "latencies.tsv"
/* The first line names the way the figures were measured (probe_setup.c): a file of another
 * version is read as none and written anew, so that a clx that measures otherwise measures again. */
#define HEADER "# clx set-up latencies 2\tdevice\tplatform\tplatform_version\tdriver\tllc_bytes\tfma_ns\tmad_ns\tllc_ns\tmem_ns\tmhz\tseconds\twhen\n"

/* key: the first five fields of dp's line, with the tab after them: the device (AMD's board where
 * its runtime names one, not the gfx target several boards share), its platform and the platform's
 * version, the driver, and the last-level cache (the build cache's identity, and the cache the
 * chases were sized by). */
static char *key(const struct devprops *dp, double llc_bytes)
{
    char *n = tsv_escape(dp->board[0] ? dp->board : dp->name), *p = tsv_escape(dp->platform), *v = tsv_escape(dp->platform_version);
    char *d = tsv_escape(dp->driver);
    char *k = xasprintf("%s\t%s\t%s\t%s\t%.0f\t", n, p, v, d, llc_bytes);
    free(n);
    free(p);
    free(v);
    free(d);
    return k;
}

/* lines: the file's lines; none where there is no file or its first line is not this version's */
static struct strlist lines(const char *path)
{
    struct strlist l = {0};
    char *text = read_file(path, NULL);
    if (text && !strncmp(text, HEADER, strlen(HEADER))) sl_split(&l, text, '\n');
    free(text);
    return l;
}

/* usable: figures a bound can take (a hand-edited or damaged line gives none) */
static int usable(const struct latcache_entry *e)
{
    return isfinite(e->fma_ns) && e->fma_ns > 0 && isfinite(e->mad_ns) && e->mad_ns > 0 && isfinite(e->llc_ns) &&
           e->llc_ns > 0 && isfinite(e->mem_ns) && e->mem_ns > 0 && isfinite(e->mhz) && e->mhz >= 0 &&
           isfinite(e->seconds) && e->seconds >= 0;
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
                   &e->mhz, &e->seconds, e->when) == 7 && usable(e))
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
    char *p = path_join(dir, FILE_NAME), *k = key(dp, llc_bytes), *lock = xasprintf("%s.lock", p);
    int rc = mkdir_p(dir);
    free(dir);
    /* Read, changed and written whole under a lock: two runs on two devices at once (--device all)
     * would otherwise each keep only its own line. */
    int fd = rc ? -1 : lockfile_take(lock);
    struct strlist l = rc ? (struct strlist){0} : lines(p);
    struct sbuf out = {0};
    sb_printf(&out, "%s", HEADER);
    /* Every other device's line as it was; this one's replaced. */
    for (int i = 0; i < l.n; i++)
        if (l.v[i][0] && l.v[i][0] != '#' && strncmp(l.v[i], k, strlen(k))) sb_printf(&out, "%s\n", l.v[i]);
    sb_printf(&out, "%s%.17g\t%.17g\t%.17g\t%.17g\t%.17g\t%.3f\t%s\n", k, e->fma_ns, e->mad_ns, e->llc_ns, e->mem_ns, e->mhz,
              e->seconds, e->when[0] ? e->when : "-");
    if (!rc) rc = write_file_atomic(p, out.s, out.len);
    lockfile_give(fd);
    free(lock);
    free(out.s);
    sl_free(&l);
    free(k);
    free(p);
    return rc;
}
