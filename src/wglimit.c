/* wglimit.c — the work-group size rule: the device's maximum skips, the kernel's only notes. */
#include "wglimit.h"
#include "util.h"
#include <string.h>

int wglimit_synchronises(const char *source)
{
    static const char *const waits[] = { "barrier(", "barrier (", "work_group_", "sub_group_", NULL };
    for (int i = 0; source && waits[i]; i++)
        if (strstr(source, waits[i])) return 1;
    return 0;
}

char *wglimit_check(size_t items, size_t kernel_max, size_t device_max, int respect_kernel, int synchronises,
                    char **note)
{
    *note = NULL;
    if (device_max && items > device_max)
        return xasprintf("work-group of %zu is above the device's maximum %zu (CL_DEVICE_MAX_WORK_GROUP_SIZE)",
                         items, device_max);
    if (!kernel_max || items <= kernel_max) return NULL;
    if (respect_kernel)
        return xasprintf("work-group of %zu is above this kernel's maximum %zu (CL_KERNEL_WORK_GROUP_SIZE; "
                         "--respect-kernel-wg-limit)", items, kernel_max);
    if (synchronises)
        return xasprintf("work-group of %zu is above this kernel's maximum %zu (CL_KERNEL_WORK_GROUP_SIZE) and the "
                         "kernel synchronises its work-items: such a group may launch but its barriers need not hold",
                         items, kernel_max);
    *note = xasprintf("above CL_KERNEL_WORK_GROUP_SIZE %zu, launched anyway (the driver decides)", kernel_max);
    return NULL;
}
