/* jitcache.c — NVIDIA's JIT cache beside clx's build cache (jitcache.h). */
#include "jitcache.h"
#include "cache.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>

static int users;            /* the user set CUDA_CACHE_PATH or CUDA_CACHE_DISABLE: theirs alone */
static char where[512] = "NVIDIA's default";

static int set(const char *name)
{
    const char *v = getenv(name);
    return v && *v;
}

void jitcache_setup(void)
{
    users = set("CUDA_CACHE_PATH") || set("CUDA_CACHE_DISABLE");
    if (users) {
        snprintf(where, sizeof where, "as the environment says (CUDA_CACHE_PATH %s, CUDA_CACHE_DISABLE %s)",
                 set("CUDA_CACHE_PATH") ? getenv("CUDA_CACHE_PATH") : "unset",
                 set("CUDA_CACHE_DISABLE") ? getenv("CUDA_CACHE_DISABLE") : "unset");
        return;
    }
    char *dir = cache_folder();
    if (!dir) {
        setenv("CUDA_CACHE_DISABLE", "1", 1);
        snprintf(where, sizeof where, "off (no cache folder: neither XDG_CACHE_HOME nor HOME)");
        return;
    }
    char *jit = path_join(dir, "nvidia-jit");
    setenv("CUDA_CACHE_PATH", jit, 1);
    snprintf(where, sizeof where, "%s", jit);
    free(jit);
    free(dir);
}

void jitcache_off(void)
{
    if (users) return;
    setenv("CUDA_CACHE_DISABLE", "1", 1);
    snprintf(where, sizeof where, "off (--no-cache)");
}

const char *jitcache_where(void) { return where; }
