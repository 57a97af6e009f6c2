/* resume_done.h — clx run --resume of a run that finished: nothing to resume, said at once (no
 * device opened or waited for), and the run's own exit status, so that --resume retried is
 * idempotent. */
#ifndef RESUME_DONE_H
#define RESUME_DONE_H

/* run_resume_done: where dir holds a run of experiment that finished (a sweep with every row, a
 * search that ended), says so on stdout with its row counts and returns the exit status it gave
 * when it finished (0 every row passed, 1 some did not, 3 nothing ran, 4 nothing could be built);
 * else -1: the resume goes on, and its own checks say what is wrong (another experiment's run, a
 * merge, a --modes run, a tuning pass's folder, a run.json that cannot be read). */
int run_resume_done(const char *dir, const char *experiment);
/* run_done_status: the same, said by none: the exit status (-1: not such a run), with *counts its
 * rows' counts line ("0 ok, 4 FAIL, ...", and its files that could not be written) and *why what
 * finished it ("that run finished: ..."), new strings, NULL where -1. The supervisor's for a worker
 * that died once it had written the whole run. */
int run_done_status(const char *dir, const char *experiment, char **counts, char **why);
/* run_resume_wait: takes this resume's hold on dir (results_claim), kept until the process ends;
 * where the run in dir is still going (another resume holds dir, or another clx its results.tsv's
 * lock: which a resume would otherwise wait behind for the device's turn and then find finished),
 * says so and waits for it to end; returns at once where it is not. */
void run_resume_wait(const char *dir);
/* run_resume_tidy: once run_resume_wait holds dir (no other clx writes it then), removes the
 * temporaries a clx killed while it wrote results.tsv or run.json left there (results.tsv.PID.tmp
 * of a PID that runs no process now: store/staletmp.h), saying which on one line on stderr. */
void run_resume_tidy(const char *dir);
#endif
