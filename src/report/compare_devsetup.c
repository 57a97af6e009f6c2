/* compare_devsetup.c — the device and driver properties two runs ran under otherwise: one table,
 * walked by one loop (compare_devsetup.h). */
#include "compare_devsetup.h"
#include "store/sweepid.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* The run.json device keys that change what runs on one device model, and their names as `clx
 * devices` says them. To add one: a key whose value a setting of the driver or the host changes
 * between runs, and which changes what the kernels do or how fast (not one that may move by itself from
 * run to run: a CPU runtime's max_clock_mhz may be what the host says of its clock at the moment,
 * which would make a pair of identical runs two setups). The device's name, platform and driver version are not here:
 * compare names them as another device ("ran on another device, platform and driver"). */
static const struct { const char *key, *what; } items[] = {
    { RJ_DEV_DRIVER_ENV, "the driver's variables" },          /* its compiler's: device/drvenv.c */
    { RJ_DEV_PLATFORM_VERSION, "the platform version" },      /* another build of the runtime (PoCL's LLVM) */
    { RJ_DEV_COMPUTE_UNITS, "the compute units" },            /* a CPU runtime's threads (POCL_MAX_PTHREAD_COUNT) */
    { RJ_DEV_CPU_LOGICAL, "the host logical CPUs it may use" }, /* taskset, a container's CPU set */
    { RJ_DEV_MAX_WG, "the max work-group size" },
    { RJ_DEV_LOCAL_MEM, "the local memory" },
};
enum { NITEMS = sizeof items / sizeof items[0] };

/* said: a value as the line says it: a string that is empty as "none" (no driver's variables
 * set), else sweepid_text's (a short string quoted, a number); NULL where too long to show. */
static char *said(const cJSON *x)
{
    if (cJSON_IsString(x) && !*x->valuestring) return xstrdup("none");
    return sweepid_text(x);
}

static const cJSON *device_item(const struct rundir *r, const char *key)
{
    const cJSON *d = cJSON_GetObjectItemCaseSensitive(r->rj.doc, RJ_DEVICE);
    const cJSON *x = d ? cJSON_GetObjectItemCaseSensitive(d, key) : NULL;
    return x && !cJSON_IsNull(x) ? x : NULL;
}

char *cmp_devsetup_differs(const struct rundir *a, const char *an, const struct rundir *b, const char *bn)
{
    if (a == b || !a->rj.doc || !b->rj.doc || strcmp(rj_str(a->device), rj_str(b->device)) ||
        strcmp(rj_str(a->platform), rj_str(b->platform)))
        return NULL;
    struct sbuf t = {0};
    for (int i = 0; i < NITEMS; i++) {
        const cJSON *x = device_item(a, items[i].key), *y = device_item(b, items[i].key);
        if (!x || !y || cJSON_Compare(x, y, 1)) continue;
        char *tx = said(x), *ty = said(y);
        sb_printf(&t, "%s%s", t.len ? ", " : "", items[i].what);
        if (tx && ty) sb_printf(&t, " (%s in %s, %s in %s)", ty, bn, tx, an);
        free(tx);
        free(ty);
    }
    return t.s;
}
