/* latest.h — ROOT/latest, the link to the last run with results: when it moves, and the line a run that does not move it says. */
#ifndef LATEST_H
#define LATEST_H
#include "rowstatus.h"

/* ROOT/latest is what clx report reads with no folder, and what a folder of runs given to clx
 * compare or history stands for (store/rundir.c). It moves to a run at the run's first row the
 * device ran (row_status_is_ran: ok, unverified or FAIL), not when the folder is made: a run that
 * built nothing, skipped every configuration, or was stopped before its first row kept latest on
 * its own empty folder, and clx report alone then read nothing where the user's last real run was.
 * Such a run keeps its folder (its build logs, its rows, run.json's counts and `interrupted` say
 * what happened), leaves latest where it was, and says so once at its end (latest_unmoved). */
struct latest {
    char *root;     /* the folder that holds the link; NULL: this run never moves it */
    char *name;     /* the run's folder, as a name in root */
    char *dir;      /* the run's folder, as the run names it (for the line said) */
    int moved;
};

/* latest_arm: l moves root/latest to dir (a folder in root) at the first row that ran. */
void latest_arm(struct latest *l, const char *root, const char *dir);
/* latest_arm_resumed: dir continued (--resume, or a new worker after a crash): armed, in the
 * folder that holds dir, unless kept (the counts of the rows it keeps) holds a row that ran: the
 * link moved to dir then, and is not taken back from a run made since. */
void latest_arm_resumed(struct latest *l, const char *dir, const struct status_counts *kept);
/* latest_row: one more row of status s is in the run's results: the first that ran moves the link. */
void latest_row(struct latest *l, enum row_status s);
/* latest_rows: latest_row for every row counted in c (a run that knows its rows at its end: a
 * --modes run, a --split's merge). */
void latest_rows(struct latest *l, const struct status_counts *c);
/* latest_unmoved: where l is armed and never moved, the run's last word on it: "ROOT/latest stays
 * on NAME: ..." (or "is not made" where there is none), with how to read this run; a new string
 * without a newline. NULL otherwise. */
char *latest_unmoved(const struct latest *l);
void latest_free(struct latest *l);

/* latest_point: root/latest -> target (a name in root), replaced atomically; a failure warns (it
 * only costs the convenience link). */
void latest_point(const char *root, const char *target);
/* latest_gone: where path (ROOT/latest, given or read by default) is a link whose folder is no
 * longer there (moved into an archive, or removed), "PATH points at NAME, which no longer exists
 * (moved or removed?)" (a new string): what a reader says instead of a bare ENOENT or "no latest
 * run"; else NULL. */
char *latest_gone(const char *path);
#endif
