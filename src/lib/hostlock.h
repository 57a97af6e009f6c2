/* hostlock.h — one lock per machine and user for the host's timed work (host references, offload
 * wall times): concurrent clx processes (--device all on several GPUs) take turns there, so one's
 * all-core reference does not slow the other's and make its speed-up look better than it is. */
#ifndef HOSTLOCK_H
#define HOSTLOCK_H

/* hostlock_path: the lock file: $TMPDIR (else /tmp)/clx-host-UID.lock, in a new string. */
char *hostlock_path(void);
/* hostlock_take: waits for the lock; returns what hostlock_give needs (-1 when the file cannot be
 * opened: the work then goes on unlocked, as it did before the lock existed). */
int hostlock_take(void);
void hostlock_give(int fd);
#endif
