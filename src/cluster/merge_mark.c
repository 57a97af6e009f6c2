/* merge_mark.c — MERGE_UNFINISHED in a merge's --out while the merge writes it (store/mergeleft.h),
 * holding the merge as a command to paste (and, on a comment line, the process writing it): what a merge
 * stopped on the way leaves says what ends it, and a merge going on is not taken for one stopped. */
#include "merge_impl.h"
#include "store/mergeleft.h"
#include "lib/calledas.h"
#include "lib/pidlive.h"
#include "lib/util.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int merge_mark(const struct merge *m, const char *out)
{
    struct sbuf b = {0};
    sb_printf(&b, "%s merge", clx_cmd());
    for (int x = 0; x < m->nin; x++) sb_word(&b, m->in[x].dir);
    if (m->kind != MERGE_SHARDS) sb_printf(&b, " --split%s", m->kind == MERGE_SPLIT_ANY ? "-any" : "");
    if (m->partial) sb_printf(&b, " --partial");
    sb_printf(&b, " --out");
    sb_word(&b, out);
    /* Who writes it, so that a reader tells this merge going on from one killed (mergeleft.h). */
    char *stamp = pidlive_stamp();
    sb_printf(&b, "\n" MERGE_WRITER "%s\n", stamp);
    free(stamp);
    char *mark = path_join(out, MERGE_UNFINISHED);
    /* The folder that could not be made is named, not the mark inside it (its parent read-only). */
    int made = mkdir_p(out) == 0, rc = made && write_file_atomic(mark, b.s, b.len) == 0 ? 0 : -1, e = errno;
    if (!made) fprintf(stderr, "clx merge: cannot make the folder %s: %s\n", out, strerror(e));
    else if (rc) fprintf(stderr, "clx merge: cannot write %s: %s\n", mark, strerror(e));
    free(mark);
    sb_free(&b);
    errno = e;          /* the failure's: write_new says "once its disk has room" by it */
    return rc;
}

void merge_unmark(const char *out)
{
    char *mark = path_join(out, MERGE_UNFINISHED);
    /* Left behind, it is harmless beside run.json, which readers take first. */
    if (unlink(mark)) warn("cannot remove %s: %s", mark, strerror(errno));
    free(mark);
}
