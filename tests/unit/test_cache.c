/* test_cache.c — the build cache on the default OpenCL device: a stored build loads back as it was
 * and runs; other options, sources, kernels or driver compiler variables miss; truncated, altered
 * or refused entries are caught, rebuilt and replaced; a disabled or unwritable cache writes
 * nothing and fails nothing. */
#include "device/cache.h"
#include "device/devselect.h"
#include "check.h"
#include "lib/util.h"
#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static const char source[] =
    "kernel void axpb(global float *x, float a, float b)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    x[i] = a * x[i] + b;\n"
    "}\n";
/* The same kernel in other text: a different source must not find the entry of the first. */
static const char other_source[] =
    "kernel void axpb(global float *x, float a, float b)\n"
    "{\n"
    "    x[get_global_id(0)] = a * x[get_global_id(0)] + b;\n"
    "}\n";
static const char broken_source[] = "kernel void axpb(global float *x) { x[0] = undeclared; }\n";

static cl_context ctx;
static cl_command_queue queue;
static struct ocl_device dev;
static struct devprops dp;
static char cache_root[4096];

static void clear_folder(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char *p = path_join(dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) { clear_folder(p); rmdir(p); }
        else remove(p);
        free(p);
    }
    closedir(d);
}

/* use_cache_home: XDG_CACHE_HOME set to an empty folder of tests/tmp, never the user's cache. */
static char *use_cache_home(const char *name)
{
    char *home = path_join(cache_root, name);
    clear_folder(home);
    rmdir(home);
    if (mkdir_p(home)) die("cannot make %s", home);
    setenv("XDG_CACHE_HOME", home, 1);
    return home;
}

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

static int files_in(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return n;
}

/* The entry's checksum, written here from cache.h's description: the last 8 bytes are the
 * 64-bit FNV-1a of all before them, little-endian. Tests that alter an entry on purpose fix it. */
static void reseal(unsigned char *p, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < len - 8; i++) { h ^= p[i]; h *= 0x100000001b3ULL; }
    for (int i = 0; i < 8; i++) p[len - 8 + i] = (unsigned char)(h >> (8 * i));
}

static void build_cached(struct cache *c, const char *src, const char *opts, struct build *b)
{
    cache_build(c, ctx, dev.id, &dp, src, opts, "axpb", b);
}

/* run_axpb: runs the kernel on x[i] = i with a=2, b=1; 1 when every x[i] is 2i+1. */
static int run_axpb(const struct build *b)
{
    enum { N = 256 };
    float x[N];
    for (int i = 0; i < N; i++) x[i] = (float)i;
    cl_int e;
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof x, x, &e);
    if (e != CL_SUCCESS) return 0;
    float a = 2.0f, c = 1.0f;
    size_t global = N;
    int ok = clSetKernelArg(b->kernel, 0, sizeof buf, &buf) == CL_SUCCESS &&
             clSetKernelArg(b->kernel, 1, sizeof a, &a) == CL_SUCCESS &&
             clSetKernelArg(b->kernel, 2, sizeof c, &c) == CL_SUCCESS &&
             clEnqueueNDRangeKernel(queue, b->kernel, 1, NULL, &global, NULL, 0, NULL, NULL) == CL_SUCCESS &&
             clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, sizeof x, x, 0, NULL, NULL) == CL_SUCCESS;
    for (int i = 0; ok && i < N; i++) ok = x[i] == 2.0f * (float)i + 1.0f;
    clReleaseMemObject(buf);
    return ok;
}

/* find: where needle first occurs in hay, or NULL. */
static unsigned char *find(unsigned char *hay, size_t n, const unsigned char *needle, size_t k)
{
    for (size_t i = 0; k <= n && i <= n - k; i++)
        if (!memcmp(hay + i, needle, k)) return hay + i;
    return NULL;
}

static int same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && !strcmp(a, b));
}

/* fresh_cache: a cache in a folder of its own for the case name, opened as a run opens it. */
static void fresh_cache(const char *name, struct cache *c)
{
    free(use_cache_home(name));
    cache_open(c, 1);
}

static void test_store_then_load(void)
{
    char *home = use_cache_home("store");
    struct cache c;
    cache_open(&c, 1);
    char *want_dir = path_join(home, "clx");
    CHECK_STR(c.dir, want_dir);
    struct build first, again;
    build_cached(&c, source, "", &first);
    CHECK(first.ok);
    CHECK(!first.cached);
    CHECK(c.built == 1 && c.hits == 0 && c.corrupt == 0);
    char *path = cache_entry_path(&c, &dp, source, "", "axpb");
    CHECK(path && file_size(path) > 0);
    CHECK(files_in(c.dir) == 1);
    cache_close(&c);

    /* A new cache, as the next run opens it. */
    cache_open(&c, 1);
    build_cached(&c, source, "", &again);
    CHECK(again.ok);
    CHECK(again.cached);
    CHECK(c.hits == 1 && c.built == 0 && c.corrupt == 0);
    CHECK(again.binary_size == first.binary_size && again.binary &&
          !memcmp(again.binary, first.binary, first.binary_size));
    CHECK(again.binary[again.binary_size] == '\0');
    CHECK_STR(again.binary_format, first.binary_format);
    CHECK_STR(again.binary_ext, first.binary_ext);
    CHECK_STR(again.log, first.log);
    CHECK(same_text(again.verbose_log, first.verbose_log));
    CHECK(again.registers == first.registers);
    CHECK(again.ptx_instructions == first.ptx_instructions);
    /* Machine instructions: kept when counted; not counted (PoCL's bitcode), the same reason again. */
    CHECK(again.isa_instructions == first.isa_instructions);
    CHECK_STR(again.isa, first.isa);
    CHECK(same_text(again.isa_why, first.isa_why));
    CHECK(again.build_seconds == first.build_seconds);
    CHECK(again.wg_max == first.wg_max && again.wg_multiple == first.wg_multiple);
    CHECK(again.local_mem == first.local_mem && again.private_mem == first.private_mem);
    CHECK(again.error == NULL);
    build_free(&again);

    /* The same build twice in one run: the second is a hit too. */
    build_cached(&c, source, "", &again);
    CHECK(again.cached && c.hits == 2);
    build_free(&again);
    build_free(&first);
    cache_close(&c);
    free(path); free(want_dir); free(home);
}

static void test_other_build_misses(void)
{
    struct cache c;
    fresh_cache("miss", &c);
    struct build b;
    build_cached(&c, source, "", &b);
    build_free(&b);
    build_cached(&c, source, "-cl-fast-relaxed-math", &b);
    CHECK(b.ok && !b.cached);
    build_free(&b);
    build_cached(&c, other_source, "", &b);
    CHECK(b.ok && !b.cached);
    build_free(&b);
    /* NULL options are no options: the entry of "" serves. */
    build_cached(&c, source, NULL, &b);
    CHECK(b.ok && b.cached);
    build_free(&b);
    CHECK(c.built == 3 && c.hits == 1 && c.corrupt == 0);
    CHECK(files_in(c.dir) == 3);
    /* Each of them is stored: all hits now. */
    build_cached(&c, source, "-cl-fast-relaxed-math", &b);
    CHECK(b.cached);
    build_free(&b);
    build_cached(&c, other_source, "", &b);
    CHECK(b.cached);
    build_free(&b);
    CHECK(c.hits == 3);
    cache_close(&c);
}

/* The driver's compiler variables (drvenv.h) are part of its identity: a build under
 * POCL_WORK_GROUP_METHOD=loops never loads the entry of one made without (PoCL's binaries carry the
 * work-group functions it made), and one made without still finds the entries made before them. */
static void test_driver_env_misses(void)
{
    struct cache c;
    fresh_cache("driverenv", &c);
    struct devprops with = dp;
    snprintf(with.driver_env, sizeof with.driver_env, "POCL_WORK_GROUP_METHOD=loops");
    struct devprops without = dp;
    without.driver_env[0] = '\0';
    struct build b;
    cache_build(&c, ctx, dev.id, &without, source, "", "axpb", &b);
    CHECK(b.ok && !b.cached);
    build_free(&b);
    cache_build(&c, ctx, dev.id, &with, source, "", "axpb", &b);
    CHECK(b.ok && !b.cached);
    build_free(&b);
    char *p_with = cache_entry_path(&c, &with, source, "", "axpb");
    char *p_without = cache_entry_path(&c, &without, source, "", "axpb");
    CHECK(p_with && p_without && strcmp(p_with, p_without));
    cache_build(&c, ctx, dev.id, &with, source, "", "axpb", &b);
    CHECK(b.cached);
    build_free(&b);
    cache_build(&c, ctx, dev.id, &without, source, "", "axpb", &b);
    CHECK(b.cached);
    build_free(&b);
    CHECK(c.built == 2 && c.hits == 2 && c.corrupt == 0);
    free(p_with);
    free(p_without);
    cache_close(&c);
}

/* rebuilt_then_hit: the entry at path, replaced by the spoiled bytes given, is counted corrupt,
 * rebuilt and replaced, and the replacement is a hit. (It need not be the first entry byte for
 * byte: PoCL's binaries carry the work-group variants its own cache holds by then.) */
static void rebuilt_then_hit(struct cache *c, const char *path, const void *spoiled, size_t spoiled_len)
{
    CHECK(write_file_atomic(path, spoiled, spoiled_len) == 0);
    int corrupt = c->corrupt, built = c->built, hits = c->hits;
    struct build b;
    build_cached(c, source, "", &b);
    CHECK(b.ok && !b.cached);
    CHECK(c->corrupt == corrupt + 1 && c->built == built + 1 && c->hits == hits);
    size_t len = 0;
    char *now = read_file(path, &len);
    CHECK(now && (len != spoiled_len || memcmp(now, spoiled, len)));
    free(now);
    CHECK(run_axpb(&b));
    build_free(&b);
    build_cached(c, source, "", &b);
    CHECK(b.ok && b.cached && c->hits == hits + 1);
    CHECK(run_axpb(&b));
    build_free(&b);
}

static void test_truncated_entry(void)
{
    struct cache c;
    fresh_cache("truncated", &c);
    struct build b;
    build_cached(&c, source, "", &b);
    build_free(&b);
    char *path = cache_entry_path(&c, &dp, source, "", "axpb");
    long size = file_size(path);
    size_t len;
    char *data = read_file(path, &len);
    /* Cut in the header, in the middle, and just before the checksum's last byte. */
    long cuts[] = { 10, size / 2, size - 1 };
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) rebuilt_then_hit(&c, path, data, (size_t)cuts[i]);
    /* An empty file, as a crash between create and write could leave. */
    rebuilt_then_hit(&c, path, "", 0);
    free(data);
    free(path);
    cache_close(&c);
}

static void test_flipped_byte(void)
{
    struct cache c;
    fresh_cache("flipped", &c);
    struct build b;
    build_cached(&c, source, "", &b);
    build_free(&b);
    char *path = cache_entry_path(&c, &dp, source, "", "axpb");
    size_t len;
    unsigned char *whole = (unsigned char *)read_file(path, &len);
    /* The magic, the size, the source, the binary's middle, the checksum: one bit each time. */
    size_t at[] = { 0, 16, 200, len / 2, len - 1 };
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
        unsigned char *p = xmalloc(len);
        memcpy(p, whole, len);
        p[at[i]] ^= 0x10;
        rebuilt_then_hit(&c, path, p, len);
        free(p);
    }
    free(whole);
    free(path);
    cache_close(&c);
}

/* An entry whole by its checksum whose binary the driver will not load: counted, rebuilt, replaced. */
static void test_refused_binary(void)
{
    struct cache c;
    fresh_cache("refused", &c);
    struct build b;
    build_cached(&c, source, "", &b);
    char *path = cache_entry_path(&c, &dp, source, "", "axpb");
    size_t len;
    unsigned char *p = (unsigned char *)read_file(path, &len);
    unsigned char *bin = b.binary_size >= 16 ? find(p, len, b.binary, b.binary_size) : NULL;
    CHECK(bin != NULL);
    if (bin) {
        memset(bin, 'x', b.binary_size);          /* no format any driver knows */
        reseal(p, len);
        rebuilt_then_hit(&c, path, p, len);
    }
    build_free(&b);
    free(p);
    free(path);
    cache_close(&c);
}

/* A whole entry of another build (a hash collision) or another layout is a miss, then replaced. */
static void test_foreign_entry_misses(void)
{
    struct cache c;
    fresh_cache("foreign", &c);
    struct build b;
    build_cached(&c, other_source, "", &b);
    build_free(&b);
    build_cached(&c, source, "", &b);
    build_free(&b);
    char *mine = cache_entry_path(&c, &dp, source, "", "axpb");
    char *other = cache_entry_path(&c, &dp, other_source, "", "axpb");
    size_t len, other_len;
    char *data = read_file(mine, &len);
    char *other_data = read_file(other, &other_len);
    CHECK(write_file_atomic(mine, other_data, other_len) == 0);
    build_cached(&c, source, "", &b);
    CHECK(b.ok && !b.cached && c.corrupt == 0 && c.built == 3);
    CHECK(run_axpb(&b));
    build_free(&b);
    build_cached(&c, source, "", &b);
    CHECK(b.cached && c.hits == 1);
    build_free(&b);

    unsigned char *p = xmalloc(len);
    memcpy(p, data, len);
    p[8] = CACHE_ENTRY_VERSION + 1;
    reseal(p, len);
    CHECK(write_file_atomic(mine, p, len) == 0);
    build_cached(&c, source, "", &b);
    CHECK(b.ok && !b.cached && c.corrupt == 0 && c.built == 4);
    build_free(&b);
    build_cached(&c, source, "", &b);
    CHECK(b.cached && c.hits == 2);
    build_free(&b);
    free(p); free(data); free(other_data); free(mine); free(other);
    cache_close(&c);
}

static void test_disabled_writes_nothing(void)
{
    char *home = use_cache_home("disabled");
    struct cache c;
    cache_open(&c, 0);
    CHECK(c.dir == NULL);
    CHECK(cache_entry_path(&c, &dp, source, "", "axpb") == NULL);
    struct build b;
    for (int i = 0; i < 2; i++) {
        build_cached(&c, source, "", &b);
        CHECK(b.ok && !b.cached);
        build_free(&b);
    }
    CHECK(c.built == 2 && c.hits == 0 && c.corrupt == 0);
    char *clx_dir = path_join(home, "clx");
    CHECK(!file_exists(clx_dir));
    free(clx_dir);
    cache_close(&c);
    free(home);
}

/* A cache folder that cannot be made: builds work, one store fails, and no more are tried. */
static void test_unwritable_cache(void)
{
    char *home = use_cache_home("unwritable");
    char *blocker = path_join(home, "file");
    CHECK(write_file_atomic(blocker, "x", 1) == 0);
    setenv("XDG_CACHE_HOME", blocker, 1);          /* its clx folder would be inside a file */
    struct cache c;
    cache_open(&c, 1);
    struct build b;
    for (int i = 0; i < 2; i++) {
        build_cached(&c, source, "", &b);
        CHECK(b.ok && !b.cached);
        CHECK(run_axpb(&b));
        build_free(&b);
    }
    CHECK(c.store_failed == 1 && c.built == 2 && c.hits == 0);
    CHECK(file_size(blocker) == 1);
    cache_close(&c);
    free(blocker);
    free(home);
}

static void test_failed_build_not_stored(void)
{
    struct cache c;
    fresh_cache("failed", &c);
    struct build b;
    build_cached(&c, broken_source, "", &b);
    CHECK(!b.ok && b.error && !b.cached);
    build_free(&b);
    CHECK(files_in(c.dir) == 0);
    /* A kernel name the program lacks fails too, and is not stored either. */
    cache_build(&c, ctx, dev.id, &dp, source, "", "no_such_kernel", &b);
    CHECK(!b.ok && !b.cached);
    build_free(&b);
    CHECK(files_in(c.dir) == 0 && c.built == 2);
    cache_close(&c);
}

static void test_cached_kernel_runs(void)
{
    struct cache c;
    fresh_cache("runs", &c);
    struct build b;
    build_cached(&c, source, "-cl-fast-relaxed-math", &b);
    CHECK(b.ok && !b.cached && run_axpb(&b));
    build_free(&b);
    build_cached(&c, source, "-cl-fast-relaxed-math", &b);
    CHECK(b.ok && b.cached);
    CHECK(b.ok && run_axpb(&b));
    build_free(&b);
    cache_close(&c);
}

/* A simulator's builds are cached beside a device's (Oclgrind's under `oclgrind clx run`): its platform
 * and platform version are in the key, so an entry of one never serves the other, whatever the
 * device's name and driver (a driver named as the simulator's is no reason to share). */
static void test_platform_in_key(void)
{
    struct cache c;
    fresh_cache("platform", &c);
    struct devprops sim = dp;
    snprintf(sim.platform, sizeof sim.platform, "Oclgrind");
    snprintf(sim.platform_version, sizeof sim.platform_version, "OpenCL 1.2 (Oclgrind 21.10)");
    char *a = cache_entry_path(&c, &dp, source, "", "k"), *b = cache_entry_path(&c, &sim, source, "", "k");
    CHECK(a && b && strcmp(a, b));
    free(b);
    struct devprops v = dp;
    size_t n = strlen(v.platform_version);        /* another version of the same platform */
    CHECK(n + 1 < sizeof v.platform_version);
    v.platform_version[n] = '+';
    v.platform_version[n + 1] = 0;
    b = cache_entry_path(&c, &v, source, "", "k");
    CHECK(b && strcmp(a, b));
    free(a);
    free(b);
    cache_close(&c);
}

int main(void)
{
    if (!getcwd(cache_root, sizeof cache_root - 64)) die("getcwd failed");
    strcat(cache_root, "/tests/tmp/unit_cache");
    dev = ocl_select(NULL);
    ocl_query(dev.platform, dev.id, &dp);
    cl_int e;
    ctx = clCreateContext(NULL, 1, &dev.id, NULL, NULL, &e);
    if (e != CL_SUCCESS) die("clCreateContext: %s", ocl_err_name(e));
    queue = clCreateCommandQueue(ctx, dev.id, 0, &e);
    if (e != CL_SUCCESS) die("clCreateCommandQueue: %s", ocl_err_name(e));
    RUN(test_store_then_load);
    RUN(test_platform_in_key);
    RUN(test_other_build_misses);
    RUN(test_driver_env_misses);
    RUN(test_truncated_entry);
    RUN(test_flipped_byte);
    RUN(test_refused_binary);
    RUN(test_foreign_entry_misses);
    RUN(test_disabled_writes_nothing);
    RUN(test_unwritable_cache);
    RUN(test_failed_build_not_stored);
    RUN(test_cached_kernel_runs);
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    CHECK_EXIT();
}
