/* compare_devsetup.c — the device and driver properties two runs ran under otherwise: store/sweepid.c's
 * table of them, walked by one loop (compare_devsetup.h). */
#include "compare_devsetup.h"
#include "store/sweepid.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* What changes what runs on one device model: store/sweepid.c's items of the device's setup (the
 * driver's variables, the host CPUs, the compute units, its limits: one table, which --resume and
 * clx merge check too), in its order, and by its words; and the platform version (another build of
 * the runtime, PoCL's LLVM), which that table names the device by and compare alone says here as a
 * setting. The device's name, platform and driver version are not: compare names them as another
 * device ("ran on another device, platform and driver"). To add an item: a SWEEPID_DEVICE_SETUP row
 * there (a key whose value a setting of the driver or the host changes between runs, not one that
 * may move by itself from run to run, as a CPU runtime's max_clock_mhz). */
static int compared(const struct sweepid_item *id)
{
    return id->device == SWEEPID_DEVICE_SETUP || !strcmp(id->path, RJ_DEVICE "." RJ_DEV_PLATFORM_VERSION);
}

/* said: a value as the line says it: a string that is empty as "none" (no driver's variables
 * set), else sweepid_text's (a short string quoted, a number); NULL where too long to show. */
static char *said(const cJSON *x)
{
    if (cJSON_IsString(x) && !*x->valuestring) return xstrdup("none");
    return sweepid_text(x);
}

static const cJSON *device_item(const struct rundir *r, const char *path)
{
    const cJSON *x = sweepid_at(r->rj.doc, path);
    return x && !cJSON_IsNull(x) ? x : NULL;
}

char *cmp_devsetup_differs(const struct rundir *a, const char *an, const struct rundir *b, const char *bn)
{
    if (a == b || !a->rj.doc || !b->rj.doc || strcmp(rj_str(a->device), rj_str(b->device)) ||
        strcmp(rj_str(a->platform), rj_str(b->platform)))
        return NULL;
    struct sbuf t = {0};
    for (const struct sweepid_item *id = sweepid_items; id->path; id++) {
        if (!compared(id)) continue;
        const cJSON *x = device_item(a, id->path), *y = device_item(b, id->path);
        if (!x || !y || cJSON_Compare(x, y, 1)) continue;
        char *tx = said(x), *ty = said(y);
        sb_printf(&t, "%s%s", t.len ? ", " : "", id->what);
        if (tx && ty) sb_printf(&t, " (%s in %s, %s in %s)", ty, bn, tx, an);
        free(tx);
        free(ty);
    }
    return t.s;
}
