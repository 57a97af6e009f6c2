/* dryrun.h — clx run --dry-run: a sweep's plan made and checked as the run makes it, with no device
 * opened and nothing run or written. */
#ifndef DRYRUN_H
#define DRYRUN_H
#include "run.h"

/* run_dry: plans s with o's overrides, --quick and --shard as run_experiment would before its first
 * build, and says the sweep's size (and the shard's part of it) on stdout. What the plan refuses is
 * refused as the run refuses it: an override with one line and exit 2 (die_usage), the spec with
 * exit 4; so is a --device (or CLX_DEVICE) of a malformed form (devlist_syntax), while a well-formed
 * one is said to be checked when the sweep runs (no device is looked at). Without a device, 'max' in
 * a work-group range stands for the largest one any device takes (a range the device would accept is
 * never refused), and the counts say so. Returns 0. */
int run_dry(const struct spec *s, const struct run_opts *o);
#endif
