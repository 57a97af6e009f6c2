/* test_compare_devsetup.c — what of the device's setup clx compare and history say two runs of one
 * device model ran under otherwise is store/sweepid.c's items of it (SWEEPID_DEVICE_SETUP), which
 * --resume and clx merge check, in their words and their order, and the platform version beside
 * them: one table, not a list of compare's own kept beside it. */
#include "check.h"
#include "report/compare_devsetup.h"
#include "store/sweepid.h"
#include <stdlib.h>
#include <string.h>

/* run_of: a run of device D on platform P whose run.json device object holds every item compare
 * says, each its value in A (alt 0) or another (alt: the item's place in sweepid's table + 1, or -1:
 * every item otherwise); rundir_free is not needed: the doc alone is freed (done_run). */
static struct rundir run_of(int alt)
{
    struct rundir r;
    memset(&r, 0, sizeof r);
    r.device = "D";
    r.platform = "P";
    cJSON *doc = cJSON_CreateObject(), *dev = cJSON_AddObjectToObject(doc, RJ_DEVICE);
    for (const struct sweepid_item *id = sweepid_items; id->path; id++) {
        if (strncmp(id->path, RJ_DEVICE ".", strlen(RJ_DEVICE ".")) || !id->device) continue;
        const char *key = id->path + strlen(RJ_DEVICE ".");
        int other = alt < 0 || alt == (int)(id - sweepid_items) + 1;
        if (!strcmp(key, RJ_DEV_DRIVER_ENV)) cJSON_AddStringToObject(dev, key, other ? "X=1" : "");
        else if (id->device == SWEEPID_DEVICE_SETUP) cJSON_AddNumberToObject(dev, key, other ? 2 : 4);
        else if (!strcmp(key, RJ_DEV_PLATFORM_VERSION)) cJSON_AddStringToObject(dev, key, other ? "P 2" : "P 1");
        else cJSON_AddStringToObject(dev, key, "same");
    }
    cJSON_AddNumberToObject(dev, "max_clock_mhz", alt < 0 ? 1000 : 2000);
    r.rj.doc = doc;
    return r;
}

static void done_run(struct rundir *r) { cJSON_Delete(r->rj.doc); }

/* Each item of the setup, and the platform version, differing alone: said by sweepid's words. */
static void test_each_item_said(void)
{
    struct rundir a = run_of(0);
    int n = 0;
    for (const struct sweepid_item *id = sweepid_items; id->path; id++) {
        int setup = id->device == SWEEPID_DEVICE_SETUP || !strcmp(id->path, RJ_DEVICE "." RJ_DEV_PLATFORM_VERSION);
        if (!setup) continue;
        struct rundir b = run_of((int)(id - sweepid_items) + 1);
        char *d = cmp_devsetup_differs(&a, "A", &b, "B");
        CHECK(d != NULL && !strncmp(d, id->what, strlen(id->what)) && strstr(d, " in B, ") && !strstr(d, "), "));
        free(d);
        done_run(&b);
        n++;
    }
    CHECK(n == 6);
    done_run(&a);
}

/* Every one differing: named once each, in sweepid's order (the order --resume and merge refuse
 * by); the clock, which may move by itself, is not among them. */
static void test_order_is_sweepids(void)
{
    struct rundir a = run_of(0), b = run_of(-1);
    char *d = cmp_devsetup_differs(&a, "A", &b, "B");
    CHECK_STR(d, "the platform version ('P 2' in B, 'P 1' in A), the driver's variables ('X=1' in B, none in A), "
                 "the host logical CPUs it may use (2 in B, 4 in A), the compute units (2 in B, 4 in A), "
                 "the max work-group size (2 in B, 4 in A), the local memory (2 in B, 4 in A)");
    free(d);
    /* Another device model: its properties differ as the devices do, said as another device. */
    b.device = "E";
    CHECK(cmp_devsetup_differs(&a, "A", &b, "B") == NULL);
    done_run(&a);
    done_run(&b);
}

int main(void)
{
    RUN(test_each_item_said);
    RUN(test_order_is_sweepids);
    CHECK_EXIT();
}
