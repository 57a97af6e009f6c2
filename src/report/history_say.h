/* history_say.h — what `clx history` says (private to report/history*.c), on the console or in
 * history.md: the runs with their stops, setups, commands and what each lacks, the rows that did
 * not pass, the verdicts per step and from the first run to the last, and a whole run that moved. */
#ifndef HISTORY_SAY_H
#define HISTORY_SAY_H
#include "compare_status.h"
#include "history_decide.h"
#include <stdio.h>

/* history_say: all of it, to out; md: as history.md's markdown (else the console's lines). */
void history_say(FILE *out, const struct cmp_join *j, const struct hist *h, const struct cmp_status *st,
                 const struct verdict_rule *rule, int md);
#endif
