/* devlist.h — the devices a --device list names ("all", "0:0,1:0", name parts), found without
 * initialising OpenCL in the calling process, and whether two of them are one model and driver. */
#ifndef DEVLIST_H
#define DEVLIST_H

/* One device as --device lists see it. Strings are truncated to fit. */
struct devlist_dev {
    int pidx, didx;              /* P:D, as clx devices shows it */
    int is_cpu;                  /* CL_DEVICE_TYPE_CPU: it shares the host's cores */
    char name[256], vendor[256], platform[256], platform_version[256], driver[256];
    unsigned long type;          /* CL_DEVICE_TYPE bits: what --device cpu, gpu, accelerator match */
};

/* devlist_is_list: whether a --device value names a list rather than one device: "all", or
 * several items separated by commas. */
int devlist_is_list(const char *sel);

/* devlist_parse: the devices sel names ("all", or comma-separated items, each "P:D" or a part of a
 * name as --device takes it), in the order given, each once, as indexes into all[0..n) in
 * pick[] (room for n). Returns their count, or one of these and *err (a new string that names the
 * item and lists the devices there are, and for a device not there none, the platforms without a
 * device and why: devlist_discover's; NULL or "" for none): DEVLIST_MISTAKE for a mistake on the command line (an
 * empty item, a malformed P:D or a number alone: ocl_sel_mistake, a part of several devices' names:
 * exit 2), DEVLIST_MISSING for a
 * device that is not there (a P:D or name part that no device has: exit 4, as --device's). */
enum { DEVLIST_MISTAKE = -1, DEVLIST_MISSING = -2 };
int devlist_parse(const struct devlist_dev *all, int n, const char *none, const char *sel, int *pick, char **err);

/* devlist_syntax: the mistake in the form of sel (one device or a list) that the run refuses with
 * exit 2 whatever devices there are: an empty item of a list, or an item that is a malformed P:D or
 * a number alone (ocl_sel_mistake), said as the run says it but without the devices there are, none
 * being looked at (a new string); NULL where the form is sound, a device not here included (clx run
 * --dry-run, which opens no device: the job may run on another node). */
char *devlist_syntax(const char *sel);

/* devlist_same_model: whether a and b are the same model on the same driver: name, vendor,
 * platform, platform version and driver version (what clx merge requires of a sweep's parts). */
int devlist_same_model(const struct devlist_dev *a, const struct devlist_dev *b);

/* devlist_index: "0:1" (static storage, overwritten by the next call). */
const char *devlist_index(const struct devlist_dev *d);

/* devlist_discover: every device of every platform into *out (caller frees), read in a child
 * process: a run's parent process never initialises OpenCL (supervise.c forks its workers, and a
 * driver's threads do not survive a fork). Returns the count; with no platform the child says why
 * and the caller gets -1. With none, *none (a new string; caller frees) is the platforms that report
 * no device, each with why where clx sees it (nodevice_list's lines, "; " between), "" where every
 * platform has devices. */
int devlist_discover(struct devlist_dev **out, char **none);
#endif
