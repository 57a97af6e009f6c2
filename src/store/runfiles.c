/* runfiles.c — the names of the entries clx writes in a run's folder (runfiles.h). */
#include "store/runfiles.h"
#include "store/mergeleft.h"
#include <string.h>

/* What clx run, merge and report write in a run's folder, folders and drafts included (docs/results.md,
 * "Files"). A name added here is one a merge replacing a partial merge removes with it. */
static const char *const ours[] = {
    "results.tsv", "run.json", "kernels.tsv", "probes.tsv", "search.tsv", "modes.tsv",
    "cl", "bin", "logs", "report.md", "findings.tsv", "plots", "spec",
    "report.tmp", "console.log", MERGE_UNFINISHED, MERGE_ASIDE,
};

static int in_table(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof ours / sizeof *ours; i++)
        if (strlen(ours[i]) == len && !strncmp(name, ours[i], len)) return 1;
    return 0;
}

int run_file_ours(const char *name)
{
    size_t len = strlen(name);
    if (in_table(name, len)) return 1;
    /* A file written whole under NAME.tmp or NAME.PID.tmp and renamed into place (store/staletmp.h):
     * a kill between the two leaves it. */
    if (len < 5 || strcmp(name + len - 4, ".tmp")) return 0;
    len -= 4;
    size_t end = len;
    while (len > 0 && name[len - 1] >= '0' && name[len - 1] <= '9') len--;
    if (len < end && len > 0 && name[len - 1] == '.') len--;
    else len = end;
    return in_table(name, len);
}
