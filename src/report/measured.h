/* measured.h — a device's latest `clx run peaks` read back, for `clx devices --peaks`. */
#ifndef MEASURED_H
#define MEASURED_H
#include "lib/util.h"
#include <cjson/cJSON.h>
#include <stdio.h>

/* measured_find: the newest peaks run folder under root of this device and driver (run.json's
 * device name and driver), a new string, or NULL when there is none. */
char *measured_find(const char *root, const char *device, const char *driver);
/* measured_print: each variant's best verified rate and share of the theoretical peak, and the
 * probes, as lines under a device. 0, or -1 when the folder cannot be read (said on out). */
int measured_print(FILE *out, const char *dir);
/* measured_json: the same as an object { run, started, rates: [...], probes: [...] }. */
cJSON *measured_json(const char *dir);
#endif
