/* plan.h — turns a spec plus command-line overrides into what runs: the compile-time variants
 * (template parameter sets), the build-option sets, and the launch points (one value per axis). */
#ifndef PLAN_H
#define PLAN_H
#include "lib/expr.h"
#include "device/ocl.h"
#include "spec.h"

struct restrictions_tally;
struct restrictions_nans;

struct variant {
    char *id;                    /* "naive", "ILP=4,UNROLL=64", "gs:ILP=2" */
    char *slug;                  /* file-name form of id */
    const char *name;            /* the spec variant's name, or NULL */
    const char *kernel;          /* kernel function to run */
    struct strlist keys, values; /* every template parameter, as passed to m4 */
};

/* An override from the command line: --set NAME=VALUES (also --local, --size, --build). */
struct override { char *name, *values; const char *flag; /* "--size", "--set"...: for messages */ };
/* The flag of a tuning pass's overrides (src/run/tune_pick.c): they cross only the variants the
 * spec's tune selects, and the baseline and relative ones those are checked and timed against;
 * every other variant keeps the spec's own values, and its id names none of them (peaks' chains
 * are "fp32_fma", not "fp32_fma:MILP=2", in a tuned run as in any other). */
#define OVERRIDE_TUNE "tune"

struct plan {
    struct variant *variants; int nvariants;
    int baseline_added;          /* the selection left out the spec's baseline variant: it runs too */
    int restricted;              /* combinations the spec's restrictions left out (restrictions.h) */
    struct restrictions_tally *tally; /* each restriction on every combination crossed while none was
                                  * admitted (restrictions.h; NULL: none such): what none left blames */
    int unjudged;                /* variants crossed that a restriction could not be evaluated on */
    struct restrictions_nans *nans; /* of the restricted, those a restriction left out for being NaN
                                  * on them (restrictions.h; NULL: none): restrictions_nan_warnings */
    struct strlist builds;
    struct strlist params;       /* the names that are a template parameter of some variant */
    int naxes;                   /* launch axes, spec order with 'local' last */
    char **axis_names;
    struct strlist *axis_values;
    size_t npoints;              /* product of the launch axes' lengths */
};

/* plan_make: applies quick mode and overrides (in that order) to the spec's axes. max_wg is the
 * device's largest work-group (for "max" in ranges; 0 when there is no device, in which case the
 * launch axes are left unexpanded; PLAN_WG_UNREPORTED for a device whose driver reports none, whose
 * launch axes are expanded, and a local axis reaching "max" or an expression reading MAX_WG is -1
 * saying where it is written: wgunknown.h, plan_max_wg). Returns 0, or -1 and *err (a new string) for an error in the
 * spec, naming the spec file ("FILE: ...", or "FILE:LINE: ..." where one line is to blame), -2 for
 * one in an override (the message names the option as the user wrote it); p is then empty
 * (plan_free may still be called). */
#define PLAN_WG_UNREPORTED (-1.0)
/* plan_max_wg: plan_make's max_wg for a device reporting max_wg (CL_DEVICE_MAX_WORK_GROUP_SIZE): an odd
 * driver's 0 is PLAN_WG_UNREPORTED, not "no device" (its run had nothing to run). */
static inline double plan_max_wg(size_t max_wg) { return max_wg ? (double)max_wg : PLAN_WG_UNREPORTED; }
int plan_make(const struct spec *s, const struct override *ov, int nov, int quick, double max_wg,
              struct plan *p, char **err);
void plan_free(struct plan *p);
/* plan_not_param: NULL where key is a template parameter of s (a param, or a named variant's
 * key); else why not, for the variant id in that named it ("'FOO' in variant 'FOO=3' is not a
 * template parameter of vecsum: did you mean ...? (its template parameters: ...)"), a new string:
 * --set variant=... and clx dump's PARAM=VALUE say it alike. */
char *plan_not_param(const struct spec *s, const char *key, const char *in);
/* plan_join_values: the values of axis name given twice (--set NAME=before, then --set NAME=more)
 * as one list: before's items, then more's, each once ("1,2" and "2,4" give "1,2,4"; numbers equal
 * as numbers, "1M" and "1000000"; variant ids whole, their pairs' commas included). A new string. */
char *plan_join_values(const char *name, const char *before, const char *more);
/* plan_override_add: values for axis name, given by option flag ("--set", "--size"; kept, not
 * copied), added to the overrides *ov (*nov of them): where one of that name is there already, given
 * by the same option or by another spelling of the same axis (--size and --set N=, --local and --set
 * local=, --build and --set builds=), the values join its own (plan_join_values) and its flag is
 * "--set" where the two differ, the spelling that names any axis; else a new override. One rule for
 * the command line (runflags.c) and the report's narrower command (finding_narrow.c). */
void plan_override_add(struct override **ov, int *nov, const char *flag, const char *name, const char *values);
/* plan_axis_count: how many values axis name (base: the spec's, or NULL) takes in the plan these
 * overrides and quick make, each value once, as plan_make expands it; *from gets the override
 * that gives them (NULL: the spec's or quick's text). -1 when the text does not expand (plan_make
 * says why). */
int plan_axis_count(const struct spec *s, const struct override *ov, int nov, int quick, const char *name,
                    const struct spec_axis *base, const struct override **from);
/* plan_axis_written: the values of launch axis name in the plan these overrides and quick make, as
 * they are written there ("1Mi, 4Mi, 16Mi"; a range as its text, "32:max:32"), a value written twice
 * once: an override's, else quick's, else the spec's; a new string, or NULL where none gives the axis. */
char *plan_axis_written(const struct spec *s, const struct override *ov, int nov, int quick, const char *name);
/* plan_override_text: how the user wrote an override ("--size 1Q", "--set ILP=0"), a new string. */
char *plan_override_text(const struct override *o);
/* plan_point_vars: sets every launch axis value of point idx (0 <= idx < npoints) into v. */
void plan_point_vars(const struct plan *p, size_t idx, struct vars *v);
/* plan_point_value: the text of axis a at point idx. */
const char *plan_point_value(const struct plan *p, size_t idx, int a);
/* plan_variant_value: the value of template parameter key in variant var, or NULL. */
const char *plan_variant_value(const struct variant *var, const char *key);
/* plan_variant_type: a buffer's or argument's type for variant var: fixed, or the OpenCL type
 * the template parameter param names (TYPE = "double"). NULL, or why not (a new string). */
char *plan_variant_type(const struct variant *var, enum cltype fixed, const char *param, enum cltype *out);
/* plan_is_param: whether name is a template parameter of any variant of the plan. */
int plan_is_param(const struct plan *p, const char *name);
/* plan_variant_full_id: var's id with the pairs it leaves out of a parameter of one value in this
 * plan that the spec does not give that value ('scale' at --set ILP=3 is "ILP=3", at ILP=5 "ILP=5";
 * "naive:UNROLL=8" at --set UNROLL=8), so that two sources of one spec never share it: the name of
 * a file kept across plans (clx dump's). var->id itself where it leaves out nothing else (a named
 * variant's own values, a param of one value in the spec at that value). A new string. */
char *plan_variant_full_id(const struct spec *s, const struct variant *var);
/* plan_variant_vars: sets the variant's numeric template parameters into v. */
void plan_variant_vars(const struct variant *var, struct vars *v);
/* plan_device_vars: sets CU, CLOCK_MHZ, MAX_WG, LOCAL_MEM, ... from the device. */
void plan_device_vars(const struct devprops *d, struct vars *v);
/* plan_requires_said: the device values a requires expression names (FP64, FP16, NV_CC), each
 * with what it means here, for the reason a variant is skipped ("FP16=0: no cl_khr_fp16"). */
char *plan_requires_said(const struct devprops *d, const char *req);
/* plan_variant_name: what a spec variant is called: its name; for the one variant of a spec without
 * `variants` (name NULL or "") the spec's name, its rows' id where no parameter of several values
 * tells them apart. */
const char *plan_variant_name(const struct spec *s, const char *name);
/* plan_kernel_origin: where variant var's kernel name comes from, to follow a message that the
 * program has (or its source defines) no such kernel: "the name is the experiment's (SPEC sets no
 * kernel = ...)", or the spec's or its variant's kernel setting with its line. line (may be NULL):
 * that setting's line in the spec, 0 for the experiment's name. A new string. */
char *plan_kernel_origin(const struct spec *s, const struct variant *var, int *line);
/* plan_build_label: "default" for "", else the options; plan_build_slug: a file-name form. */
const char *plan_build_label(const char *opts);
char *plan_build_slug(const char *opts);
/* plan_build_stem: the name a build's files take in a run's folder, bin/ and logs/ alike: the variant's
 * slug (slugify of its id), "__", the build's slug ("ILP_1__cl-opt-disable"; a new string). One home
 * for run_build.c, which writes them, and report/samebin.c, which finds a build's binary. */
char *plan_build_stem(const char *variant_slug, const char *opts);
/* plan_is_noopt: 1 when the options disable optimisation. */
int plan_is_noopt(const char *opts);
/* plan_find_variant: index of the variant whose template parameters include every KEY=VALUE in
 * sel (and whose name matches "variant=NAME" if given); -1 when none, -2 when several match. */
int plan_find_variant(const struct plan *p, const struct strlist *sel);
#endif
