/* wglimit.c — the work-group size rule: the device's maximum skips, the kernel's only notes. */
#include "wglimit.h"
#include "lib/util.h"
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

char *wglimit_check(size_t items, const char *shape, size_t kernel_max, size_t device_max, const char *device_items,
                    int respect_kernel, char **note)
{
    *note = NULL;
    int over_device = device_max && items > device_max, over_kernel = kernel_max && items > kernel_max;
    if (!over_device && !(over_kernel && respect_kernel)) {
        if (over_kernel)
            *note = xasprintf("above CL_KERNEL_WORK_GROUP_SIZE %zu, launched anyway (the driver decides)", kernel_max);
        return NULL;
    }
    /* Refused: the work-group named as the spec gives it, else by its size (formatted here alone: this
     * is asked of every configuration of a sweep, and most pass). */
    char of[32];
    const char *wg = shape ? shape : (snprintf(of, sizeof of, "of %zu", items), of);
    /* Both limits said: a 2-D shape within every dimension's limit is still refused by their product's. */
    if (over_device)
        return xasprintf("work-group %s is above the device's maximum %zu work-items (CL_DEVICE_MAX_WORK_GROUP_SIZE%s%s%s)",
                         wg, device_max, device_items ? "; per dimension at most " : "", device_items ? device_items : "",
                         device_items ? ", CL_DEVICE_MAX_WORK_ITEM_SIZES" : "");
    return xasprintf("work-group %s is above this kernel's maximum %zu (CL_KERNEL_WORK_GROUP_SIZE; "
                     "--respect-kernel-wg-limit)", wg, kernel_max);
}

int wglimit_may_refuse(const struct wglimits *l, const size_t *local, unsigned dims, size_t items, size_t kernel_max)
{
    int over = (l->max_wg && items > l->max_wg) || (kernel_max && items > kernel_max);
    for (unsigned d = 0; d < dims && d < 3; d++) over |= l->max_item[d] && local[d] > l->max_item[d];
    return over;
}

char *wglimit_items_said(const struct wglimits *l)
{
    int last = -1;
    for (int d = 0; d < 3; d++)
        if (l->max_item[d]) last = d;
    if (last < 0) return NULL;
    struct sbuf b = {0};
    for (int d = 0; d <= last; d++)
        if (l->max_item[d]) sb_printf(&b, "%s%zu", d ? "x" : "", l->max_item[d]);
        else sb_printf(&b, "%s-", d ? "x" : "");
    return b.s;
}

char *wglimit_launch(const struct wglimits *l, const size_t *local, unsigned dims, size_t items, const char *shape,
                     size_t kernel_max, int respect_kernel, char **note)
{
    *note = NULL;
    char *limits = wglimit_items_said(l), *why = NULL;
    for (unsigned d = 0; d < dims && d < 3 && !why; d++)
        if (l->max_item[d] && local[d] > l->max_item[d])
            why = dims > 1 ? xasprintf("local size %zu in dimension %u of work-group %s is above CL_DEVICE_MAX_WORK_ITEM_SIZES "
                                       "%zu (%s)", local[d], d, shape ? shape : "", l->max_item[d], limits)
                           : xasprintf("local size %zu in dimension %u is above CL_DEVICE_MAX_WORK_ITEM_SIZES %zu", local[d], d,
                                       l->max_item[d]);
    if (!why) why = wglimit_check(items, shape, kernel_max, l->max_wg, limits, respect_kernel, note);
    free(limits);
    return why;
}

char *wglimit_unreported(const struct wglimits *l, unsigned dims)
{
    struct sbuf dims_said = {0};
    int n = 0;
    for (unsigned d = 0; d < dims && d < 3; d++)
        if (!l->max_item[d]) sb_printf(&dims_said, "%s%u", n++ ? ", " : "", d);
    if (l->max_wg && !n) return NULL;
    char *items = n ? xasprintf("CL_DEVICE_MAX_WORK_ITEM_SIZES in dimension%s %s", n > 1 ? "s" : "", dims_said.s) : NULL;
    char *s = xasprintf("the driver reports no limit of %s%s%s (0): clx refuses no work-group by %s, the launch decides",
                        !l->max_wg ? "CL_DEVICE_MAX_WORK_GROUP_SIZE" : "", !l->max_wg && items ? " or " : "",
                        items ? items : "", !l->max_wg && items ? "them" : "it");
    free(items);
    sb_free(&dims_said);
    return s;
}
