/* restrictcross.h — a spec's restrictions over the template parameters judged on a crossing's
 * combinations before a variant is made of them (plan_cross_variant): sgemm crosses 221,184 of
 * which its restrictions keep 62,128. */
#ifndef RESTRICTCROSS_H
#define RESTRICTCROSS_H

struct spec;
struct caxis;
struct spec_variant;
struct restrictions_cross;
struct restrictions_tally;
struct restrictions_nans;

/* restrictions_cross_*: the restrictions over the template parameters judged on a crossing's
 * combinations (sv at the values pick[] of the nax axes ax) before a variant is made of them:
 * left_out is 0 when the combination is admitted, else the restriction that leaves it out, plus
 * one (one NaN there counted in *nans: restrictions_judge); -1 when one cannot be evaluated on it
 * (restrictions_apply then says why, naming the variant). begin returns NULL where the spec has
 * none; end takes NULL. */
struct restrictions_cross *restrictions_cross_begin(const struct spec *s, const struct spec_variant *sv,
                                                    const struct caxis *ax, int nax, struct restrictions_nans **nans);
int restrictions_cross_left_out(struct restrictions_cross *c, const int *pick);
/* restrictions_cross_tally: every restriction on the combination pick, counted in *t
 * (restrictions_tally_add). */
void restrictions_cross_tally(struct restrictions_cross *c, const int *pick, struct restrictions_tally **t);
void restrictions_cross_end(struct restrictions_cross *c);
/* Here, not in restrictions.c: restrictions.c reads the variants plan_axes.c makes, and plan_axes.c
 * crosses through this module, so a call from here into restrictions.c closes a circle
 * (tools/layers.sh).
 * restrictions_judge: the restrictions over the template parameters on the values in r->values
 * (restrictions.h): 0 when each admits them (is a number there, and not 0), else the first that
 * does not, plus one (where it is NaN, counted in *nans unless nans is NULL); -1 with *failed (its
 * index) and *err (where err is not NULL) when one cannot be evaluated. */
struct spec_restrictions;
int restrictions_judge(const struct spec_restrictions *r, int *failed, struct restrictions_nans **nans, char **err);
/* restrictions_tally_add: each restriction over the template parameters on the values in r->values,
 * counted in *t (restrictions.h; made at the first). Here for the reason restrictions_judge is. */
void restrictions_tally_add(const struct spec_restrictions *r, struct restrictions_tally **t);
/* restrictions_nans_add: restrictions[k] NaN on the values in r->values, counted in *nn (made at the
 * first; the first such values kept, as restrictions_values_said says them). */
void restrictions_nans_add(const struct spec_restrictions *r, int k, struct restrictions_nans **nn);
/* restrictions_values_said: the values in r->values of the names restrictions[k] reads, "A=-1, B=2"
 * (a new string). */
char *restrictions_values_said(const struct spec_restrictions *r, int k);
#endif
