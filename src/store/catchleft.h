/* catchleft.h — the crash records of a run's builds (lib/stderrcatch.h: logs/VARIANT__BUILD.stderr and
 * the logs/.driver-stderr-XXXXXX it names) that its finished folder keeps: those a crashed or
 * build-failed row's log names as where the driver's text was kept; none else (a stop's kill of
 * builds ahead, an older crash's whose build was made again), which would read as a crash. */
#ifndef CATCHLEFT_H
#define CATCHLEFT_H

/* catchleft_tidy: run folder dir's records that no such row names removed, those it names kept with the
 * shared files they name. How many files went; -1, nothing touched, where results.tsv cannot be read
 * or has no status or note column. */
int catchleft_tidy(const char *dir);
#endif
