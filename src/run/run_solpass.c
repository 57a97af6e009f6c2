/* run_solpass.c — once a run has all its rows: a measured ceiling that verified rows passed bounds
 * none of them (sol/passed.h). The rows it bound are rewritten in results.tsv without their bound,
 * run.json's ceiling counts the rows that passed it, and the console says so, taking back in one
 * line the flag sol>100 its row lines showed. Only at the run's end:
 * a stopped run's rows keep the guard's flag (sol>100), and its resume's end judges them all. */
#include "run_impl.h"
#include "sol/passed.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void run_sol_passed(struct runner *r, int say)
{
    struct rundir rd;
    char *err = NULL;
    /* Unreadable: the summary that reads it next says so. */
    if (rundir_open(r->out.res.dir, &rd, &err)) { free(err); return; }
    struct sol_passed p;
    sol_passed_find(&rd, &r->sol, &p);
    if (p.any) {
        char **lines = xcalloc((size_t)rd.t.nrows + 1, sizeof *lines);
        int changed = 0;
        for (int i = 0; i < rd.t.nrows; i++) changed += (lines[i] = sol_passed_line(&rd, i, &p)) != NULL;
        if (changed && results_replace_rows(&r->out.res, lines, rd.t.nrows)) {
            warn("cannot rewrite %s/results.tsv: %s: its rows keep the bound of a measured ceiling they passed",
                 r->out.res.dir, strerror(errno));
            r->out.write_failed = 1;
        }
        for (int i = 0; i < rd.t.nrows; i++) free(lines[i]);
        free(lines);
        for (int k = 0; k < SOL_NCLASS; k++) {
            if (!p.note[k]) continue;
            r->sol.c[k].passed = p.rows[k];
            /* A ceiling passed that bound no row (a launch floor beaten by rows of other bounds)
             * changes no row: run.json counts it, the console has nothing to take back. */
            if (say && p.bound[k])
                printf("clx: speed of light: %d row%s without a bound: %s\n", p.bound[k], p.bound[k] == 1 ? "" : "s",
                       p.note[k]);
        }
        /* The row lines printed as the rows were measured (none under --quiet) showed the flag
         * this pass takes back. */
        char *withdrawn = say && !r->o->quiet ? sol_passed_withdrawn(&p) : NULL;
        if (withdrawn) printf("clx: %s\n", withdrawn);
        free(withdrawn);
    }
    sol_passed_free(&p);
    rundir_free(&rd);
}
