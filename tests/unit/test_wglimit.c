/* test_wglimit.c — the device's work-group maximum skips; the kernel's reported one only notes,
 * unless --respect-kernel-wg-limit. */
#include "check.h"
#include "lib/util.h"
#include "device/wglimit.h"
#include <stdlib.h>

static void test_within_both(void)
{
    char *note = (char *)1, *why = wglimit_check(256, 256, 1024, 0, &note);
    CHECK(why == NULL);
    CHECK(note == NULL);
}

static void test_above_kernel_launched_with_note(void)
{
    /* NVIDIA: the kernel says 256, the device 1024: 512 is launched, and the row says so. */
    char *note = NULL, *why = wglimit_check(512, 256, 1024, 0, &note);
    CHECK(why == NULL);
    CHECK_CONTAINS(note, "above CL_KERNEL_WORK_GROUP_SIZE 256, launched anyway");
    free(note);
}

static void test_above_kernel_respected(void)
{
    char *note = NULL, *why = wglimit_check(512, 256, 1024, 1, &note);
    CHECK_CONTAINS(why, "work-group of 512 is above this kernel's maximum 256");
    CHECK_CONTAINS(why, "--respect-kernel-wg-limit");
    CHECK(note == NULL);
    free(why);
}

static void test_above_device_always_skipped(void)
{
    char *note = NULL, *why = wglimit_check(2048, 256, 1024, 0, &note);
    CHECK_CONTAINS(why, "above the device's maximum 1024 (CL_DEVICE_MAX_WORK_GROUP_SIZE)");
    CHECK(note == NULL);
    free(why);
    why = wglimit_check(2048, 4096, 1024, 0, &note);
    CHECK(why != NULL);
    free(why);
}

static void test_unknown_limits(void)
{
    /* A limit of 0 (not reported) limits nothing. */
    char *note = NULL, *why = wglimit_check(4096, 0, 0, 1, &note);
    CHECK(why == NULL && note == NULL);
}

int main(void)
{
    RUN(test_within_both);
    RUN(test_above_kernel_launched_with_note);
    RUN(test_above_kernel_respected);
    RUN(test_above_device_always_skipped);
    RUN(test_unknown_limits);
    CHECK_EXIT();
}
