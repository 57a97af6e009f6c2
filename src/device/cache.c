/* cache.c — the on-disk cache of built programs: keys, the entry format (cache.h), load and store. */
#include "cache.h"
#include "lib/pidlive.h"
#include "lib/util.h"
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ENTRY_MAGIC "CLXCACHE"
#define ENTRY_MAGIC_LEN 8
#define ENTRY_HEADER_LEN (ENTRY_MAGIC_LEN + 4 + 4 + 8)
#define ENTRY_CHECKSUM_LEN 8
#define NO_FIELD UINT64_MAX         /* the length that stands for a NULL string */

static void store_le64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t load_le64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* The strings that say which build an entry is; their order is the entry's. */
enum { ID_PLATFORM, ID_PLATFORM_VERSION, ID_DEVICE, ID_DRIVER, ID_OPTIONS, ID_KERNEL, ID_SOURCE, ID_COUNT };
struct identity {
    const char *s[ID_COUNT];
    char driver[sizeof ((struct devprops *)0)->driver + sizeof ((struct devprops *)0)->driver_env + 1];
};

static void identity_of(struct identity *id, const struct devprops *dp, const char *source, const char *options,
                        const char *kernel)
{
    id->s[ID_PLATFORM] = dp->platform;
    id->s[ID_PLATFORM_VERSION] = dp->platform_version;
    id->s[ID_DEVICE] = dp->name;
    /* The driver's compiler variables are part of its version here (drvenv.h): a build under
     * POCL_WORK_GROUP_METHOD=loops is another build. Without them the string is the version alone,
     * as before they were: the entries made then stay hits. */
    if (dp->driver_env[0]) {
        snprintf(id->driver, sizeof id->driver, "%s %s", dp->driver, dp->driver_env);
        id->s[ID_DRIVER] = id->driver;
    }
    else id->s[ID_DRIVER] = dp->driver;
    id->s[ID_OPTIONS] = options ? options : "";     /* clBuildProgram reads NULL as no options */
    id->s[ID_KERNEL] = kernel;
    id->s[ID_SOURCE] = source;
}

/* identity_key: the hash of every identity string, each preceded by its length so that moving
 * text from one string to the next changes the key. */
static uint64_t identity_key(const struct identity *id)
{
    uint64_t h = FNV1A_START;
    for (int i = 0; i < ID_COUNT; i++) {
        unsigned char len[8];
        size_t n = strlen(id->s[i]);
        store_le64(len, n);
        h = fnv1a(h, len, sizeof len);
        h = fnv1a(h, id->s[i], n);
    }
    return h;
}

static char *entry_path_of(const char *dir, const struct identity *id)
{
    return xasprintf("%s/%016llx", dir, (unsigned long long)identity_key(id));
}

/* ---- writing an entry ------------------------------------------------------------------------- */

static void put_u32(struct sbuf *o, uint32_t v)
{
    unsigned char b[4];
    for (int i = 0; i < 4; i++) b[i] = (unsigned char)(v >> (8 * i));
    sb_putn(o, (const char *)b, sizeof b);
}

static void put_u64(struct sbuf *o, uint64_t v)
{
    unsigned char b[8];
    store_le64(b, v);
    sb_putn(o, (const char *)b, sizeof b);
}

static void put_field(struct sbuf *o, const void *data, size_t n)
{
    put_u64(o, n);
    sb_putn(o, data, n);
}

static void put_text(struct sbuf *o, const char *s)
{
    if (s) put_field(o, s, strlen(s));
    else put_u64(o, NO_FIELD);
}

static void entry_encode(struct sbuf *o, const struct identity *id, const struct build *b)
{
    sb_putn(o, ENTRY_MAGIC, ENTRY_MAGIC_LEN);
    put_u32(o, CACHE_ENTRY_VERSION);
    put_u32(o, 0);
    size_t size_at = o->len;
    put_u64(o, 0);                                  /* the size, known at the end */
    for (int i = 0; i < ID_COUNT; i++) put_text(o, id->s[i]);
    put_field(o, b->binary, b->binary_size);
    put_text(o, b->log);
    put_text(o, b->verbose_log);
    put_u64(o, (uint64_t)(int64_t)b->registers);
    put_u64(o, (uint64_t)(int64_t)b->ptx_instructions);
    uint64_t seconds_bits;
    memcpy(&seconds_bits, &b->build_seconds, sizeof seconds_bits);
    put_u64(o, seconds_bits);
    put_u64(o, (uint64_t)(int64_t)b->isa_instructions);
    put_text(o, b->isa);
    put_text(o, b->params);
    store_le64((unsigned char *)o->s + size_at, o->len + ENTRY_CHECKSUM_LEN);
    put_u64(o, fnv1a(FNV1A_START, o->s, o->len));
}

/* ---- reading an entry ------------------------------------------------------------------------- */

/* A view of a field inside the entry's bytes; present is 0 for a NULL string. */
struct field { const unsigned char *p; size_t n; int present; };

struct entry {
    struct field id[ID_COUNT];
    struct field binary, log, verbose_log, isa, params;
    int registers, ptx_instructions, isa_instructions;
    double build_seconds;
};

/* A cursor over the entry's fields; overrun is set by any read past the end. */
struct reader { const unsigned char *p; size_t len, at; int overrun; };

static uint64_t get_u64(struct reader *r)
{
    if (r->overrun || r->len - r->at < 8) { r->overrun = 1; return 0; }
    uint64_t v = load_le64(r->p + r->at);
    r->at += 8;
    return v;
}

static struct field get_field(struct reader *r)
{
    struct field f = {0};
    uint64_t n = get_u64(r);
    if (r->overrun || n == NO_FIELD) return f;
    if (n > r->len - r->at) { r->overrun = 1; return f; }
    f.p = r->p + r->at;
    f.n = (size_t)n;
    f.present = 1;
    r->at += (size_t)n;
    return f;
}

enum verdict { ENTRY_WHOLE, ENTRY_CORRUPT, ENTRY_OTHER_LAYOUT };

/* entry_decode: checks the whole entry (magic, size, checksum, field lengths) before reading it. */
static enum verdict entry_decode(const unsigned char *p, size_t len, struct entry *e)
{
    memset(e, 0, sizeof *e);
    if (len < ENTRY_HEADER_LEN + ENTRY_CHECKSUM_LEN || memcmp(p, ENTRY_MAGIC, ENTRY_MAGIC_LEN)) return ENTRY_CORRUPT;
    if (load_le64(p + ENTRY_MAGIC_LEN + 8) != len) return ENTRY_CORRUPT;
    if (fnv1a(FNV1A_START, p, len - ENTRY_CHECKSUM_LEN) != load_le64(p + len - ENTRY_CHECKSUM_LEN))
        return ENTRY_CORRUPT;
    uint32_t version = (uint32_t)p[8] | (uint32_t)p[9] << 8 | (uint32_t)p[10] << 16 | (uint32_t)p[11] << 24;
    if (version != CACHE_ENTRY_VERSION) return ENTRY_OTHER_LAYOUT;
    struct reader r = { .p = p, .len = len - ENTRY_CHECKSUM_LEN, .at = ENTRY_HEADER_LEN, .overrun = 0 };
    for (int i = 0; i < ID_COUNT; i++) e->id[i] = get_field(&r);
    e->binary = get_field(&r);
    e->log = get_field(&r);
    e->verbose_log = get_field(&r);
    e->registers = (int)(int64_t)get_u64(&r);
    e->ptx_instructions = (int)(int64_t)get_u64(&r);
    uint64_t seconds_bits = get_u64(&r);
    memcpy(&e->build_seconds, &seconds_bits, sizeof e->build_seconds);
    e->isa_instructions = (int)(int64_t)get_u64(&r);
    e->isa = get_field(&r);
    e->params = get_field(&r);
    /* A whole checksum over a body that does not parse is clx's own bug; distrust it all the same. */
    if (r.overrun || r.at != r.len || !e->binary.present || e->binary.n == 0) return ENTRY_CORRUPT;
    for (int i = 0; i < ID_COUNT; i++) if (!e->id[i].present) return ENTRY_CORRUPT;
    return ENTRY_WHOLE;
}

static int identity_matches(const struct entry *e, const struct identity *id)
{
    for (int i = 0; i < ID_COUNT; i++)
        if (e->id[i].n != strlen(id->s[i]) || memcmp(e->id[i].p, id->s[i], e->id[i].n)) return 0;
    return 1;
}

static char *field_text(const struct field *f)
{
    if (!f->present) return NULL;
    char *s = xmalloc(f->n + 1);
    memcpy(s, f->p, f->n);
    s[f->n] = '\0';
    return s;
}

/* ---- the cache -------------------------------------------------------------------------------- */

void cache_open(struct cache *c, int enabled)
{
    memset(c, 0, sizeof *c);
    if (enabled) c->dir = cache_folder();
}

char *cache_folder(void)
{
    /* A relative XDG_CACHE_HOME is taken as given (the XDG rule would ignore it): tests point it
     * into their own folder, and falling back to the user's cache would be the worse surprise. */
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (xdg && *xdg) return path_join(xdg, "clx");
    if (home && *home) return path_join(home, ".cache/clx");
    return NULL;
}

/* cache_close: the counts stay readable for the summary. */
void cache_close(struct cache *c)
{
    free(c->dir);
    c->dir = NULL;
}

char *cache_entry_path(const struct cache *c, const struct devprops *dp, const char *source, const char *options,
                       const char *kernel)
{
    if (!c->dir) return NULL;
    struct identity id;
    identity_of(&id, dp, source, options, kernel);
    return entry_path_of(c->dir, &id);
}

enum lookup { LOOKUP_HIT, LOOKUP_MISS, LOOKUP_BAD };

/* ---- loads that killed their process -----------------------------------------------------------
 * A valid entry whose binary crashes the driver would crash every later run the same way: while
 * an entry is loaded, ENTRY.loading holds the loader's pid. A marker whose process is gone means
 * the load never returned: the entry is dropped. A live pid is another process loading it now. */

static char *marker_path(const char *entry) { return xasprintf("%s.loading", entry); }

/* marker_dead: whether entry's marker names a process that no longer runs (or is unreadable). */
static int marker_dead(const char *entry)
{
    char *m = marker_path(entry);
    size_t n;
    char *t = read_file(m, &n);
    free(m);
    if (!t) return 0;
    long pid = atol(t);
    free(t);
    return pid <= 0 || !pidlive_running(pid) || pid == (long)getpid();
}

static void drop_entry(const char *entry)
{
    char *m = marker_path(entry);
    remove(entry);
    remove(m);
    free(m);
}

int cache_forget_crashed(struct cache *c, const struct devprops *dp, const char *source, const char *options,
                         const char *kernel, char **path)
{
    *path = cache_entry_path(c, dp, source, options ? options : "", kernel);
    if (!*path || !marker_dead(*path)) return 0;
    drop_entry(*path);
    return 1;
}

/* lookup: the build from the entry at path into *b when it is whole, is this build's and loads. */
static enum lookup lookup(struct cache *c, const char *path, const struct identity *id, cl_context ctx,
                          cl_device_id dev, struct build *b)
{
    if (marker_dead(path)) {
        warn("the build cache's %s was being loaded when its process died: removed, building instead", path);
        drop_entry(path);
        return LOOKUP_MISS;
    }
    size_t len;
    char *data = read_file(path, &len);
    if (!data) {
        /* No entry, or no folder yet: a plain miss. */
        if (errno != ENOENT && errno != ENOTDIR && !c->read_warned) {
            warn("cannot read the build cache's %s: %s; building instead", path, strerror(errno));
            c->read_warned = 1;
        }
        return LOOKUP_MISS;
    }
    struct entry e;
    enum verdict v = entry_decode((const unsigned char *)data, len, &e);
    /* Another layout (another clx) or a hash collision: not ours to judge; the store replaces it. */
    if (v == ENTRY_OTHER_LAYOUT || (v == ENTRY_WHOLE && !identity_matches(&e, id))) { free(data); return LOOKUP_MISS; }
    if (v == ENTRY_CORRUPT) { free(data); return LOOKUP_BAD; }
    char *marker = marker_path(path), *pid = xasprintf("%ld\n", (long)getpid());
    int marked = write_file_atomic(marker, pid, strlen(pid)) == 0;
    int refused = build_from_binary(ctx, dev, e.binary.p, e.binary.n, id->s[ID_OPTIONS], id->s[ID_KERNEL], b);
    if (marked) remove(marker);
    free(marker);
    free(pid);
    if (refused) {
        /* Warned about: a driver that refuses every entry makes each run build everything again. */
        if (!c->refused_warned) {
            char *why = xstrdup(b->error);
            char *nl = strchr(why, '\n');
            if (nl) *nl = '\0';
            warn("the driver refused a program from the build cache (%s): %s; rebuilding", path, why);
            free(why);
            c->refused_warned = 1;
        }
        build_free(b);
        free(data);
        return LOOKUP_BAD;
    }
    /* What the original build recorded, not what loading the binary did. */
    free(b->log);
    b->log = field_text(&e.log);
    if (!b->log) b->log = xstrdup("");
    b->verbose_log = field_text(&e.verbose_log);
    b->registers = e.registers;
    b->ptx_instructions = e.ptx_instructions;
    if (e.isa_instructions >= 0 && e.isa.present && e.isa.n < sizeof b->isa) {
        b->isa_instructions = e.isa_instructions;
        memcpy(b->isa, e.isa.p, e.isa.n);
        b->isa[e.isa.n] = '\0';
    }
    /* The build's own: a program from a binary may not say them (PoCL's does not). */
    if (e.params.present) {
        free(b->params);
        b->params = field_text(&e.params);
    }
    b->build_seconds = e.build_seconds;
    b->cached = 1;
    free(data);
    return LOOKUP_HIT;
}

static void store(struct cache *c, const char *path, const struct identity *id, const struct build *b)
{
    if (c->store_failed) return;
    struct sbuf o = {0};
    entry_encode(&o, id, b);
    int err = 0;
    if (mkdir_p(c->dir)) err = errno;
    else if (write_file_atomic(path, o.s, o.len)) err = errno;
    if (err) {
        warn("cannot store built programs in %s: %s; this run's builds are not cached", c->dir, strerror(err));
        c->store_failed = 1;
    }
    sb_free(&o);
}

void cache_build(struct cache *c, cl_context ctx, cl_device_id dev, const struct devprops *dp, const char *source,
                 const char *options, const char *kernel, struct build *b)
{
    if (!options) options = "";     /* the same build as "", and NVIDIA's build appends -cl-nv-verbose to it */
    if (!c->dir) {
        build_variant(ctx, dev, dp, source, options, kernel, b);
        c->built++;
        return;
    }
    struct identity id;
    identity_of(&id, dp, source, options, kernel);
    char *path = entry_path_of(c->dir, &id);
    enum lookup l = lookup(c, path, &id, ctx, dev, b);
    if (l == LOOKUP_HIT) {
        /* Not counted when it was stored (no disassembler then, or no machine code): again now. */
        if (b->isa_instructions < 0) build_count_isa(b, kernel, ocl_llvm_major(dp));
        c->hits++;
        free(path);
        return;
    }
    if (l == LOOKUP_BAD) {
        /* Removed first: should the store fail, the bad entry is not met again. */
        c->corrupt++;
        remove(path);
    }
    build_variant(ctx, dev, dp, source, options, kernel, b);
    c->built++;
    /* Only what loads again is kept: a failed build has no program to store. */
    if (b->ok && b->binary && b->binary_size > 0) store(c, path, &id, b);
    free(path);
}
