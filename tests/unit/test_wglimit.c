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

int main(void)
{
    RUN(test_within_both);
    RUN(test_above_kernel_launched_with_note);
    RUN(test_above_kernel_respected);
    RUN(test_above_device_always_skipped);
    RUN(test_shape_and_dimensions_said);
    RUN(test_unknown_limits);
    CHECK_EXIT();
}
