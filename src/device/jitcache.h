/* jitcache.h — NVIDIA's JIT cache (CUDA_CACHE_PATH), kept in clx's own cache folder unless the user
 * set it: with it off every NVIDIA context JIT-compiled the driver's own kernels again (1.7-2.0 s a
 * process on an H200, 0.14 s with it; studies/ctxopen.c), and every build ran ptxas anew. clx had
 * it off for ptxas's register counts, which a build whose PTX the cache holds does not log: such a
 * build is made once more from a new PTX for them (build.c). */
#ifndef JITCACHE_H
#define JITCACHE_H

/* jitcache_setup: before any OpenCL call of the process: where neither CUDA_CACHE_PATH nor
 * CUDA_CACHE_DISABLE is set, the cache goes to cache_folder()/nvidia-jit, or is off where there is
 * no cache folder. */
void jitcache_setup(void);
/* jitcache_off: --no-cache: NVIDIA compiles afresh too (CUDA_CACHE_DISABLE=1), unless the user set
 * either variable; before the worker opens the device. */
void jitcache_off(void);
/* jitcache_where: what the process's NVIDIA JIT cache is, in words (for run.json). */
const char *jitcache_where(void);
#endif
