/* tune_base.h — a tuning pass's baseline: the spec's own configuration of each tuned variant,
 * measured beside the candidates, and how a pick compares with it given the trials' noise
 * (docs/spec.md "Tuning"). */
#ifndef TUNE_BASE_H
#define TUNE_BASE_H
#include "spec/spec.h"
#include <cjson/cJSON.h>

/* A tuned variant's run at the spec's own values in the pass: the best such row where several
 * (an axis the spec gives several values), its metric and the cv of its trials; or why it has no
 * figure. */
struct tune_base {
    struct strlist values;   /* its value of each tune axis, in their order (none measured: the spec's own, as lists) */
    double metric, cv;       /* NAN: not measured; cv NAN: no spread (one trial) */
    char *why;               /* where none was measured and verified: why (its row's status and note) */
};

/* tune_own_values: the spec's own values of each axis of set, expanded (own[k]: axis k's, 'max' of
 * a local range as max_wg; pass 0 where unknown); own is set->naxes lists, new (tune_own_free). */
int tune_own_values(const struct spec *s, const struct spec_tune_set *set, double max_wg, struct strlist **own,
                    char **err);
void tune_own_free(struct strlist *own, int naxes);
/* tune_own_has: whether values (one per axis) are each among the spec's own ones. */
int tune_own_has(const struct strlist *own, int naxes, const char *const *values);
/* tune_base_init: b with no figure yet, its values the spec's own (each axis's as a list). */
void tune_base_init(struct tune_base *b, const struct strlist *own, int naxes);

/* How a pick stands against its baseline. */
enum tune_gain_kind {
    GAIN_NONE,      /* no baseline figure: the spec's own values did not run (base->why) */
    GAIN_SAME,      /* the pick is the spec's own configuration: no candidate beat it */
    GAIN_CLEAR,     /* better by more than the two rows' noise */
    GAIN_NOISE,     /* better by no more than their noise: not clearly better */
    GAIN_UNKNOWN    /* a trial each: no spread to judge it by */
};
struct tune_gain { enum tune_gain_kind kind; double ratio; /* >= 1: how many times better */ };

/* tune_gain: the pick's (metric m, its trials' cv, at_base: it is the baseline's row) gain over b;
 * lower: a lower metric is better. */
struct tune_gain tune_gain(double m, double cv, int at_base, const struct tune_base *b, int lower);
/* tune_gain_name: run.json's word for a kind ("clear", "within noise", "same", "unknown", "none"). */
const char *tune_gain_name(enum tune_gain_kind k);

/* tune_base_said: the console's words for a pick's metric and its baseline, after the pick's values:
 * "gbs 6.31, cv 2.1%; 2.91x better than the spec's own GPC=8 local=256: 2.17, cv 4%" (new string). */
char *tune_base_said(const char *metric, double m, double cv, int at_base, const struct tune_base *b,
                     const struct spec_tune_set *set, int lower);
/* tune_base_json: a pick's "cv", "baseline" (values, metric, cv, why), "gain" and "gain_is" into j. */
void tune_base_json(cJSON *j, double m, double cv, int at_base, const struct tune_base *b,
                    const struct spec_tune_set *set, int lower);
void tune_base_free(struct tune_base *b);
#endif
