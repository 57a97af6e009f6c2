/* cache.h — built programs kept on disk, one file per (platform, device, driver and its compiler
 * variables, source, options, kernel), so that a second run of the same sweep loads its programs
 * instead of compiling them.
 *
 * An entry is one file in the cache folder named by the key in hex ("0123456789abcdef"): a 64-bit
 * FNV-1a hash of the identity below. All integers are little-endian.
 *
 *   "CLXCACHE"                   8 bytes, magic
 *   u32 layout version           CACHE_ENTRY_VERSION; another version is a miss, then replaced
 *   u32 0                        reserved
 *   u64 entry size               of the whole file, checksum included: truncation shows here
 *   fields, each a u64 length then that many bytes (length 2^64-1: none, a NULL string):
 *     identity: platform name, platform version, device name, driver version (then, after a
 *               space, the driver's compiler variables set: drvenv.h), build options, kernel
 *               name, source (the whole expanded text); all compared on load
 *     record:   binary (as struct build holds it: PTX without its trailing NUL), build log,
 *               NVIDIA -cl-nv-verbose build log (none elsewhere)
 *   i64 registers, i64 PTX instructions (-1 unknown), u64 build_seconds (IEEE-754 double's bits)
 *   i64 machine instructions (-1 not counted), then a field: what they are ("x86-64", "gfx90a")
 *   a field: the kernel's parameters as the build's driver named them (kparams.h; none: not given),
 *            which a program loaded from its binary no longer says on PoCL
 *   u64 checksum                 64-bit FNV-1a over every byte before it
 *
 * Entries of versions 1 (before the machine instruction counts) and 2 (before the parameters) are
 * other layouts: a miss, replaced.
 * A count that could not be made is not kept as a reason: a load counts again (the tool may have
 * been installed since), so a reason is never stale. */
#ifndef CACHE_H
#define CACHE_H
#include "build.h"

#define CACHE_ENTRY_VERSION 3

struct cache {
    char *dir;                  /* $XDG_CACHE_HOME/clx, else $HOME/.cache/clx; NULL when disabled */
    int hits, built, corrupt;   /* counts for the run's summary */
    int store_failed;           /* a store failed once: warned, and no more stores are tried */
    int read_warned, refused_warned;    /* the other warnings, given once per run too */
};

/* cache_open: enabled=0 (--no-cache) gives a cache that neither reads nor writes; so does a
 * missing HOME with no XDG_CACHE_HOME. The folder is made on first store. */
void cache_open(struct cache *c, int enabled);
/* cache_forget_crashed: whether this build's entry was being loaded when its process died (a
 * worker the driver crashed while loading it): then the entry is removed, so that the next run
 * compiles it afresh. *path: the entry's path (new string, NULL without a cache). */
int cache_forget_crashed(struct cache *c, const struct devprops *dp, const char *source, const char *options,
                         const char *kernel, char **path);
/* cache_folder: clx's cache folder (a new string; it may not exist yet), or NULL with no
 * XDG_CACHE_HOME and no HOME. Host references compiled by clx are kept below it too. */
char *cache_folder(void);
void cache_close(struct cache *c);
/* cache_build: the program of `source` built with `options` for device dev, kernel `kernel`, into *b:
 * from the cache when an entry for exactly this platform, device, driver version, source, options and
 * kernel exists and is whole (b->cached = 1), else built with build_variant and stored (b->cached = 0).
 * A corrupt or truncated entry, or one the driver refuses, is removed, rebuilt and replaced (c->corrupt++),
 * never trusted. Everything clx records of a build comes back as it was when it was built: binary, format,
 * log, the NVIDIA -cl-nv-verbose log and register count, PTX instruction count, the kernel's parameters, and
 * build_seconds (the real
 * compile time of the original build). wg_max, wg_multiple, local_mem, private_mem are queried again from
 * the loaded kernel. Failed builds are not stored: they are built again each run. */
void cache_build(struct cache *c, cl_context ctx, cl_device_id dev, const struct devprops *dp, const char *source,
                 const char *options, const char *kernel, struct build *b);
/* cache_entry_path: the file that holds (or would hold) that build's entry; NULL when disabled. */
char *cache_entry_path(const struct cache *c, const struct devprops *dp, const char *source, const char *options,
                       const char *kernel);
#endif
