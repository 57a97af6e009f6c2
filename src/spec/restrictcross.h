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

/* restrictions_cross_*: the restrictions over the template parameters judged on a crossing's
 * combinations (sv at the values pick[] of the nax axes ax) before a variant is made of them:
 * left_out is 0 when the combination is admitted, else the restriction that leaves it out, plus
 * one; -1 when one cannot be evaluated on it (restrictions_apply then says why, naming the
 * variant). begin returns NULL where the spec has none; end takes NULL. */
struct restrictions_cross *restrictions_cross_begin(const struct spec *s, const struct spec_variant *sv,
                                                    const struct caxis *ax, int nax);
int restrictions_cross_left_out(struct restrictions_cross *c, const int *pick);
/* restrictions_cross_tally: every restriction on the combination pick, counted in *t
 * (restrictions_tally_add). */
void restrictions_cross_tally(struct restrictions_cross *c, const int *pick, struct restrictions_tally **t);
void restrictions_cross_end(struct restrictions_cross *c);
/* Here, not in restrictions.c: restrictions.c reads the variants plan_axes.c makes, and plan_axes.c
 * crosses through this module, so a call from here into restrictions.c closes a circle
 * (tools/layers.sh).
 * restrictions_judge: the restrictions over the template parameters on the values in r->values
 * (restrictions.h): 0 when each admits them, else the first that is 0 there, plus one; -1 with
 * *failed (its index) and *err (where err is not NULL) when one cannot be evaluated. */
struct spec_restrictions;
int restrictions_judge(const struct spec_restrictions *r, int *failed, char **err);
/* restrictions_tally_add: each restriction over the template parameters on the values in r->values,
 * counted in *t (restrictions.h; made at the first). Here for the reason restrictions_judge is. */
void restrictions_tally_add(const struct spec_restrictions *r, struct restrictions_tally **t);
#endif
