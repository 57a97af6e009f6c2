/* tune_pick.h — a tuned sweep's choices: each tuned variant's best configuration, read from the
 * tuning pass's rows, and which configurations the pass and the sweep after it run (the spec's
 * `tune`, docs/spec.md "Tuning"). */
#ifndef TUNE_PICK_H
#define TUNE_PICK_H
#include "spec/plan.h"
#include "spec/spec.h"
#include "tune_base.h"
#include <cjson/cJSON.h>

/* Where a run stands with tuning: no tuning, the pass itself, or the sweep after it. */
enum tune_mode { TUNE_OFF, TUNE_PASS, TUNE_PICKED };

/* One tuned variant and build: the value of each of the spec's tune axes (in their order) that gave
 * the best metric in the pass (among the candidates and the spec's own values), that metric and its
 * trials' cv, and its baseline, the variant's row at the spec's own values (tune_base.h). */
struct tune_pick {
    char *variant, *build;
    struct strlist values;
    double metric, cv;
    int at_base;                 /* the pick is the baseline's row: no candidate beat it */
    struct tune_base base;
};

struct tune_state {
    enum tune_mode mode;
    struct tune_pick *picks; int npicks;
    int rows, measured, failed;  /* the pass's rows, those measured and verified, those that failed */
    int stopped;                 /* the pass ran out of its seconds before every configuration */
    double pass_s;               /* the pass's wall time */
    double pass_wait_s;          /* of it, the wait for the device's turn while another clx timed it */
    double started;              /* TUNE_PASS: when it began (now_seconds()); its candidates' seconds after
                                  * that, and the worker's wait for the device's turn, no configuration starts */
    int cpu;                     /* TUNE_PICKED: the pass ran on a CPU device, over the spec's `cpu` candidates */
    char *pass_dir;              /* TUNE_PICKED: the pass's folder, moved into the run's as tune/ */
    char *off;                   /* TUNE_OFF with a spec that tunes: why no pass ran */
    struct strlist seen;         /* TUNE_PICKED: "VARIANT\tBUILD" of each tuned one the pass has a row of */
    struct strlist unreached;    /* TUNE_PICKED: the tuned variants a pass out of its seconds never reached
                                  * ("copy_d", "copy_d (build -cl-fast-relaxed-math)"): tune_unreached */
};

/* The folder a tuned run keeps its pass in. */
#define TUNE_DIR "tune"

/* tune_is_tuned: whether the spec's tune expression picks plan variant var (-1 and *err when it
 * cannot be evaluated). */
int tune_is_tuned(const struct spec *s, const struct variant *var, char **err);

/* tune_set: the candidates of a run on device dp: in the pass its device's (the spec's `cpu` ones on
 * a CPU device, where it has them), after the pass those the pass ran over. */
const struct spec_tune_set *tune_set(const struct spec *s, const struct tune_state *ts, const struct devprops *dp);

/* tune_pass_said: "tuning pass of NAME: the variants where ..., over AXES; N trials each, at most S s"
 * (a new string), for the pass on a device (cpu: a CPU device). */
char *tune_pass_said(const struct spec *s, int cpu);

/* tune_past_deadline: whether the pass ts on device dp is past its candidates' seconds, the
 * worker's waited seconds for the device's turn not counted (a search's budget does not count them
 * either). */
int tune_past_deadline(const struct spec *s, const struct tune_state *ts, const struct devprops *dp, double waited);

/* tune_picks_read: ts->picks (and rows, measured, stopped, cpu) from the pass in dir (its results.tsv
 * and run.json): for each variant and build, the row measured and verified whose metric was best. */
int tune_picks_read(const struct spec *s, const char *dir, struct tune_state *ts, char **err);
void tune_state_free(struct tune_state *ts);
/* tune_unreached: ts->unreached, of a pass that ran out of its seconds: the tuned variants and builds of
 * the run's plan (overrides ov) the pass has no row of, which the sweep runs at the spec's own values
 * beside the tuned ones. */
void tune_unreached(const struct spec *s, const struct override *ov, int nov, struct tune_state *ts);
/* tune_unpicked: why a run after its pass has no pick at all (the spec's own values run: no tuning
 * happened), or NULL where it has picks or took no pass. */
const char *tune_unpicked(const struct tune_state *ts);

/* tune_overrides: ov plus the tune axes as the run on device dp needs them: the union of the pass's
 * candidates and the spec's own values (the baseline), or the union of the picks and the spec's own values (expanded with its max_wg for 'max'); *out is
 * new, and the overrides from nov on are its own (tune_overrides_free). */
int tune_overrides(const struct spec *s, const struct tune_state *ts, const struct override *ov, int nov,
                   const struct devprops *dp, struct override **out, int *nout, char **err);
void tune_overrides_free(struct override *ov, int nov, int from);

/* tune_keep: which configurations of plan p run ([(v * builds + b) * points + pt], new): in the pass
 * every one of a tuned variant's candidates and the spec's own values of its axes (its baseline), after it each tuned variant's pick and the others at the spec's own
 * values; the baseline and relative variants wherever another runs. NULL and *err on an error. */
char *tune_keep(const struct spec *s, const struct plan *p, const struct tune_state *ts, const struct devprops *dp,
                char **err);

/* tune_json: run.json's "tune" object of a run on device dp (NULL when the spec does not tune; ts
 * NULL: not asked); pass_stopped: the pass ran out of its seconds. Its mode: "pass", "picked", "none"
 * (a pass that picked nothing, `why` says so) or "off" (no pass, `why`). */
cJSON *tune_json(const struct spec *s, const struct tune_state *ts, const struct devprops *dp, int pass_stopped);
/* tune_pick_said: "MILP=2 WGPC=128 local=512" for a pick of ts (new string). */
char *tune_pick_said(const struct spec *s, const struct tune_state *ts, const struct tune_pick *p);
#endif
