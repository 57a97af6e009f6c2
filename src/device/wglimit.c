/* wglimit.c — the work-group size rule: the device's maximum skips, the kernel's only notes. */
#include "wglimit.h"
#include "lib/util.h"

char *wglimit_check(size_t items, size_t kernel_max, size_t device_max, int respect_kernel, char **note)
{
    *note = NULL;
    if (device_max && items > device_max)
        return xasprintf("work-group of %zu is above the device's maximum %zu (CL_DEVICE_MAX_WORK_GROUP_SIZE)",
                         items, device_max);
    if (!kernel_max || items <= kernel_max) return NULL;
    if (respect_kernel)
        return xasprintf("work-group of %zu is above this kernel's maximum %zu (CL_KERNEL_WORK_GROUP_SIZE; "
                         "--respect-kernel-wg-limit)", items, kernel_max);
    *note = xasprintf("above CL_KERNEL_WORK_GROUP_SIZE %zu, launched anyway (the driver decides)", kernel_max);
    return NULL;
}
