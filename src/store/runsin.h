/* runsin.h — the runs a folder holds (the folder given to clx run --out, a --split's parts/): the
 * folders in it with a run.json, newest first, and which of them did not finish. */
#ifndef RUNSIN_H
#define RUNSIN_H
#include "lib/util.h"

struct runs_in {
    struct strlist runs;         /* those with a run.json, as dir/NAME: newest first (run.json's "started",
                                  * then the name: a folder's name ends in its start) */
    struct strlist unfinished;   /* of them, neither finished nor a merge: sorted by name */
    int n, have[64];             /* the shards' N, and which K were seen (a --split's parts) */
};

/* runs_in_read: the run folders in dir (not `latest`, not hidden ones) into *rs; 0, or -1 where dir
 * cannot be read (rs then empty). */
int runs_in_read(const char *dir, struct runs_in *rs);
void runs_in_free(struct runs_in *rs);
#endif
