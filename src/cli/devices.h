/* devices.h — the `clx devices` command: every platform and device, as a table or as JSON. */
#ifndef DEVICES_H
#define DEVICES_H

/* devices_show: `clx devices` (json: `--json`) on stdout; with peaks_root (`--peaks`), each
 * device's latest `clx run peaks` under that results folder beside its derived peaks; with sel
 * (`--device`), only the one device clx run --device sel would take (blank: the default one), which
 * a script reads to know what a run gets (tools/quickstart.sh: a CPU's quick run). Returns the exit
 * status: 0, or 1 when no device was found (why, from the ICD loader's point of view, is printed). */
int devices_show(int json, const char *peaks_root, const char *sel);
#endif
