/* hostcaches.h — the host CPU's caches as sysfs lists them, said in one line, to stand beside a CPU
 * device's measured memory levels: a level that ends where no cache does is something else (the
 * first-level data TLB's reach), which the sizes alone let a reader see. */
#ifndef HOSTCACHES_H
#define HOSTCACHES_H

/* hostcaches_in: the caches listed under cache_dir (sysfs's .../cpu0/cache: each indexN folder's
 * level, type and size files), in sysfs's order: "L1d 48 KiB, L1i 32 KiB, L2 2 MiB, L3 260 MiB"; a
 * new string, NULL where none is listed. */
char *hostcaches_in(const char *cache_dir);
/* hostcaches_this: this host's (cpu0's, under $CLX_SYSFS where set, as hostcpu.h reads it, else
 * /sys); a new string, NULL where sysfs lists none. */
char *hostcaches_this(void);
#endif
