/* test_wglimit.c — the device's work-group maximum skips; the kernel's reported one only notes,
 * unless --respect-kernel-wg-limit. */
#include "check.h"
#include "lib/util.h"
#include "device/wglimit.h"
#include <stdlib.h>

static void test_within_both(void)
{
    char *note = (char *)1, *why = wglimit_check(256, NULL, 256, 1024, NULL, 0, &note);
    CHECK(why == NULL);
    CHECK(note == NULL);
}

static void test_above_kernel_launched_with_note(void)
{
    /* NVIDIA: the kernel says 256, the device 1024: 512 is launched, and the row says so. */
    char *note = NULL, *why = wglimit_check(512, NULL, 256, 1024, NULL, 0, &note);
    CHECK(why == NULL);
    CHECK_CONTAINS(note, "above CL_KERNEL_WORK_GROUP_SIZE 256, launched anyway");
    free(note);
}

static void test_above_kernel_respected(void)
{
    char *note = NULL, *why = wglimit_check(512, NULL, 256, 1024, NULL, 1, &note);
    CHECK_CONTAINS(why, "work-group of 512 is above this kernel's maximum 256");
    CHECK_CONTAINS(why, "--respect-kernel-wg-limit");
    CHECK(note == NULL);
    free(why);
}

static void test_above_device_always_skipped(void)
{
    char *note = NULL, *why = wglimit_check(2048, NULL, 256, 1024, NULL, 0, &note);
    CHECK_CONTAINS(why, "work-group of 2048 is above the device's maximum 1024 work-items (CL_DEVICE_MAX_WORK_GROUP_SIZE)");
    CHECK(note == NULL);
    free(why);
    why = wglimit_check(2048, NULL, 4096, 1024, NULL, 0, &note);
    CHECK(why != NULL);
    free(why);
}

static void test_shape_and_dimensions_said(void)
{
    /* A 2-D work-group said as the spec gives it, with both of the device's limits. */
    char *note = NULL, *why = wglimit_check(16384, "128x128 (16384 work-items; local_size = [ \"TILE\", \"TILE\" ] at TILE=128)",
                                            0, 4096, "4096x4096x4096", 0, &note);
    CHECK_CONTAINS(why, "work-group 128x128 (16384 work-items; local_size = [ \"TILE\", \"TILE\" ] at TILE=128) is above the "
                        "device's maximum 4096 work-items (CL_DEVICE_MAX_WORK_GROUP_SIZE; per dimension at most 4096x4096x4096, "
                        "CL_DEVICE_MAX_WORK_ITEM_SIZES)");
    CHECK(note == NULL);
    free(why);
}

static void test_unknown_limits(void)
{
    /* A limit of 0 (not reported) limits nothing. */
    char *note = NULL, *why = wglimit_check(4096, NULL, 0, 0, NULL, 1, &note);
    CHECK(why == NULL && note == NULL);
}

/* A fake device whose driver reports 0 for a dimension's limit, or for the largest work-group: no
 * refusal by it (every launch was refused, "above CL_DEVICE_MAX_WORK_ITEM_SIZES 0"); the limits it
 * does report still refuse. */
static void test_zero_is_unreported(void)
{
    struct wglimits none = { 0, { 0, 0, 0 } }, dim0 = { 1024, { 0, 1024, 64 } }, wg0 = { 0, { 1024, 1024, 64 } };
    size_t one[1] = { 256 }, two[2] = { 256, 4 }, tall[2] = { 4, 2048 };
    char *note = (char *)1;
    CHECK(!wglimit_may_refuse(&none, one, 1, 256, 0));
    CHECK(wglimit_launch(&none, one, 1, 256, NULL, 0, 0, &note) == NULL && note == NULL);
    CHECK(!wglimit_may_refuse(&dim0, one, 1, 256, 0));
    CHECK(wglimit_launch(&dim0, two, 2, 1024, "256x4", 0, 0, &note) == NULL && note == NULL);
    CHECK(!wglimit_may_refuse(&wg0, one, 1, 256, 0));
    CHECK(wglimit_launch(&wg0, one, 1, 4096, NULL, 0, 0, &note) == NULL);
    /* What is reported still refuses: dimension 1's 1024, the largest work-group's 1024. */
    CHECK(wglimit_may_refuse(&dim0, tall, 2, 8192, 0));
    char *why = wglimit_launch(&dim0, tall, 2, 8192, "4x2048", 0, 0, &note);
    CHECK_STR(why, "local size 2048 in dimension 1 of work-group 4x2048 is above CL_DEVICE_MAX_WORK_ITEM_SIZES 1024 "
                   "(-x1024x64)");
    free(why);
    size_t wide[2] = { 256, 8 };
    why = wglimit_launch(&dim0, wide, 2, 2048, "256x8", 0, 0, &note);
    CHECK_CONTAINS(why, "work-group 256x8 is above the device's maximum 1024 work-items (CL_DEVICE_MAX_WORK_GROUP_SIZE; "
                        "per dimension at most -x1024x64, CL_DEVICE_MAX_WORK_ITEM_SIZES)");
    free(why);
    /* The kernel's own maximum still notes (and refuses with --respect-kernel-wg-limit). */
    CHECK(wglimit_may_refuse(&none, one, 1, 256, 128));
    CHECK(wglimit_launch(&none, one, 1, 256, NULL, 128, 0, &note) == NULL);
    CHECK_CONTAINS(note, "above CL_KERNEL_WORK_GROUP_SIZE 128");
    free(note);
}

/* What `clx devices` says of a driver's 0s, once, naming which; nothing where all are reported. */
static void test_unreported_said(void)
{
    struct wglimits all = { 1024, { 1024, 1024, 64 } }, wg0 = { 0, { 1024, 1024, 64 } }, dim0 = { 1024, { 0, 1024, 0 } };
    struct wglimits both = { 0, { 0, 0, 0 } };
    CHECK(wglimit_unreported(&all, 3) == NULL);
    /* A device of one dimension: the others' 0s are no limit missing. */
    CHECK(wglimit_unreported(&(struct wglimits){ 1024, { 1024, 0, 0 } }, 1) == NULL);
    char *a = wglimit_unreported(&wg0, 3), *b = wglimit_unreported(&dim0, 3), *c = wglimit_unreported(&both, 2);
    CHECK_STR(a, "the driver reports no limit of CL_DEVICE_MAX_WORK_GROUP_SIZE (0): clx refuses no work-group by it, "
                 "the launch decides");
    CHECK_STR(b, "the driver reports no limit of CL_DEVICE_MAX_WORK_ITEM_SIZES in dimensions 0, 2 (0): clx refuses no "
                 "work-group by it, the launch decides");
    CHECK_STR(c, "the driver reports no limit of CL_DEVICE_MAX_WORK_GROUP_SIZE or CL_DEVICE_MAX_WORK_ITEM_SIZES in "
                 "dimensions 0, 1 (0): clx refuses no work-group by them, the launch decides");
    free(a); free(b); free(c);
    char *items = wglimit_items_said(&all), *gap = wglimit_items_said(&dim0);
    CHECK_STR(items, "1024x1024x64");
    CHECK_STR(gap, "-x1024");
    CHECK(wglimit_items_said(&both) == NULL);
    free(items); free(gap);
}

int main(void)
{
    RUN(test_zero_is_unreported);
    RUN(test_unreported_said);
    RUN(test_within_both);
    RUN(test_above_kernel_launched_with_note);
    RUN(test_above_kernel_respected);
    RUN(test_above_device_always_skipped);
    RUN(test_shape_and_dimensions_said);
    RUN(test_unknown_limits);
    CHECK_EXIT();
}
