/* latcache.h — the latencies a run measured at its set-up (run_sol.c), kept per device, platform,
 * driver and last-level cache size in the user's clx cache folder (cache_folder), so that the next
 * run on that device takes them instead of measuring again (on an H200 0.44-0.62 s of every run
 * without a peaks run); `--no-cache` measures them anew. */
#ifndef LATCACHE_H
#define LATCACHE_H
#include "ocl.h"

struct latcache_entry {
    double fma_ns, mad_ns;       /* a dependent fp32 fma, int32 mad */
    double llc_ns, mem_ns;       /* a load from the last-level cache, from memory */
    double mhz;                  /* the chains' clock then (0: not known) */
    double seconds;              /* what measuring them took then */
    char when[40];               /* when they were measured (ISO 8601, with the local time's offset) */
};

/* latcache_read: the entry for dp's device, platform and driver with a last-level cache of
 * llc_bytes; 0, or -1 when there is none (no cache folder, a file of another version, figures that
 * are not finite and positive). *path (may be NULL): the file, a new string. */
int latcache_read(const struct devprops *dp, double llc_bytes, struct latcache_entry *e, char **path);
/* latcache_write: e as that entry (others kept; read and written whole under a lock on the file's
 * `.lock` beside it, then renamed into place); 0, or -1
 * when the folder or the file could not be written. Without a cache folder (neither XDG_CACHE_HOME
 * nor HOME) nothing is kept, as the build cache keeps nothing then: 0. */
int latcache_write(const struct devprops *dp, double llc_bytes, const struct latcache_entry *e);
#endif
