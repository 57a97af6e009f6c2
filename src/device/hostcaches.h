/* hostcaches.h — the host CPU's caches as sysfs lists them, said in one line or as JSON, to stand
 * beside a CPU device's measured memory levels and ceilings: a level that ends where no cache does is
 * something else (the first-level data TLB's reach), which the sizes alone let a reader see. */
#ifndef HOSTCACHES_H
#define HOSTCACHES_H
#include <cjson/cJSON.h>

/* hostcaches_in: the caches listed under cache_dir (sysfs's .../cpu0/cache: each indexN folder's
 * level, type and size files), in sysfs's order: "L1d 48 KiB, L1i 32 KiB, L2 2 MiB, L3 260 MiB"; a
 * new string, NULL where none is listed. */
char *hostcaches_in(const char *cache_dir);
/* hostcaches_this: this host's (cpu0's, under $CLX_SYSFS where set, as hostcpu.h reads it, else
 * /sys); a new string, NULL where sysfs lists none. */
char *hostcaches_this(void);
/* hostcaches_json_in: the same caches as a JSON array, in sysfs's order, each { "level": 1, "type":
 * "Data", "size_bytes": 49152, "shared_cpu_list": "0" } (type and shared_cpu_list as sysfs writes
 * them; shared_cpu_list null where it has none): `clx devices --peaks --json` and run.json's "sol" of
 * a CPU device. An empty array where none is listed. */
cJSON *hostcaches_json_in(const char *cache_dir);
/* hostcaches_json_this: this host's, as hostcaches_this finds them. */
cJSON *hostcaches_json_this(void);
/* hostcaches_json_said: such an array in hostcaches_in's words (a run.json read back); NULL for none
 * or no array. A new string. */
char *hostcaches_json_said(const cJSON *caches);
#endif
