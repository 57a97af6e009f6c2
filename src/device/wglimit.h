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

/* The device's work-group limits as its driver reports them: CL_DEVICE_MAX_WORK_GROUP_SIZE and the first
 * three CL_DEVICE_MAX_WORK_ITEM_SIZES. 0 is a limit not reported (odd drivers say 0): it refuses no
 * launch (it refused every one, "above CL_DEVICE_MAX_WORK_ITEM_SIZES 0"); the launch decides. */
struct wglimits { size_t max_wg; size_t max_item[3]; };

/* wglimit_may_refuse: whether a limit of l, or the kernel's (kernel_max, 0: none), is below a work-group
 * of dims local sizes (items work-items): asked of every configuration of a sweep, no strings made. */
int wglimit_may_refuse(const struct wglimits *l, const size_t *local, unsigned dims, size_t items, size_t kernel_max);
/* wglimit_launch: NULL when the work-group is launched (*note as wglimit_check's), else why not: a
 * dimension above its reported limit ("local size 2048 in dimension 0 is above
 * CL_DEVICE_MAX_WORK_ITEM_SIZES 1024"), else wglimit_check's reason. shape as wglimit_check's. New strings. */
char *wglimit_launch(const struct wglimits *l, const size_t *local, unsigned dims, size_t items, const char *shape,
                     size_t kernel_max, int respect_kernel, char **note);
/* wglimit_items_said: the per-dimension limits ("4096x4096x4096", a dimension not reported "-"), up to
 * the last reported; NULL where none is. A new string. */
char *wglimit_items_said(const struct wglimits *l);
/* wglimit_unreported: where the driver reports 0 for the largest work-group or for a dimension's limit
 * among its dims (CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, at most 3), the sentence that says so for `clx
 * devices`, else NULL. A new string. */
char *wglimit_unreported(const struct wglimits *l, unsigned dims);
#endif
