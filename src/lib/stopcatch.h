/* stopcatch.h — a process's own stop (a sweep's worker, the modes worker, a report being drawn):
 * SIGINT, SIGTERM, SIGHUP and (but for a report) a closed stdout are remembered, the first one kept, and an m4 in flight is not waited for; the
 * work's loops ask stopcatch_signal between steps. A wait on the device that a stop cannot end is
 * ended by SIGALRM's default action: a second (stopcatch_wait_grace) after the stop where the worker says it waits, two
 * seconds after it where the parent that would kill the worker died outright (that death's SIGTERM
 * is the stop). Where the worker died of SIGALRM, its parent (if alive) says why. */
#ifndef STOPCATCH_H
#define STOPCATCH_H

/* stopcatch_catch: the stops caught from here on; supervised: a parent watches this process and
 * kills it where a stop does not end it (an orphan then ends itself). */
void stopcatch_catch(int supervised);
/* stopcatch_catch_signals: SIGINT, SIGTERM and SIGHUP caught as stopcatch_catch does, for this process
 * alone (no parent watches it), but a closed stdout is no stop: the work finishes its files for a
 * reader gone (a report: docs/running.md), until stopcatch_default. */
void stopcatch_catch_signals(void);
/* stopcatch_signal: the first stop's signal (SIGPIPE: stdout closed), or 0. */
int stopcatch_signal(void);
/* stopcatch_name: a stop's signal as clx's lines and run.json say it ("SIGINT", "SIGPIPE (stdout
 * closed)"). */
const char *stopcatch_name(int sig);
/* stopcatch_default: SIGINT, SIGTERM and SIGHUP back to their default action (the process ends),
 * as before stopcatch_catch: where a stop was caught for one wait only (the device's turn), or for
 * the drawing of a report. */
void stopcatch_default(void);
/* stopcatch_end_wait: where the stops were caught for one wait only (the device's turn): from here
 * on a stop ends the process by its default action (a closed stdout is remembered, as after
 * stopcatch_default), unless one came already: then the process is ending for it, and more copies of
 * it (a terminal's ^C reaches a worker from the terminal and from its supervisor) are nothing. Until
 * stopcatch_catch or stopcatch_default. */
void stopcatch_end_wait(void);
/* stopcatch_catching: whether this process catches its stops here (stopcatch_catch or
 * stopcatch_catch_signals, until stopcatch_default), a wait's end included. */
int stopcatch_catching(void);
/* stopcatch_orphaned: whether the parent that watched this process died (killed outright: its
 * death's SIGTERM is then the stop, which must not read as a SIGTERM a user or a batch system sent). */
int stopcatch_orphaned(void);
/* stopcatch_waiting: on (1) while a wait on the device is in flight, which a stop then ends a
 * second later (a stop just before it too); 0 when the wait is over. */
void stopcatch_waiting(int on);
/* stopcatch_wait_grace: the seconds a wait on the device gets after a stop (rounded up to whole
 * ones; 0 or less: a second), for CLX_STOP_GRACE (docs/environment.md) as a sweep's supervisor
 * gives its worker's launch in flight. */
void stopcatch_wait_grace(double seconds);
#endif
