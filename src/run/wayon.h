/* wayon.h — a run's way on, "clx: to continue: clx run --resume DIR" (a stop's, a failed write's, a
 * crashed worker's), or a run on several devices' block of commands under "clx: stopped by signal 2
 * (Interrupt); to continue:": the one home of what a run that can go on ends with, on stderr (the
 * stream a stop still reads: a closed stdout is one of its stops), which clx run --report says again
 * below the report it drew of the rows so far (the report's many lines had scrolled the run's away:
 * the last thing read was the report). */
#ifndef WAYON_H
#define WAYON_H
struct strlist;

/* run_wayon_say: the way on for the run in dir on stderr (stdout flushed first, so that it comes
 * below what was printed there): "clx: to continue: CMD", or, where once names what must be so
 * first ("results.tsv can be written"), "clx: to continue once ONCE: CMD". */
void run_wayon_say(const char *dir, const char *once);
/* run_wayon_tell: run_wayon_say's line with lead, which ends in its own separator, before "to
 * continue": "clx: 3 rows in DIR/results.tsv; to continue: CMD" (lead "3 rows in DIR/results.tsv; "). */
void run_wayon_tell(const char *lead, const char *dir, const char *once);
/* run_wayon_steps: a way on of several commands (a run on several devices: each device's, then the
 * one that joins them), "clx: LEADto continue:" with each line of steps under it, indented by two;
 * said and kept as run_wayon_tell's line is (a run on several devices is no worker: nothing sent). */
void run_wayon_steps(const char *lead, const struct strlist *steps);
/* run_wayon_heard: line (without "\n") is the way on the worker process said (worker.h's WORKER_WAYON):
 * kept as this process's own is, for run_wayon_again. */
void run_wayon_heard(const char *line);
/* run_wayon_again: says again the last way on this process said or heard from its worker, where
 * there was one, and returns 1; else 0, nothing said (a run that finished, a stop with nothing left
 * to resume, a tuning pass's, a --modes run's). */
int run_wayon_again(void);
#endif
