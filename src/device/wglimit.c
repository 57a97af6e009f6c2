/* wglimit.c — the work-group size rule: the device's maximum skips, the kernel's only notes. */
#include "wglimit.h"
#include "lib/util.h"
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
