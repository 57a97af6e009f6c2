/* worker.h — the sweep's side of the supervision channel: it tells the supervising parent process
 * (supervise.c) which build or configuration is in flight and how long a device wait may take, so
 * that a crash or a hang there is pinned on it. Without a parent every call does nothing. */
#ifndef WORKER_H
#define WORKER_H

/* worker_attach: from now on, messages go to file descriptor fd (a pipe to the parent). */
void worker_attach(int fd);
/* worker_building: variant v is being built with option set b. */
void worker_building(int v, int b);
/* worker_config: variant v, build b, launch point pt runs now. */
void worker_config(int v, int b, long pt);
/* worker_stop_row: the row (a results.tsv line, newline included) the parent appends for the
 * configuration in flight should a stop have to kill the worker in it: status 'stopped'.
 * worker_config_over: that configuration's visit ended: no such row any more. */
void worker_stop_row(const char *line);
void worker_config_over(void);
/* worker_wait / worker_waited: a wait on the device starts that should end within limit_s
 * seconds (the parent stops the worker when it does not), and has ended. */
void worker_wait(double limit_s);
void worker_waited(void);
/* worker_dir: the run's results folder (the parent continues the run there after a crash). */
void worker_dir(const char *dir);
/* worker_attached: whether a supervisor listens (else the run is on its own). */
int worker_attached(void);
/* worker_past_sweep: the configurations are done; a crash from here on is nobody's row. */
void worker_past_sweep(void);
/* worker_setup_kernels: clx's own set-up kernels (the timer check, timercheck.h; the blocking
 * kernel, blocker.h) begin to be built and run (on) or are done: a driver that ends the worker
 * there is passed by (supervise.c: a new worker goes on without them). */
void worker_setup_kernels(int on);
#endif
