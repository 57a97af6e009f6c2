/* supervise_impl.h — what supervise.c and supervise_say.c share: where the worker is as its lines
 * said (struct inflight), how it ended (struct worker_end), and the messages said of that ending. */
#ifndef SUPERVISE_IMPL_H
#define SUPERVISE_IMPL_H
#include "run_impl.h"
#include "held_rows.h"

/* Seconds a worker that writes the rows its stop keeps (WORKER_KEEPING) gets after a second stop:
 * host work alone, milliseconds for thousands of rows. */
#define KEEP_GRACE_S 5

/* Seconds a launch in flight at a first stop gets before its worker is killed, where CLX_STOP_GRACE
 * (run_opts.stop_grace_s) sets none: long enough for a launch of a sweep, short enough that a kernel
 * that never ends does not keep a user who asked to stop. */
#define STOP_GRACE_S 1

/* Where the worker is, as its events said last. */
enum place { IN_SETUP, IN_SETUP_KERNELS, IN_BUILD, IN_CONFIG, PAST_SWEEP };

/* The heater, as the supervisor's lines name it. */
#define HEATER_WORDS "the warm-up kernel clx runs before timing: --preheat, --energy"

/* What the worker said last. */
struct inflight {
    enum place at;               /* set-up, clx's set-up kernels, building, a configuration, after the sweep */
    int v, b; long pt;           /* the build (pt -1) or configuration in flight */
    int builds_done;             /* a sweep's builds are over (WORKER_BUILDS_DONE): at IN_BUILD, it launches (the
                                  * heater, the first configuration); the place stays the last build's for a crash */
    int heating;                 /* the heater runs (WORKER_HEATER): a crash is its, not the last build's */
    int retry;                   /* that configuration crashed a worker in the run this one resumes */
    double wait_limit;           /* > 0 while it waits on the device */
    double wait_until;           /* when that wait is overdue (now_seconds) */
    char *dir;                   /* the results folder, once made */
    char *stop_row;              /* the row of the configuration in flight, should a stop kill the worker in it */
    const char *console_log;     /* run_opts.console_log: moved into dir once it is known */
    int console_tell;            /* run_opts.console_tell: dir said on it then */
    const char *dir_file;        /* run_opts.dir_file: dir written into it then */
    int ahead;                   /* builds on threads of their own (buildahead.h) besides what is in flight */
    int measured;                /* configurations with rounds measured and no row written yet */
    int keeping;                 /* stopped, the rows it writes (host work alone); -1 before */
    int killed_measured;         /* killed by a stop with rows measured unwritten: how many (-1: some of those
                                  * it was writing, past KEEP_GRACE_S) */
    struct held_rows held;       /* the rows it measured and has not written, as it last sent them */
    int ask_fd;                  /* where a stop asks it for its rows in flight (-1: nowhere) */
    int rows_given;              /* it answered that (WORKER_ROWS_GIVEN) */
    char *search_now;            /* a search's run.json part as it stood when that was asked (WORKER_SEARCH_NOW;
                                  * NULL: none): written into run.json should the stop kill it */
    int search_said;             /* the worker said its search's outcome (WORKER_SEARCH_SAID): search_now is its
                                  * final part, and the supervisor says no best of its own */
    double grace_s;              /* what a launch in flight gets after a first stop (STOP_GRACE_S, CLX_STOP_GRACE) */
    double hung_s;               /* killed for a launch past its limit: that launch's seconds */
    int kept;                    /* of those, how many the supervisor wrote for it when a stop killed it (-1: it
                                  * could not) */
    int worker_live;             /* a worker runs (forked and not yet waited for) */
    int resumed;                 /* the run continues a folder given to --resume (not one its first worker made) */
    int kept_ran;                /* that folder's rows held one that ran when it began: latest moved to it then */
    struct strlist catch_before; /* the shared files of catches in logs/ as the worker started (supervise_catch.c) */
    int probed;                  /* a worker of this run made the reference's probe (WORKER_PROBED): kept across
                                  * workers, for run_opts.ref_probe_made */
};

/* How a worker ended, as supervise_run reads it: what it does next follows from this alone. */
enum ending {
    ENDED_ON_ITS_OWN,            /* it exited: its status is the run's */
    ENDED_IN_SETUP_KERNELS,      /* the driver ended it in clx's set-up kernels: a new one goes on without them */
    ENDED_WHILE_AHEAD,           /* it crashed with builds on threads of their own: no row can take the blame, and
                                  * a new one goes on without them (the next crash is pinned as ever) */
    ENDED_AS_ASKED,              /* a signal forwarded to it stopped it */
    ENDED_UNPINNED,              /* died, ended by the driver or killed where no row can take the blame (set-up,
                                  * after the sweep, a variant and build already marked): the run ends */
    ENDED_PINNED,                /* the same in a build or configuration: it is marked, and a new worker goes on */
    ENDED_REF_FAULTED,           /* it ended itself after a host reference faulted in it, that row written: a new
                                  * worker goes on, nothing marked (run_ref_suspect) */
};
struct worker_end {
    enum ending how;
    int rc;                      /* the exit status the run ends with (ENDED_ON_ITS_OWN, _AS_ASKED, _UNPINNED) */
    int lost;                    /* it exited EXIT_CONTEXT_LOST: a launch broke the OpenCL context */
    int sig;                     /* the signal that killed it (0: none) */
    int status;                  /* the exit status the OpenCL driver ended it with (0: none) */
    int probe;                   /* ENDED_REF_FAULTED in the probe of whether the reference reads its output */
};

/* What the supervisor says of a worker's ending (supervise_say.c): ended by the driver in clx's set-up
 * kernels, or with builds ahead (wait status st); ended itself after a host reference's fault;
 * stopped as asked (by signal sig; at_once: killed for it); ended where no row takes the blame, and
 * run.json's interrupted_by for that (a new string); ended in the build or configuration in f, now
 * marked mk. */
void supervise_say_setup_kernels(int st);
void supervise_say_ref_fault(int probe);
void supervise_say_ahead(int st);
void supervise_say_stopped(const struct inflight *f, const struct run_opts *o, int at_once, int sig);
/* supervise_say_died_in_stop: the worker, asked to stop (by signal sig), died (wait status st) before it
 * said its stop's ending, in f's folder: those lines said for it (the rows results.tsv holds, the way
 * to go on) and why it is the stop, not a crash (a driver's compiler or linker child took the ^C). */
void supervise_say_died_in_stop(const struct spec *s, const struct run_opts *o, const struct inflight *f, int st, int sig);
/* supervise_catch_before: the shared files of catches of the driver's stderr (lib/stderrcatch.h) in dir's
 * logs/ (NULL: a folder not made yet, none) as a worker is about to start, kept in f; supervise_drop_catches:
 * the worker killed (a stop at once, a launch past its limit) or dead in a stop, the records of its
 * catches removed, those of its builds ahead too: no crash's, and their builds are made again, their text
 * caught afresh; older crashes' stay (supervise_catch.c). */
void supervise_catch_before(struct inflight *f, const char *dir);
void supervise_drop_catches(struct inflight *f);
void supervise_say_unpinned(const struct spec *s, const struct run_opts *o, const struct inflight *f,
                            const struct worker_end *end, int killed, double limit);
char *supervise_unpinned_by(const struct inflight *f, const struct worker_end *end, int killed, double limit);
void supervise_say_pinned(const struct spec *s, const struct run_opts *o, const struct inflight *f,
                          const struct worker_end *end, const struct run_mark *mk);
/* supervise_whole_crash: how the worker died (end) once it had written the whole run in f's folder,
 * and the likely cause (the rows whose kernels wrote outside their buffers, strayrows.h): run.json's
 * worker_crash, a new string. supervise_say_whole: that said, with the rows' counts line and the
 * exit status they give. */
char *supervise_whole_crash(const struct inflight *f, const struct worker_end *end);
void supervise_say_whole(const char *how, const char *counts, int rc);
/* supervise_as_run: the commands the supervisor prints run under the simulator's own command where
 * the run's device (run.json in dir) is one, as the worker's do: the supervisor never touches OpenCL
 * to know it. Read once. */
void supervise_as_run(const char *dir);

/* What the supervisor writes in the worker's place once it has ended (supervise_keep.c).
 * supervise_keep_rows: killed by a stop, the rows it held and the configuration in flight's row;
 * supervise_keep_crashed: a search's worker's crash (pinned: in f's build or configuration), the rows of
 * its race but the culprit's; supervise_keep_redone: whatever ended it, the rows measured again it had
 * not written (HELD_REDONE_V; how many, or -1, said), held no longer; supervise_keep_on_die: the same,
 * as the supervisor's die() hook (lib/atdie.h, inflight its struct inflight), where no worker runs. */
void supervise_keep_rows(struct inflight *f);
void supervise_keep_crashed(struct inflight *f, const struct run_opts *o, int pinned);
/* supervise_keep_rel: a resumed sweep's worker a stop killed (or that died in it): rel_time and speedup
 * made anew from its folder's rows (relfile.h), as the worker makes them at its end. */
void supervise_keep_rel(const struct inflight *f, const struct spec *s, const struct run_opts *o);
int supervise_keep_redone(struct inflight *f);
void supervise_keep_on_die(void *inflight);

/* supervise_overdue_at: when the wait in f is overdue (0: no wait); asked to stop (at asked), a wait on
 * the device gets f->grace_s more, not the launch's whole limit (supervise_when.c). */
double supervise_overdue_at(const struct inflight *f, double asked);
/* supervise_again_until: after a second stop (at again; the first at asked), when the worker is killed. */
double supervise_again_until(const struct inflight *f, double asked, double again);

/* supervise_search_part: a search's worker a stop killed (or that died in the stop, died): f's
 * search_now made to stand at search.tsv's last round where the worker had sent it as it stood
 * earlier (before the race: it dies unasked where the ^C ended the driver's linker), for run.json;
 * made from the options and the log where it sent none; its final part as sent where it had said its
 * outcome (search_said). supervise_search_say: its best so far said from it, on stderr, unless the
 * worker had said its own. supervise_search.c. */
void supervise_search_part(struct inflight *f, const struct run_opts *o, int died);
void supervise_search_say(const struct inflight *f, const struct run_opts *o);
/* The words a first stop says, fitted to where the worker is (supervise_stopwords.c): says, what
 * stopfwd_catch takes (the launch's words, a second stop's); supervise_stopwords_for, the words of a
 * worker at place at of a sweep or (in_search) a search (builds_done: a sweep's builds are over), where
 * stdout was closed or (closed 0) for a signal, static text; supervise_stopwords_begin, a new worker of the run with options o: its set-up's
 * words, and CLX_STOP_IN_BUILD counted from its first build; supervise_stopwords_now, after each of the
 * worker's lines (f as it stands; building: the line was a build's): the words of f's place from here
 * on, and CLX_STOP_IN_BUILD's stop (SIGINT to this process, passed on) as its build's line is read. */
struct stopfwd_says;
const struct stopfwd_says *supervise_stopwords_says(void);
const char *supervise_stopwords_for(enum place at, int in_search, int builds_done, int closed);
void supervise_stopwords_begin(const struct run_opts *o);
void supervise_stopwords_now(const struct inflight *f, int building);

#endif
