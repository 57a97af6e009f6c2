/* peakcause.c — why rows are above the device's peak (peakcause.h): a student's own experiment
 * with a bytes 10x too large is far likelier than a compiler that removed the work, and the row's
 * sol_note can tell the two apart where the run has a bound for it. */
#include "peakcause.h"
#include "sol/bound.h"
#include "store/columns.h"
#include "store/rowstatus.h"
#include <string.h>

int peak_cause_work(const struct rundir *r, int i)
{
    int cn = table_col(&r->t, COLUMN(sol_note));
    if (cn < 0 || !rundir_sol_over(r, i) || (r->c_flag >= 0 && strstr(table_cell(&r->t, i, r->c_flag), "pruned:")))
        return 0;
    /* The words run_sol.c's note names the work with (sol_counts_said), whichever class bound it. */
    const char *note = table_cell(&r->t, i, cn);
    return strstr(note, sol_counts_said(SOL_DRAM, 0)) || strstr(note, sol_counts_said(SOL_FP32, 0)) ||
           strstr(note, sol_counts_said(SOL_FP32, 1));
}

const char *peak_cause_said(const struct rundir *r, const int *rows, int n)
{
    int work = 0;
    for (int k = 0; k < n; k++) work += peak_cause_work(r, rows[k]);
    return 2 * work > n
        ? "the spec's declared work (its bytes or flops) or the peak is probably wrong (sol_note says which), or else "
          "the work was optimised away or the device's timer does not time the kernel"
        : "the work was probably optimised away, or the spec's declared work (its bytes or flops) or the peak is "
          "wrong, or the device's timer does not time the kernel";
}
