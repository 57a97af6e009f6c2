/* rundevs.c — the devices a run's rows ran on: its own, or a --split-any's parts' (run.json's
 * split part), each told once by its name, platform and driver. */
#include "rundevs.h"
#include "jsonval.h"
#include <stdlib.h>
#include <string.h>

/* One device as a run records it; index is the P:D of the part that ran on it. */
struct dev { const char *index, *name, *platform, *driver; };

static int same_dev(const struct dev *a, const struct dev *b)
{
    return !strcmp(a->name, b->name) && !strcmp(a->platform, b->platform) && !strcmp(a->driver, b->driver);
}

/* parts: each part's device (a --split's), else the run's one; the count, *out to free. */
static int parts(const struct runjson *j, struct dev **out)
{
    const cJSON *sp = runjson_part(j, RJ_SPLIT);
    const cJSON *devs = sp ? cJSON_GetObjectItemCaseSensitive(sp, "devices") : NULL, *d;
    int n = cJSON_GetArraySize(devs);
    if (n < 1) {
        *out = xmalloc(sizeof **out);
        **out = (struct dev){ .index = rj_str(j->device_index), .name = rj_str(j->device.name),
                              .platform = rj_str(j->device.platform), .driver = rj_str(j->device.driver_version) };
        return 1;
    }
    *out = xcalloc((size_t)n, sizeof **out);
    int k = 0;
    cJSON_ArrayForEach(d, devs)
        (*out)[k++] = (struct dev){ .index = json_str(d, RJ_DEVICE_INDEX), .name = json_str(d, RJ_DEV_NAME),
                                    .platform = json_str(d, RJ_DEV_PLATFORM), .driver = json_str(d, RJ_DEV_DRIVER_VERSION) };
    return k;
}

/* distinct: the devices of j's parts, each once, first seen first (the parts' order); the count. */
static int distinct(const struct runjson *j, struct dev **out)
{
    int n = parts(j, out), m = 0;
    for (int k = 0; k < n; k++) {
        int seen = 0;
        for (int x = 0; x < m && !seen; x++) seen = same_dev(&(*out)[x], &(*out)[k]);
        if (!seen) (*out)[m++] = (*out)[k];
    }
    return m;
}

int rundevs_count(const struct runjson *j)
{
    struct dev *d;
    int n = distinct(j, &d);
    free(d);
    return n;
}

/* full_words: "NAME (PLATFORM, driver D)", as a plot's title names a run's device. */
static void full_words(struct sbuf *b, const struct dev *d)
{
    sb_printf(b, "%s (%s, driver %s)", *d->name ? d->name : "an unnamed device", *d->platform ? d->platform : "unknown platform",
              *d->driver ? d->driver : "unknown");
}

/* short_words: device k of d[0..n) by its name, and as far as another of them shares it, its
 * platform, then its driver. */
static void short_words(struct sbuf *b, const struct dev *d, int n, int k)
{
    int name = 0, platform = 0;
    for (int x = 0; x < n; x++) {
        if (x == k || strcmp(d[x].name, d[k].name)) continue;
        name = 1;
        platform |= !strcmp(d[x].platform, d[k].platform);
    }
    sb_printf(b, "%s", *d[k].name ? d[k].name : "an unnamed device");
    if (platform) sb_printf(b, " (%s, driver %s)", d[k].platform, d[k].driver);
    else if (name) sb_printf(b, " (%s)", d[k].platform);
}

char *rundevs_words(const struct runjson *j, int full)
{
    struct dev *d;
    int n = distinct(j, &d);
    struct sbuf b = {0};
    if (n > 1) sb_printf(&b, "%d devices: ", n);
    for (int k = 0; k < n; k++) {
        sb_printf(&b, "%s", k == 0 ? "" : k == n - 1 ? " and " : ", ");
        if (full) full_words(&b, &d[k]);
        else short_words(&b, d, n, k);
    }
    free(d);
    return b.s ? b.s : xstrdup("");
}

char *rundevs_parts(const struct runjson *j)
{
    if (rundevs_count(j) < 2) return NULL;
    struct dev *d;
    int n = parts(j, &d);
    struct sbuf b = {0};
    for (int k = 0; k < n; k++) {
        sb_printf(&b, "%s%s ", k ? "; " : "", d[k].index);
        full_words(&b, &d[k]);
    }
    free(d);
    return b.s;
}

int rundevs_mix_same(const struct runjson *a, const struct runjson *b)
{
    struct dev *x, *y;
    int n = distinct(a, &x), m = distinct(b, &y), same = n == m;
    for (int k = 0; same && n > 1 && k < n; k++) same = same_dev(&x[k], &y[k]);
    free(x);
    free(y);
    return same;
}
