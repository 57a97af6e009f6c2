/* quickrun.c — the one sentence a report says of a --quick run (quickrun.h): a quick run's verdicts
 * and peaks were read as the experiment's (a quick peaks run on a CPU found a read stream 11x
 * below a copy, which the full run reversed). */
#include "quickrun.h"
#include "lib/util.h"

char *quick_run_said(int md, int capital)
{
    const char *q = md ? "`" : "";
    return xasprintf("%c %s--quick%s run: small sizes and few trials, not the experiment's own", capital ? 'A' : 'a', q, q);
}
