/* staletmp.c — a run folder's temporaries left by a killed writer, found by name and removed where their writer is gone (staletmp.h). */
#include "staletmp.h"
#include "lib/pidlive.h"
#include "lib/util.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The files of a run's folder written under NAME.PID.tmp and renamed into place: add a row for
 * another written so. */
static const char *const written[] = { "results.tsv", "run.json" };

int staletmp_name(const char *name, long *pid)
{
    for (size_t i = 0; i < sizeof written / sizeof *written; i++) {
        size_t n = strlen(written[i]);
        if (strncmp(name, written[i], n) || name[n] != '.') continue;
        const char *digits = name + n + 1, *end = digits;
        while (*end >= '0' && *end <= '9') end++;
        /* A PID of 1 to 18 digits: more would not fit a long, and no system gives one. */
        if (end == digits || end - digits > 18 || strcmp(end, ".tmp")) continue;
        if (pid) *pid = strtol(digits, NULL, 10);
        return 1;
    }
    return 0;
}

char *staletmp_remove(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return NULL;
    struct strlist gone = {0};
    for (struct dirent *e; (e = readdir(d));) {
        long pid = 0;
        if (!staletmp_name(e->d_name, &pid) || pid == (long)getpid() || pidlive_running(pid)) continue;
        char *p = path_join(dir, e->d_name);
        if (remove(p) == 0) sl_push(&gone, e->d_name);
        free(p);
    }
    closedir(d);
    sl_sort(&gone);     /* readdir's order is the disk's: the line says them in one order */
    char *said = gone.n ? sl_join(&gone, ", ") : NULL;
    sl_free(&gone);
    return said;
}
