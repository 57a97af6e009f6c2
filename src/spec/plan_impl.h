/* plan_impl.h — inside the plan: compile-time axes after overrides and the variants made at their
 * values (plan_axes.c), what a tuning pass crosses (plan_tune.c); plan.c uses both. */
#ifndef PLAN_IMPL_H
#define PLAN_IMPL_H
#include "plan.h"

/* ---- plan_axes.c: axes after overrides, and variants made at their values ---------------------- */

/* A compile-time axis after overrides: a name and its expanded values. */
struct caxis { const char *name; struct strlist values; };

/* plan_effective_items: the axis text to expand: an override's, else quick's, else the spec's
 * (joined); *from (when not NULL) gets the override used (NULL for the spec's text), so that
 * errors blame the command line. A new string, or NULL when nothing gives the axis. */
char *plan_effective_items(const struct spec *s, const struct override *ov, int nov, int quick,
                           const char *name, const struct spec_axis *base, const struct override **from);
/* plan_axis_line: the line of spec s that gives axis name its values (quick's, with quick, where
 * it sets it; else params', launch's, or `builds`), 0 where none does. */
int plan_axis_line(const struct spec *s, int quick, const char *name);
/* plan_blame: e (freed) as *err, prefixed with where the bad text came from: override from, as the
 * user wrote it, else spec s's line ("PATH:LINE: axis NAME: e"; line 0: "axis NAME: e", which
 * plan_make prefixes with the path); -2 for the command line, -1 for the spec. */
int plan_blame(const struct spec *s, int line, const struct override *from, const char *name, char *e, char **err);
/* plan_check_param_kind (plan_paramkind.c): values, a template parameter's from the command line
 * (from; nothing to check without it), refused where one is not a whole number and every value the
 * spec gives name is one (`--set ILP=abc` was m4's error at every build: rows build-failed, exit 4,
 * where a command-line mistake is one line and exit 2). 0, or plan_blame's -2 with *err. */
int plan_check_param_kind(const struct spec *s, const char *name, const struct strlist *values,
                          const struct override *from, char **err);
/* plan_drop_repeats: each value of out once, the first kept, in order (a launch axis' values, the
 * build-option sets): a value given twice would be one configuration measured twice under one key. */
void plan_drop_repeats(struct strlist *out);
/* plan_expand_into: text expanded into out (local sizes up to max where max > 0); 0, or -2 (an
 * override's text, from) / -1 (the spec's, at line of s: plan_blame) with *err. */
int plan_expand_into(const struct spec *s, int line, const char *name, const char *text, double max,
                     struct strlist *out, const struct override *from, char **err);
/* plan_add_variant: spec variant sv (NULL: a spec without named variants) at the values pick[]
 * of the nax axes ax, appended to p, its id naming the axes of several values. */
void plan_add_variant(struct plan *p, const struct spec *s, const struct spec_variant *sv,
                      const struct caxis *ax, int nax, const int *pick);
/* plan_cross_variant: sv at every combination of the nax axes ax (the last varying fastest),
 * appended to p; with by_restrictions, only those the spec's restrictions over the template parameters
 * admit (the others counted in p->restricted: restrictions_cross). */
void plan_cross_variant(struct plan *p, const struct spec *s, const struct spec_variant *sv, const struct caxis *ax,
                        int nax, int by_restrictions);
/* plan_variant_free: what plan_add_variant allocated in v. */
void plan_variant_free(struct variant *v);

/* ---- plan_tune.c: what a tuning pass's overrides (OVERRIDE_TUNE) cross ---------------------- */

/* plan_tune_own_axes: the nax axes ax as they would be without a tuning pass's overrides, for the
 * variants those do not cross; NULL when no override is one (or the spec has no tune). */
struct caxis *plan_tune_own_axes(const struct spec *s, const struct override *ov, int nov, int quick,
                                 const struct caxis *ax, int nax);
void plan_tune_own_free(struct caxis *own, int nax);
/* plan_tune_crosses: whether a tuning pass's overrides cross spec variant sv: the spec's tune
 * selects it at any of its own values (own), or it is the baseline or the relative variant. An
 * expression that cannot be evaluated crosses (the run says why). */
int plan_tune_crosses(const struct spec *s, const struct spec_variant *sv, const struct caxis *own, int nax);
/* ---- plan_peakcode.c ------------------------------------------------------------------------- */

/* plan_check_peak_codes: 0 where the spec's flops_peak (its class's code, docs/spec.md) is a code or 0
 * for every variant of p (or no number there); else -2 with *err naming the override that gave the
 * value (--set PREC=33: the key, the value, the variant and the codes it takes), -1 where none did. */
int plan_check_peak_codes(const struct spec *s, const struct override *ov, int nov, const struct plan *p, char **err);

#endif
