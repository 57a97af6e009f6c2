/* wglimit.h — which work-group sizes are launched: the device's CL_DEVICE_MAX_WORK_GROUP_SIZE is a
 * hard limit, a kernel's CL_KERNEL_WORK_GROUP_SIZE only advice (NVIDIA's driver says 256 for every
 * kernel, yet 512 and 1024 launch and verify): the launch itself is the authority. */
#ifndef WGLIMIT_H
#define WGLIMIT_H
#include <stddef.h>

/* wglimit_check: NULL when a work-group of items work-items is to be launched (*note then says
 * when it is above the kernel's reported maximum, else stays NULL), or why it is skipped: above the
 * device's maximum, or above the kernel's when respect_kernel (--respect-kernel-wg-limit). shape:
 * the work-group as the spec gives it, after "work-group " ("128x128 (16384 work-items; local_size
 * = ...)"; NULL: "of ITEMS"); device_items: the device's per-dimension limits ("4096x4096x4096",
 * CL_DEVICE_MAX_WORK_ITEM_SIZES; NULL: not said). New strings. */
char *wglimit_check(size_t items, const char *shape, size_t kernel_max, size_t device_max, const char *device_items,
                    int respect_kernel, char **note);
#endif
