/* wayon.h — a stopped sweep's way on, "clx: to continue: clx run --resume DIR": the one home of the
 * line a stop ends with, which clx run --report says again below the report it drew of the rows so
 * far (the report's many lines had scrolled the stop's away: the last thing read was the report). */
#ifndef WAYON_H
#define WAYON_H

/* run_wayon_say: the way on for the run in dir on stderr (stdout flushed first, so that it comes
 * below what was printed there): "clx: to continue: CMD", or, where once names what must be so
 * first ("results.tsv can be written"), "clx: to continue once ONCE: CMD". */
void run_wayon_say(const char *dir, const char *once);
/* run_wayon_again: where dir's run.json says the run was stopped (interrupted, not finished: a stop
 * once every row was written leaves nothing to resume) and dir is a sweep's to resume (not a --modes
 * run's, a merge's), says its way on again (run_wayon_say) and returns 1; else 0, nothing said. */
int run_wayon_again(const char *dir);
#endif
