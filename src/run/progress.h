/* progress.h — one status line, updated in place on a terminal during a sweep: programs built,
 * configurations run, elapsed time, an estimate of the time left (the sweep's estimate.h, revised
 * from the rounds its rows take), and what runs now. Nothing is drawn when stdout is not a
 * terminal (CI, pipes) or with --quiet: estimate.h's lines are what a log has. */
#ifndef PROGRESS_H
#define PROGRESS_H

struct estimate;

struct progress {
    int on;                      /* drawing at all */
    int drawn;                   /* a status line is on the screen now */
    int builds, builds_done;
    long configs, configs_done;
    double t0, sweep_t0, last_draw;
    char current[96];            /* the variant and build being run or built */
    int search;                  /* a search's line (progress_search) in place of the sweep's */
    double spent, budget;
    int measured;
    char best[64];
    const struct estimate *estimate;   /* the sweep's, for the time left; NULL: from the configurations run */
};

/* progress_begin: on when wanted and stdout is a terminal; builds is the number to make. */
void progress_begin(struct progress *p, int wanted, int builds);
/* progress_building: what is being built now; progress_build_done counts one build. */
void progress_building(struct progress *p, const char *what);
void progress_build_done(struct progress *p);
/* progress_search: a search's state: device seconds spent of its budget, configurations measured,
 * the best so far (its figure as text); the line says these instead of the sweep's counts. */
void progress_search(struct progress *p, double spent, double budget, int measured, const char *best);
/* progress_estimate: the time left from e (estimate_left_s) where it knows it, in place of the
 * elapsed time per configuration run, which the configurations in flight and the rounds added by
 * --target-se make too short. */
void progress_estimate(struct progress *p, const struct estimate *e);
/* progress_sweep: the sweep starts with configs configurations. */
void progress_sweep(struct progress *p, long configs);
/* progress_config: a configuration of what starts (a variant and build label); done counts it. */
void progress_config(struct progress *p, const char *what);
void progress_config_done(struct progress *p);
/* progress_clear: erases the status line before other output; the next update redraws it. */
void progress_clear(struct progress *p);
/* progress_end: erases the line for good. */
void progress_end(struct progress *p);
#endif
