/* worker.h — the sweep's side of the supervision channel: it tells the supervising parent process
 * (supervise.c) which build or configuration is in flight and how long a device wait may take, so
 * that a crash or a hang there is pinned on it. Without a parent every call does nothing. */
#ifndef WORKER_H
#define WORKER_H
#include <stddef.h>

/* The channel's events, one line each: the letter that starts the line, then its fields. The
 * worker_* calls below send them; the supervisor reads them with worker_parse. Both sides of the
 * protocol are worker_format and worker_parse, here alone. */
enum worker_event {
    WORKER_BUILDING = 'B',          /* "B v b": variant v is being built with option set b */
    WORKER_CONFIG = 'C',            /* "C v b pt retry": variant v, build b, launch point pt runs now (retry 1: it
                                     * crashed a worker in the run this one resumes, and is tried once more) */
    WORKER_CONFIG_OVER = 'c',       /* that configuration's visit ended */
    WORKER_STOP_ROW = 'R',          /* "R row": the row a stop writes for the configuration in flight ("R ": none, its row is in results.tsv) */
    WORKER_WAIT = 'W',              /* "W limit_s": a wait on the device starts */
    WORKER_WAITED = 'w',            /* it ended */
    WORKER_DIR = 'D',               /* "D dir": the run's results folder */
    WORKER_BUILDS_DONE = 'b',       /* a sweep's builds are done: what follows (the heater, the configurations) launches */
    WORKER_PAST_SWEEP = 'E',        /* the configurations are done */
    WORKER_SETUP_KERNELS = 'T',     /* clx's own set-up kernels begin */
    WORKER_SETUP_KERNELS_DONE = 't', /* they are done */
    WORKER_HEATER = 'H',            /* the heater (the warm-up kernel before timing) runs */
    WORKER_HEATER_DONE = 'h',       /* it is done */
    WORKER_TURN = 'U',              /* the device's turn is taken: waited for where another clx holds it */
    WORKER_TURN_TAKEN = 'u',        /* it is taken (or the wait ended) */
    WORKER_AHEAD = 'A',             /* "A n": n builds run on threads of their own beside what is in flight */
    WORKER_MEASURED = 'M',          /* "M n": n configurations have rounds measured and no row written yet */
    WORKER_KEEPING = 'K',           /* "K n": stopped, it writes the n rows a stop keeps: no device work from here */
    WORKER_ROW_NOW = 'P',           /* "P v b pt at row": the configuration's row as it stands, its rounds so far,
                                     * for the parent to write should a stop kill the worker before it does
                                     * (at > 0: in the place of data row at - 1) */
    WORKER_ROW_WRITTEN = 'p',       /* "p v b pt": that row is written: the parent drops what it holds of it */
    WORKER_ROWS_GIVEN = 'G',        /* "G n": asked (worker_listen), it sent the rows of its n configurations in
                                     * flight as they stand (0: none, or not in a device wait) */
    WORKER_SEARCH_NOW = 'S',        /* "S json": asked, a search sent run.json's "search" as it stands (one line
                                     * of JSON), for the parent to write should the stop kill the worker */
    WORKER_SEARCH_SAID = 'O',       /* a search said its outcome on the console (its "best" lines, flushed): the
                                     * parent, should a stop kill the worker after it, does not say it again */
    WORKER_PROBED = 'Q',            /* the reference's probe ran (expected_probe.h): the run has made it, whichever
                                     * worker goes on */
    WORKER_WAYON = 'Y'              /* "Y line": the way on the worker said as its run ended (run/wayon.c), for
                                     * the parent to say again below a report it draws (clx run --report) */
};
/* One event and the fields its kind has (parsed, the others are 0, and pt is -1 but for WORKER_CONFIG,
 * WORKER_ROW_NOW and WORKER_ROW_WRITTEN, whose v, b and pt name the configuration). */
struct worker_msg {
    enum worker_event ev;
    int v, b;                       /* WORKER_BUILDING, WORKER_CONFIG; v: WORKER_AHEAD's, _MEASURED's, _KEEPING's,
                                     * _ROWS_GIVEN's n */
    long pt;                        /* WORKER_CONFIG */
    int retry;                      /* WORKER_CONFIG */
    int at;                         /* WORKER_ROW_NOW */
    double limit_s;                 /* WORKER_WAIT */
    const char *text;               /* WORKER_STOP_ROW, WORKER_ROW_NOW: the row, without its newline;
                                     * WORKER_DIR: the folder; WORKER_SEARCH_NOW: the JSON; WORKER_WAYON: the
                                     * line said, without its newline. Parsed, it points
                                     * into the line. */
};
/* worker_format: m's line, newline-ended, into buf (n bytes); its length, or -1 when it does not
 * fit (the event is then not sent). A row's line (WORKER_ROW_NOW) is as long as its row: its length
 * is worker_format's with n 0 plus one. */
int worker_format(const struct worker_msg *m, char *buf, size_t n);
/* worker_parse: the event of one line (without its newline) into m; 0, or -1 when the line is no
 * event (m is then not to be read). */
int worker_parse(const char *line, struct worker_msg *m);

/* worker_attach: from now on, messages go to file descriptor fd (a pipe to the parent). */
void worker_attach(int fd);
/* worker_building: variant v is being built with option set b. */
void worker_building(int v, int b);
/* worker_config: variant v, build b, launch point pt runs now (retry: tried once more after a crash). */
void worker_config(int v, int b, long pt, int retry);
/* worker_stop_row: the row (a results.tsv line, newline included) the parent appends for the
 * configuration in flight should a stop have to kill the worker in it: status 'stopped'.
 * worker_config_over: that configuration's visit ended: no such row any more. */
void worker_stop_row(const char *line);
void worker_config_over(void);
/* worker_wait / worker_waited: a wait on the device starts that should end within limit_s
 * seconds (the parent stops the worker when it does not), and has ended: on the shared page where
 * the parent made one (worker_share), else as lines on the pipe. */
void worker_wait(double limit_s);
void worker_waited(void);
/* worker_share: the parent's side, before it starts a worker: the page where the worker's device
 * waits are kept (made once, emptied each time); 0, or -1 when it cannot be made (the waits then
 * go as lines). */
int worker_share(void);
/* worker_wait_now: the parent's side: whether the worker is in a wait on the device (1), with when
 * it is overdue (now_seconds' clock) and its limit; 0 with both 0 when not. */
int worker_wait_now(double *until, double *limit_s);
/* worker_dir: the run's results folder (the parent continues the run there after a crash). */
void worker_dir(const char *dir);
/* worker_attached: whether a supervisor listens (else the run is on its own). */
int worker_attached(void);
/* worker_past_sweep: the configurations are done; a crash from here on is nobody's row. */
void worker_past_sweep(void);
/* worker_probed: the reference's probe ran in this worker; a worker after it (a crash's, a timeout's)
 * does not say at the run's end that it never ran. */
void worker_probed(void);
/* worker_builds_done: a sweep's builds are done (a stop from here on is the launches', supervise.c;
 * a crash is still pinned on the last build's line, but for one in the heater: worker_heater). */
void worker_builds_done(void);
/* worker_heater: the heater (run_preheat: the warm-up kernel clx runs before timing) begins (on)
 * or is done: a crash in it is the heater's, said so, not the last build's (supervise.c). */
void worker_heater(int on);
/* worker_setup_kernels: clx's own set-up kernels (the timer check, timercheck.h; the blocking
 * kernel, blocker.h) begin to be built and run (on) or are done: a driver that ends the worker
 * there is passed by (supervise.c: a new worker goes on without them). */
void worker_setup_kernels(int on);
/* worker_turn: the device's turn is being taken (on: waited for, where another clx holds it) or it
 * is over: a stop in it is the worker's to say (nothing was run), not its parent's "after the
 * launch in flight" (supervise.c). */
void worker_turn(int on);
/* worker_ahead: n builds run on threads of their own (buildahead.h), besides the build or
 * configuration in flight: a crash now may be theirs (supervise.c then goes on without them). */
void worker_ahead(int n);
/* worker_measured: n configurations have rounds measured whose rows are not written yet (sent when
 * it changes): what a worker killed now would lose. worker_keeping: a stop came, and the worker
 * writes the n rows it keeps, on the host alone: a second stop lets it finish (supervise.c). */
void worker_measured(int n);
void worker_keeping(int n);
/* worker_row_now: configuration v, b, pt's row as it stands (a results.tsv line; at > 0: it takes the
 * place of data row at - 1), which the parent writes should a stop kill the worker before the worker
 * writes it: a launch that does not end a second after a stop would otherwise take every round
 * measured and not yet written with it. A search's sent again after each round, a sweep's when the
 * parent asks (below); worker_row_written: written (by the worker), the parent holds it no longer. */
void worker_row_now(int v, int b, long pt, int at, const char *line);
void worker_row_written(int v, int b, long pt);
/* worker_search_now: a search's run.json part ("search") as it stands, JSON on one line, sent by its
 * give() on a stop's request (run/search_now.c): the parent writes it into run.json should the stop
 * kill the worker, which then never writes its own. */
void worker_search_now(const char *json);
/* worker_search_said: the search's outcome is on the console, flushed (sent after the search's last
 * worker_search_now, its final part): a stop that kills the worker from here on has its supervisor
 * write that part, and say nothing of the search's best that the worker has said. */
void worker_search_said(void);
/* worker_wayon: the way on the worker just said, its line without the newline (run/wayon.c). */
void worker_wayon(const char *line);

/* Rows on request. A sweep's rows in flight are not sent after every round (about 65 us of host
 * time a round: taylor's 30,000 rounds on an H200 took 2 s more); a stop that is about to kill the
 * worker in a device wait asks for them instead (supervise.c), and a thread of the worker's own
 * makes them while its main thread is held in that wait, and sends them. */
/* worker_listen: the worker's side: requests come on socket fd (one byte each), answered by a
 * thread of their own (started here; fd -1: none). */
void worker_listen(int fd);
/* worker_rows_on_request: from now on, a request while the main thread is in a device wait
 * (between worker_wait and worker_waited) runs give(ctx) on the request thread, which sends the
 * rows with worker_row_now (a search: its run.json part, worker_search_now) and returns how many
 * rows; the main thread leaves its wait only when it is
 * done. give NULL: none from now on (a request is answered with 0). */
void worker_rows_on_request(int (*give)(void *ctx), void *ctx);
/* worker_ask_rows: the parent's side: asks the worker on socket fd for its rows in flight (its
 * answer is a WORKER_ROWS_GIVEN line); 0, or -1 when the request cannot be sent (the worker is
 * gone). */
int worker_ask_rows(int fd);
#endif
