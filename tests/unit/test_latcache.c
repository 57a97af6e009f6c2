/* test_latcache.c — set-up latencies kept between runs (latcache.c): a line per device, platform,
 * driver and last-level cache size; another's line kept when one is written, also by runs writing
 * at once; the figures back exactly; a file of another version, or figures no bound can take, read
 * as none. */
#include "device/latcache.h"
#include "check.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static struct devprops dev(const char *name, const char *driver)
{
    struct devprops d;
    memset(&d, 0, sizeof d);
    snprintf(d.name, sizeof d.name, "%s", name);
    snprintf(d.driver, sizeof d.driver, "%s", driver);
    return d;
}

static int count_lines(const char *text)
{
    int n = 0;
    for (const char *s = text; s && *s; s++) n += *s == '\n';
    return n;
}

/* cleanup: the test's cache folder (the file, its lock) and dir removed */
static void cleanup(const char *dir)
{
    const char *files[] = { "clx/latencies.tsv", "clx/latencies.tsv.lock" };
    for (int i = 0; i < 2; i++) {
        char *p = path_join(dir, files[i]);
        unlink(p);
        free(p);
    }
    char *p = path_join(dir, "clx");
    rmdir(p);
    free(p);
    rmdir(dir);
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
    CHECK(count_lines(text) == 3);                                        /* the header and two devices */
    free(text);
    free(p);
    cleanup(dir);
}

/* The device as a user sees it: AMD's board, not the gfx target boards share; the platform too. */
static void test_identity(void)
{
    char dir[] = "/tmp/clx-latcache-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    setenv("XDG_CACHE_HOME", dir, 1);
    struct devprops a = dev("gfx1100", "3614.0"), b = a, c = a;
    snprintf(a.board, sizeof a.board, "AMD Radeon RX 7900 XTX");
    snprintf(b.board, sizeof b.board, "AMD Radeon PRO W7900");
    snprintf(c.platform, sizeof c.platform, "rusticl");
    struct latcache_entry e = { .fma_ns = 1.9, .mad_ns = 1.9, .llc_ns = 120, .mem_ns = 400, .mhz = 2500 }, got;
    CHECK(latcache_write(&a, 6291456, &e) == 0);
    CHECK(latcache_read(&a, 6291456, &got, NULL) == 0 && got.mem_ns == 400);
    CHECK(latcache_read(&b, 6291456, &got, NULL) == -1);                  /* another board, one gfx target */
    CHECK(latcache_read(&c, 6291456, &got, NULL) == -1);                  /* another platform */
    cleanup(dir);
}

/* A file of another version (an older clx's way of measuring) is none, and is written anew; a line
 * whose figures no bound can take (edited by hand, damaged) is none. */
static void test_version_and_figures(void)
{
    char dir[] = "/tmp/clx-latcache-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    setenv("XDG_CACHE_HOME", dir, 1);
    struct devprops h = dev("NVIDIA H200", "580.159.04");
    char *d = path_join(dir, "clx"), *p = path_join(d, "latencies.tsv");
    CHECK(mkdir_p(d) == 0);
    const char *old = "# device\tdriver\tllc_bytes\tfma_ns\tmad_ns\tllc_ns\tmem_ns\tmhz\tseconds\twhen\n"
                      "NVIDIA H200\t580.159.04\t62914560\t2.08\t2.09\t145\t336\t1980\t0.5\t-\n";
    CHECK(write_file_atomic(p, old, strlen(old)) == 0);
    struct latcache_entry e = { .fma_ns = 2.08, .mad_ns = 2.09, .llc_ns = 145, .mem_ns = 336, .mhz = 1980 }, got;
    CHECK(latcache_read(&h, 62914560, &got, NULL) == -1);
    struct devprops cpu = dev("cpu", "1");
    CHECK(latcache_write(&cpu, 1048576, &e) == 0);
    char *text = read_file(p, NULL);
    CHECK(text && !strstr(text, "62914560") && count_lines(text) == 2);   /* the old line gone */
    free(text);
    e.mem_ns = 0;
    CHECK(latcache_write(&h, 62914560, &e) == 0);
    CHECK(latcache_read(&h, 62914560, &got, NULL) == -1);                 /* a memory latency of 0 */
    e.mem_ns = 336;
    e.llc_ns = NAN;
    CHECK(latcache_write(&h, 62914560, &e) == 0);
    CHECK(latcache_read(&h, 62914560, &got, NULL) == -1);
    free(p);
    free(d);
    cleanup(dir);
}

/* Eight runs on eight devices keeping their latencies at once, twenty times each: every line kept
 * (written unlocked, 643 of 1600 were lost). */
static void test_writers_at_once(void)
{
    char dir[] = "/tmp/clx-latcache-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    setenv("XDG_CACHE_HOME", dir, 1);
    enum { WRITERS = 8, TIMES = 20 };
    pid_t pid[WRITERS];
    for (int w = 0; w < WRITERS; w++) {
        pid[w] = fork();
        if (pid[w] == 0) {
            char name[32];
            snprintf(name, sizeof name, "dev%d", w);
            struct devprops d = dev(name, "1");
            struct latcache_entry e = { .fma_ns = 1 + w, .mad_ns = 1, .llc_ns = 100, .mem_ns = 300, .mhz = 1000 };
            int bad = 0;
            for (int i = 0; i < TIMES; i++) bad |= latcache_write(&d, 1048576, &e) != 0;
            _exit(bad);
        }
    }
    int ok = 1;
    for (int w = 0; w < WRITERS; w++) {
        int st = 0;
        ok &= pid[w] > 0 && waitpid(pid[w], &st, 0) == pid[w] && WIFEXITED(st) && WEXITSTATUS(st) == 0;
    }
    CHECK(ok);
    int kept = 0;
    for (int w = 0; w < WRITERS; w++) {
        char name[32];
        snprintf(name, sizeof name, "dev%d", w);
        struct devprops d = dev(name, "1");
        struct latcache_entry got;
        kept += latcache_read(&d, 1048576, &got, NULL) == 0 && got.fma_ns == 1 + w;
    }
    CHECK(kept == WRITERS);
    cleanup(dir);
}

int main(void)
{
    RUN(test_kept_per_device);
    RUN(test_identity);
    RUN(test_version_and_figures);
    RUN(test_writers_at_once);
    CHECK_EXIT();
}
