/* multi.h — one sweep on several devices (clx run --device all|LIST): a results folder per
 * device and a side-by-side summary; with --split, one sweep cut over the devices and merged. */
#ifndef MULTI_H
#define MULTI_H
#include "run/run.h"

/* What clx run takes beside the single-device options. */
struct multi_opts {
    int split;                   /* --split: a part of the sweep on each device, merged into one run */
    int split_any;               /* --split-any: the same over devices of different models or drivers */
    int report;                  /* --report: clx report each folder (or the merged one) at the end */
};

/* multi_wanted: whether clx run goes through multi_run: --device names a list ("all", or items
 * separated by commas), or --split / --split-any is given. */
int multi_wanted(const char *device, const struct multi_opts *m);

/* What multi_run returns when there is one device to run on: o->device and o->args then name it
 * (its P:D) and the caller runs the sweep as it always does. */
enum { MULTI_ONE = -1 };

/* multi_run: the sweep of s on every device o->device lists, each in a child process through the
 * single-device path (supervise_run: its own worker, context and queue), its console in
 * console.log in its results folder: GPUs and other devices that are not CPUs at the same time,
 * then the CPU devices one after the other, each device's lines said together as it ends; then
 * clx compare over the folders (its counts alone under --quiet) and every device's folder, or with
 * --split the parts merged into one run folder. Returns the worst of the devices' exit statuses (see
 * multi_worse), or MULTI_ONE. Exits 2 on a device that is not there, --resume with several
 * devices, or --split over different models or drivers without --split-any. */
int multi_run(const struct spec *s, struct run_opts *o, const struct multi_opts *m);

/* multi_child_args: args as the run on one device records them in run.json (so that clx run
 * --resume DIR continues that device's folder alone): --device, --split and --split-any taken out,
 * then "--device P:D" and, for part K of N of a --split, "--shard K/N" appended. out must be empty. */
void multi_child_args(const struct strlist *args, const char *device, const struct shard *part, struct strlist *out);

/* multi_worse: of two exit statuses, the worse: stopped by a signal (128 + N), could not run (4),
 * a command-line mistake (2: a device's limits refused an axis), rows failed (1), nothing ran (3),
 * all ok (0). */
int multi_worse(int a, int b);
#endif
