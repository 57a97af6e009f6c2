/* outcheck.h — whether a run could make its folder under --out and write in it, tried and undone,
 * for clx run before anything waits for a device, --dry-run too (which tools/slurm-sweep.sh trusts
 * before it queues jobs). */
#ifndef OUTCHECK_H
#define OUTCHECK_H

/* outcheck_root: makes root (and its missing parents), a folder in it and a file in that folder, as
 * a run does (results_open), then removes what it made, leaving root as it found it. 0, or -1 with
 * errno: the reason the run would give for "cannot make a results folder under ROOT". */
int outcheck_root(const char *root);
#endif
