/* hostcaches.c — this host's CPU caches from sysfs, said in one line or as JSON (hostcaches.h). */
#include "hostcaches.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* The letter sysfs's type file gives a first-level cache ("Data" L1d, "Instruction" L1i); a unified
 * cache has none. To add a type: a row. */
static const struct { const char *type, *suffix; } types[] = {
    { "Data", "d" }, { "Instruction", "i" }, { "Unified", "" },
};

/* One indexN folder as sysfs lists it: level 0 or size 0 where it says none. */
struct cache_index { int level; double bytes; char *type, *shared; };

/* bytes_of: sysfs's size ("48K", "2048K", "260M"), in bytes; 0 where it says none. */
static double bytes_of(const char *s)
{
    char *end = NULL;
    double b = s ? strtod(s, &end) : 0;
    if (end && (*end == 'K' || *end == 'k')) b *= 1024;
    else if (end && *end == 'M') b *= 1048576;
    else if (end && *end == 'G') b *= 1073741824.0;
    return b > 0 ? b : 0;
}

/* read_text: cache_dir/indexI/name, trimmed, or NULL (a new string). */
static char *read_text(const char *cache_dir, int i, const char *name)
{
    char *p = xasprintf("%s/index%d/%s", cache_dir, i, name), *t = read_file(p, NULL);
    free(p);
    if (t) str_trim(t);
    return t;
}

/* read_index: index i under cache_dir into e (its strings new); 1 where it lists a level and a size. */
static int read_index(const char *cache_dir, int i, struct cache_index *e)
{
    char *lt = read_text(cache_dir, i, "level"), *st = read_text(cache_dir, i, "size");
    e->level = lt ? atoi(lt) : 0;
    e->bytes = bytes_of(st);
    e->type = read_text(cache_dir, i, "type");
    e->shared = read_text(cache_dir, i, "shared_cpu_list");
    free(lt);
    free(st);
    return e->level > 0 && e->bytes > 0;
}

static void index_free(struct cache_index *e)
{
    free(e->type);
    free(e->shared);
}

/* said_one: "L1d 48 KiB" after out's others. */
static void said_one(struct sbuf *out, int level, const char *type, double bytes)
{
    const char *suffix = "";
    for (size_t k = 0; type && k < sizeof types / sizeof types[0]; k++)
        if (!strcmp(type, types[k].type)) suffix = types[k].suffix;
    char *w = size_words(bytes);
    sb_printf(out, "%sL%d%s %s", out->len ? ", " : "", level, suffix, w);
    free(w);
}

char *hostcaches_in(const char *cache_dir)
{
    struct sbuf out = {0};
    for (int i = 0; i < 16; i++) {
        struct cache_index e;
        if (read_index(cache_dir, i, &e)) said_one(&out, e.level, e.type, e.bytes);
        index_free(&e);
    }
    return out.s;
}

/* cache_dir: cpu0's cache folder under $CLX_SYSFS or /sys (a new string). */
static char *cache_dir(void)
{
    const char *root = getenv("CLX_SYSFS");
    return path_join(root && *root ? root : "/sys", "devices/system/cpu/cpu0/cache");
}

char *hostcaches_this(void)
{
    char *dir = cache_dir(), *said = hostcaches_in(dir);
    free(dir);
    return said;
}

cJSON *hostcaches_json_in(const char *cache_dir)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < 16; i++) {
        struct cache_index e;
        if (read_index(cache_dir, i, &e)) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddNumberToObject(o, "level", e.level);
            if (e.type) cJSON_AddStringToObject(o, "type", e.type);
            else cJSON_AddNullToObject(o, "type");
            cJSON_AddNumberToObject(o, "size_bytes", e.bytes);
            if (e.shared) cJSON_AddStringToObject(o, "shared_cpu_list", e.shared);
            else cJSON_AddNullToObject(o, "shared_cpu_list");
            cJSON_AddItemToArray(a, o);
        }
        index_free(&e);
    }
    return a;
}

cJSON *hostcaches_json_this(void)
{
    char *dir = cache_dir();
    cJSON *a = hostcaches_json_in(dir);
    free(dir);
    return a;
}

char *hostcaches_json_said(const cJSON *caches)
{
    struct sbuf out = {0};
    const cJSON *o;
    if (!cJSON_IsArray(caches)) return NULL;
    cJSON_ArrayForEach(o, caches) {
        const cJSON *lv = cJSON_GetObjectItemCaseSensitive(o, "level"), *sz = cJSON_GetObjectItemCaseSensitive(o, "size_bytes");
        const cJSON *ty = cJSON_GetObjectItemCaseSensitive(o, "type");
        if (cJSON_IsNumber(lv) && cJSON_IsNumber(sz) && lv->valueint > 0 && sz->valuedouble > 0)
            said_one(&out, lv->valueint, cJSON_IsString(ty) ? ty->valuestring : NULL, sz->valuedouble);
    }
    return out.s;
}
