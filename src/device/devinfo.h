/* devinfo.h — the device-information table behind `clx devices` and run.json's device section. */
#ifndef DEVINFO_H
#define DEVINFO_H
#include "ocl.h"
#include <cjson/cJSON.h>
#include <stdio.h>

struct strlist;

/* devinfo_print_table: the text of `clx devices` for n devices (props[i] describes devs[i]): one
 * line per device with its P:D, one per platform that reports no device (nodevice.h), then the
 * property table, one column per device. */
void devinfo_print_table(FILE *out, const struct ocl_device *devs, const struct devprops *props, int n);
/* devinfo_print_table_of: the same with each device's peaks given (pk[i], as peak_derive makes
 * them) and the lines of the platforms without a device (none; NULL for none): no host, sysfs or
 * platform read, for a test of the layout. Every value is shown whole: wrapped in its column, or,
 * beside other devices, under the table as a numbered note where it would take more than four
 * lines of its column. */
struct peak;
void devinfo_print_table_of(FILE *out, const struct ocl_device *devs, const struct devprops *props,
                            const struct peak *pk, int n, const struct strlist *none);
/* devinfo_no_device: why no device was found (platforms without devices, then the ICD loader
 * diagnosis from diagnose.h); returns EXIT_CANNOT_RUN (4), the exit status. */
int devinfo_no_device(FILE *out);
/* devinfo_json: the device's properties (the same table) as a new JSON object; lists (extensions,
 * work-item sizes, fp config flags) are arrays. pk: the peaks already derived for it (a run's), or
 * NULL to derive them (peak.h: that reads the host's CPU and the device's PCIe link). */
cJSON *devinfo_json(const struct devprops *p, const struct peak *pk);
/* devinfo_extensions: the names of an extension list (CL_DEVICE_EXTENSIONS' or
 * CL_PLATFORM_EXTENSIONS' form: separated by blanks), sorted, each once, appended to out. */
void devinfo_extensions(const char *list, struct strlist *out);
#endif
