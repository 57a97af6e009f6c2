/* measured.h — a device's `clx run peaks` read back as an atlas, for `clx devices --peaks` and
 * report.md. */
#ifndef MEASURED_H
#define MEASURED_H
#include "lib/util.h"
#include "store/rundir.h"
#include <cjson/cJSON.h>
#include <stdio.h>

/* measured_find: the newest peaks run folder under root of this device and driver (run.json's
 * device name and driver), a new string, or NULL when there is none. */
char *measured_find(const char *root, const char *device, const char *driver);
/* One line of the atlas: what was measured, at its best, and the theoretical figure it counts
 * against (NAN: none known); where: the configuration or the size it was measured at (NULL: none). */
struct atlas_line { char *what, *where; double value, peak; char *unit; };
/* measured_atlas: r's lines (r read from dir): each variant x build's best verified rate, then every
 * probe that passed (the latency curve's points left out where its levels stand for them; *curve
 * then says so, else NULL). Count of lines in *out (free both with measured_atlas_free, free). */
int measured_atlas(const struct rundir *r, const char *dir, struct atlas_line **out, char **curve);
void measured_atlas_free(struct atlas_line *a, int n);
/* atlas_number: a figure as the atlas writes it: whole above 1000 ("65474"), else 4 digits. */
char *atlas_number(double v);
/* measured_print: each variant's best verified rate and share of the theoretical peak, and the
 * probes, as lines under a device. 0, or -1 when the folder cannot be read (said on out). */
int measured_print(FILE *out, const char *dir);
/* measured_json: the same as an object { run, started, rates: [...], probes: [...] }. */
cJSON *measured_json(const char *dir);
#endif
