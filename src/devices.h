/* devices.h — the `clx devices` command: every platform and device, as a table or as JSON. */
#ifndef DEVICES_H
#define DEVICES_H

/* devices_show: `clx devices` (json: `--json`) on stdout. Returns the exit status: 0, or 1 when no
 * device was found (why, from the ICD loader's point of view, is printed). */
int devices_show(int json);
#endif
