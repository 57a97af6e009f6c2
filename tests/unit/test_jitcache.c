/* test_jitcache.c — where NVIDIA's JIT cache goes (jitcache.c): beside clx's build cache unless the
 * user set CUDA_CACHE_PATH or CUDA_CACHE_DISABLE; off under --no-cache and without a cache folder. */
#include "device/jitcache.h"
#include "check.h"
#include <stdlib.h>
#include <string.h>

static const char *env(const char *name)
{
    const char *v = getenv(name);
    return v ? v : "";
}

static void clean(void)
{
    unsetenv("CUDA_CACHE_PATH");
    unsetenv("CUDA_CACHE_DISABLE");
}

static void test_beside_build_cache(void)
{
    clean();
    setenv("XDG_CACHE_HOME", "/tmp/clx-jit-test", 1);
    jitcache_setup();
    CHECK_STR(env("CUDA_CACHE_PATH"), "/tmp/clx-jit-test/clx/nvidia-jit");
    CHECK_STR(env("CUDA_CACHE_DISABLE"), "");
    CHECK_STR(jitcache_where(), "/tmp/clx-jit-test/clx/nvidia-jit");
    jitcache_off();                                   /* --no-cache */
    CHECK_STR(env("CUDA_CACHE_DISABLE"), "1");
    CHECK_STR(jitcache_where(), "off (--no-cache)");
}

static void test_users_own(void)
{
    clean();
    setenv("CUDA_CACHE_PATH", "/somewhere", 1);
    jitcache_setup();
    jitcache_off();
    CHECK_STR(env("CUDA_CACHE_PATH"), "/somewhere");
    CHECK_STR(env("CUDA_CACHE_DISABLE"), "");         /* --no-cache leaves the user's setting */
    CHECK_CONTAINS(jitcache_where(), "as the environment says (CUDA_CACHE_PATH /somewhere");
    clean();
    setenv("CUDA_CACHE_DISABLE", "1", 1);
    setenv("XDG_CACHE_HOME", "/tmp/clx-jit-test", 1);
    jitcache_setup();
    CHECK_STR(env("CUDA_CACHE_PATH"), "");
}

static void test_no_cache_folder(void)
{
    clean();
    unsetenv("XDG_CACHE_HOME");
    unsetenv("HOME");
    jitcache_setup();
    CHECK_STR(env("CUDA_CACHE_DISABLE"), "1");
    CHECK_STR(env("CUDA_CACHE_PATH"), "");
    CHECK_CONTAINS(jitcache_where(), "off (no cache folder");
}

int main(void)
{
    RUN(test_beside_build_cache);
    RUN(test_users_own);
    RUN(test_no_cache_folder);
    CHECK_EXIT();
}
