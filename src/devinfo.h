/* devinfo.h — the device-information table behind `clx devices` and run.json's device section. */
#ifndef DEVINFO_H
#define DEVINFO_H
#include "ocl.h"
#include <cjson/cJSON.h>
#include <stdio.h>

/* devinfo_print_all: `clx devices`: every platform and device as a table (one row per property,
 * one column per device); when there is none, the diagnosis from diagnose.h. Returns 0, or 1
 * when no device was found. */
int devinfo_print_all(FILE *out);
/* devinfo_json: the device's properties (the same table) as a new JSON object. */
cJSON *devinfo_json(const struct devprops *p);
#endif
