/* supervise_catch.c — the records of a worker's catches of the driver's stderr (lib/stderrcatch.h) that
 * a kill leaves, told from older crashes' by what logs/ held as it started, and removed
 * (supervise_impl.h). The record of the build in flight alone was: builds ahead on threads of their own
 * left theirs where the build in flight was in no catch (taking one made ahead, or loaded), or where
 * the kill was in a launch (a search builds ahead while it measures). */
#include "supervise_impl.h"
#include "lib/stderrcatch.h"
#include <stdlib.h>

void supervise_catch_before(struct inflight *f, const char *dir)
{
    sl_free(&f->catch_before);
    if (!dir) return;
    char *logs = path_join(dir, "logs");
    stderrcatch_files(logs, &f->catch_before);
    free(logs);
}

void supervise_drop_catches(struct inflight *f)
{
    if (!f->dir) return;
    char *logs = path_join(f->dir, "logs");
    stderrcatch_drop_new(logs, &f->catch_before);
    free(logs);
}
