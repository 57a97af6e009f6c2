/* devices.h — the `clx devices` command: every platform and device, as a table or as JSON. */
#ifndef DEVICES_H
#define DEVICES_H

/* devices_main: `clx devices [--json]`; argv[0] is the command's name ("devices"), as getopt_long
 * expects. Returns the exit status: 0, 1 when no device was found, 2 on a usage error. */
int devices_main(int argc, char **argv);
#endif
