/* bound.h — a row's speed of light: the least time its work can take on the device, and what sets
 * it. Two bounds: throughput (each class's work over its ceiling, the compute classes over the lanes
 * the resident work can fill, and the launch floor) and latency (a work-item's longest dependent
 * chain x its operation's latency, per wave of resident work-groups; memory's latency over the bytes
 * in flight, Little's law). The larger is the row's speed of light; sol_pct is it over the time. */
#ifndef BOUND_H
#define BOUND_H
#include "ceilings.h"

/* A row's work, per launch. */
struct sol_work {
    double amount[SOL_NCLASS];   /* operations (compute classes) or bytes (memory classes) */
    int chain_class;             /* the class of the chain's operations (-1: none declared) */
    double chain;                /* dependent steps in a work-item's longest chain (0: not declared) */
    double inflight;             /* bytes a work-item keeps in flight to memory at once (0: not declared) */
    int memory;                  /* SOL_DRAM or SOL_L2: where its bytes come from */
    double items;                /* work-items in the launch */
    int group;                   /* work-items in a work-group */
    int regs;                    /* registers a work-item (0: not known) */
    double local_bytes;          /* __local memory a work-group */
    double mhz;                  /* the clock the row ran at (0: not known) */
};

struct sol_result {
    double ms;                   /* the speed of light: the larger bound (NAN: none) */
    double tput_ms, lat_ms;      /* the throughput bound; the latency bound (NAN: not reckoned) */
    enum sol_class bound;        /* what sets ms */
    int measured;                /* the binding ceiling is a measurement: a row may pass it */
    char *note;                  /* why there is no bound, or what was left out of it ("": nothing): a new
                                  * string of any length (it quotes a ceiling's source), sol_result_free's */
};

/* A verified row may sit this far above its bound (the clock read around it, rounding) before the
 * bound or the counts are called wrong (flag sol>100), or a measured ceiling no ceiling (passed.h). */
#define SOL_OVER 1.02

/* sol_counts_said: what gave class k's work, for the guard's notes: "spec's bytes" (dram, l2,
 * local), the binary's counts (from_ptx), else "spec's flops". Static. */
const char *sol_counts_said(enum sol_class k, int from_ptx);
/* sol_bound: r for work w on ceilings c (r's earlier contents not read: sol_result_free before a second
 * call on one r). 0, or -1 with r->note saying why there is no bound (a class with work and no ceiling;
 * the class that would set it, the launch floor aside, bounded only by a limit far above its rate,
 * whatever the floor; a simulator's device, c->sim: its note simulator_why's). The launch floor binds where it is
 * above every other bound. */
int sol_bound(const struct sol_work *w, const struct sol_ceilings *c, struct sol_result *r);
/* sol_bound_past_limit: where sol_bound gave no bound, a class whose rate is known only as an upper
 * limit it never binds at (a CPU's caches without a peaks run) that the row of row_ms passed anyway by
 * more than SOL_OVER: no cache passes it, so the row is bound there and past its bound (sol>100:
 * a bytes 1000 times too large read 14,484 GB/s on a 2-core CPU, unflagged). r as sol_bound's, its
 * note emptied (the guard's goes there); 0, or -1 (r untouched) where no such class is passed. */
int sol_bound_past_limit(const struct sol_work *w, const struct sol_ceilings *c, double row_ms, struct sol_result *r);
/* sol_result_free: r's note freed (r->note NULL after). */
void sol_result_free(struct sol_result *r);
/* sol_note_add: clause (a new string, taken) after r's note, "; " between. */
void sol_note_add(struct sol_result *r, char *clause);
/* sol_resident_items: the work-items resident at once on the whole device for w, by c's occupancy
 * rules; 0 when unknown (no rules, registers not known). */
double sol_resident_items(const struct sol_work *w, const struct sol_ceilings *c);
#endif
