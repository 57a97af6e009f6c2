/* test_latcache.c — set-up latencies kept between runs (latcache.c): a line per device, driver and
 * last-level cache size; another's line kept when one is written; the figures back exactly. */
#include "device/latcache.h"
#include "check.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct devprops dev(const char *name, const char *driver)
{
    struct devprops d;
    memset(&d, 0, sizeof d);
    snprintf(d.name, sizeof d.name, "%s", name);
    snprintf(d.driver, sizeof d.driver, "%s", driver);
    return d;
}

static void test_kept_per_device(void)
{
    char dir[] = "/tmp/clx-latcache-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    setenv("XDG_CACHE_HOME", dir, 1);
    struct devprops h200 = dev("NVIDIA H200", "580.159.04"), cpu = dev("pthread\tcpu", "3.1");
    struct latcache_entry e = { .fma_ns = 2.0859375, .mad_ns = 2.09, .llc_ns = 145.6, .mem_ns = 336.61, .mhz = 1980,
                                .seconds = 0.52, .when = "2026-11-30T08:00:00+0000" }, got;
    char *path = NULL;
    CHECK(latcache_read(&h200, 60e6, &got, &path) == -1 && path == NULL);    /* nothing kept yet */
    CHECK(latcache_write(&h200, 60e6, &e) == 0);
    struct latcache_entry c = e;
    c.fma_ns = 0.96;
    CHECK(latcache_write(&cpu, 1048576, &c) == 0);                        /* a name with a tab: one field */
    CHECK(latcache_read(&h200, 60e6, &got, &path) == 0);
    CHECK(got.fma_ns == e.fma_ns && got.mad_ns == e.mad_ns && got.llc_ns == e.llc_ns && got.mem_ns == e.mem_ns);
    CHECK(got.mhz == 1980 && !strcmp(got.when, e.when));
    CHECK(path && strstr(path, "clx/latencies.tsv"));
    free(path);
    CHECK(latcache_read(&h200, 2 * 60e6, &got, NULL) == -1);              /* another cache size */
    CHECK(latcache_read(&cpu, 1048576, &got, NULL) == 0 && got.fma_ns == 0.96);
    struct devprops other = dev("NVIDIA H200", "590.1");
    CHECK(latcache_read(&other, 60e6, &got, NULL) == -1);                 /* another driver */
    e.mem_ns = 350.4;                                                     /* written again: replaced */
    CHECK(latcache_write(&h200, 60e6, &e) == 0);
    CHECK(latcache_read(&h200, 60e6, &got, NULL) == 0 && got.mem_ns == 350.4);
    CHECK(latcache_read(&cpu, 1048576, &got, NULL) == 0 && got.fma_ns == 0.96);
    char *p = path_join(dir, "clx/latencies.tsv"), *text = read_file(p, NULL);
    int lines = 0;
    for (char *s = text; s && *s; s++) lines += *s == '\n';
    CHECK(lines == 3);                                                    /* the header and two devices */
    free(text);
    unlink(p);
    free(p);
    p = path_join(dir, "clx");
    rmdir(p);
    free(p);
    rmdir(dir);
}

int main(void)
{
    RUN(test_kept_per_device);
    CHECK_EXIT();
}
