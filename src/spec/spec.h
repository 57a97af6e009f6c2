/* spec.h — one experiment as data: the declarative file beside its template (libconfig syntax),
 * read and checked here so that a mistake is reported as "file:line: what is wrong". */
#ifndef SPEC_H
#define SPEC_H
#include "lib/types.h"
#include "plotkinds.h"
#include "lib/util.h"
#include "store/runjson.h"

/* Rounds a configuration's trials are split into unless the spec or --rounds says otherwise: a
 * slow spell of the device then hits one round of many rows, not all of one (docs/timing.md). */
#define SPEC_ROUNDS_DEFAULT 5

/* A sweep axis: its name and the value texts as written (each may be a list or a range). */
struct spec_axis { char *name; struct strlist items; int line; };

/* A named compile-time variant: template parameters (KEY=value) and, optionally, its own kernel. */
struct spec_variant { char *name, *kernel, *requires; struct strlist keys, values; int line; };

enum buf_init { INIT_RANDOM, INIT_ZERO, INIT_IOTA, INIT_OUTPUT };
struct spec_buffer {
    char *name, *count;          /* count: an expression, in elements */
    enum cltype type;
    char *type_param;            /* type named by a template parameter ("REAL"), else NULL */
    enum buf_init init;
    double lo, hi;               /* range of random inputs */
    int reset_zero;              /* zeroed before every launch (accumulating outputs) */
    char *vector;                /* the vector width a work-item reads or writes it in (an expression,
                                  * "VEC"), as the spec declares it; NULL: not declared (one element) */
    int vector_line;
    int line;
};

enum arg_kind { ARG_BUFFER, ARG_SCALAR, ARG_LOCAL };
struct spec_arg {
    enum arg_kind kind;
    enum cltype type;            /* ARG_SCALAR */
    char *type_param;            /* ARG_SCALAR typed by a template parameter, else NULL */
    char *expr;                  /* ARG_SCALAR value, ARG_LOCAL size in bytes */
    int buffer;                  /* ARG_BUFFER: index into bufs */
    int line;
};

/* A picture of the report (docs/spec.md, "Plots"): what to draw from which rows. Unset strings
 * are NULL. */
struct spec_plot {
    char *kind;                  /* heatmap, lines, bars, optnoopt, roofline (plotkinds.h) */
    enum plot_kind kind_id;      /* set when the spec is checked */
    char *name, *title;          /* file name stem (default kind and metric), title */
    char *subtitle;              /* a line under the title, before clx's own lines (the run, --quick, ...) */
    char *metric;                /* a results column, or an expression over columns */
    char *x, *y;                 /* the x axis (or bar groups), the heat map's y axis */
    char *series, *panels, *figures;   /* columns (comma-separated): a line/bar, panel, file per value */
    char *where;                 /* which rows (a filter: "build=default, N=200M") */
    char *agg;                   /* rows that fall on one point: best (default), max, min, mean, median */
    char *better;                /* higher or lower, for an expression metric's "best" */
    char *peak;                  /* fp32, bw or a number: a line drawn at that value */
    char *label;                 /* bars: a column printed over each bar */
    char *unit, *xlabel, *ylabel, *xformat, *yformat;
    double center;               /* heat map: a diverging scale's middle (with has_center; else the metric decides) */
    int has_center, xlog, ylog, ylog_set, line;
    int own_ranges;              /* each panel its own x and y ranges (kinds whose panels share them) */
    int key_line[32];            /* the line of each setting (spec_view.c's table order), for messages */
    /* Not a spec setting: set by clx's own charts (report_sol.c). Rows whose flag holds apart_flag
     * ("sol>100") are no results, so they leave their series for one of their own, apart_title,
     * drawn over the others where a reader cannot take them for points of their bound. */
    const char *apart_flag, *apart_title;
    /* Not a spec setting: what a numeric peak's line is called ("the speed of light": report_sol.c's
     * axis is % of each row's own, not of the device's peak; NULL: "peak"), and a series' fixed look
     * by its value (gp_series_style's index, the same in every report; -1, or NULL: by its place). */
    const char *peak_title;
    int (*series_style)(const char *value);
    /* Not a spec setting: a series' value as the chart says it, in its key and title (report_sol.c on
     * a CPU: bound "l2" is "l2 (the CPU's last-level cache)"), the rows' value unchanged; NULL: the
     * value itself. */
    const char *(*series_said)(const char *value);
    /* Not a spec setting: the spec's flops and bytes (NULL: none), set by the report, so that a
     * roofline's intensity is the spec's exact ratio (vecsum's 1/12), not that of two rounded rates
     * (0.083333251..0.083333464). */
    const char *work_flops, *work_bytes;
};
/* spec_plot_key_line: the line of plot p's setting key ("where"), else the plot's own. */
int spec_plot_key_line(const struct spec_plot *p, const char *key);

/* A finding of the seed, checked on a run's results (docs/spec.md, "Findings"): a check, and/or a
 * measured size (compare's pairs of timed rows, or a size expression) with the range the claim
 * states and, for a size, the direction it states (spec/finding_form.h); NULL when absent. */
struct spec_finding {
    char *claim, *check, *where, *seed, *note;
    char *unrunnable;            /* why no row of the experiment decides it, where the spec says so */
    char *compare, *size, *claimed, *direction;
    char *given;                 /* the premise: a check that must be true for the claim to apply here */
    int line, check_line, where_line, compare_line, size_line, claimed_line, direction_line, given_line;
};

/* Instructions an optimised binary must hold (docs/spec.md, "Expected instructions"): op is an
 * opcode prefix ("fma.rn.f32") or a template parameter naming one (PTX_OP); count an expression,
 * 0 for no expectation. Read and checked by spec_expect.c. */
struct spec_expect { char *op, *count; int line, count_line; };
/* spec_expect_unchecked: the words that say a run checked none of the spec's expect, and why (run.json's
 * expect.why), a new string: the console's line and report.md's say the same. */
char *spec_expect_unchecked(const char *why);

/* The candidates a tuning pass crosses on one kind of device, and how long it may take. */
struct spec_tune_set {
    struct spec_axis *axes; int naxes;   /* each of them a params or launch axis */
    double seconds;              /* the pass starts no configuration after this many seconds */
    int cpu;                     /* 1: the set of `cpu`, a CPU device's */
};

/* A short tuning pass before the sweep (docs/spec.md, "Tuning"): the variants `variants` picks are
 * first swept over the candidate axes with few trials, and each then runs at the configuration
 * whose `metric` was best, the others at the spec's own values. */
struct spec_tune {
    char *variants;              /* an expression over a variant's parameters: non-zero = tuned */
    char *metric;                /* a results column (gbs, gflops, median_ms) */
    int lower;                   /* better = "lower": the least metric wins (default: the greatest) */
    struct spec_tune_set all;    /* `axes` and `seconds` (default 120): every device's candidates */
    struct spec_tune_set cpu;    /* `cpu = { axes; seconds; }`: a CPU device's instead (naxes 0: none) */
    int trials;                  /* trials per configuration in the pass (default 3) */
    int line, variants_line, metric_line;
};

/* spec_tune_for: the candidates a pass crosses on a device (cpu: CL_DEVICE_TYPE_CPU): the spec's
 * `cpu` where it has one there, else its `axes`. */
const struct spec_tune_set *spec_tune_for(const struct spec_tune *t, int cpu);

struct spec {
    char *path, *name, *dir, *text;      /* file, experiment name, its folder, its contents */
    char *description, *template_name, *kernel;
    char *template_dir;                         /* where the template was found: the spec's folder, or clx's
                                                 * templates/ for a plain name not beside it (NULL: not looked) */
    struct spec_variant *variants; int nvariants;
    struct spec_axis *params; int nparams;      /* compile-time axes, crossed with the variants */
    struct strlist builds;                      /* build-option sets */
    int builds_line;                            /* the line of `builds` (0: not set, the default sets) */
    struct spec_axis *launch; int nlaunch;      /* launch axes; "local" is the work-group size */
    struct spec_axis *quick; int nquick;        /* axis values for --quick */
    struct strlist global, local_size;          /* per-dimension expressions */
    struct spec_buffer *bufs; int nbufs;
    struct spec_arg *args; int nargs;
    char *flops, *bytes;                        /* work per launch; NULL when not defined */
    char *flops_peak;                           /* 32, 64 or 16: the peak flops count against (NULL: 32) */
    char *reference, *baseline;                 /* verification: host reference or variant name */
    double rtol, atol; int rtol_set, rtol_line;  /* rtol_line: verify's tolerance's line, where given */
    long sample;                                /* verify only this many elements (0: all) */
    int nan_answer;                             /* verify's nan_answer: an answer NaN wherever checked is
                                                 * meant (else such a row verified nothing: an error) */
    char *relative;                             /* variant the rel_time column divides by */
    char *grid_stride;                          /* nonzero for a variant whose work-items stride over the
                                                 * range by get_global_size(0) (an expression, "STRIDE");
                                                 * NULL: none does. Only --modes reads it */
    struct strlist derived_names, derived_exprs; /* NAME = expression, evaluated per run in order */
    int *derived_lines;
    int warmups, trials;
    int rounds;                                 /* --rounds' default (SPEC_ROUNDS_DEFAULT when absent) */
    double target_cv;                           /* --target-cv's default (0: off) */
    int transfers;                              /* also time upload + kernel + download (wall) */
    int global_line, local_size_line, template_line, flops_line, bytes_line, reference_line, flops_peak_line,
        grid_stride_line;
    int kernel_line;                            /* 0: no `kernel`, the kernel is named as the experiment */
    struct spec_plot *plots; int nplots;
    struct spec_finding *findings; int nfindings;
    struct spec_expect *expects; int nexpects;  /* instruction counts the optimised binaries must reach */
    /* probes: host-side measurements after the sweep (probes.c): which, and their sizes */
    struct strlist probes;
    double probe_bytes;
    int probe_launches, probe_trials;
    struct spec_modes *modes;                   /* several devices at once (modes.h), or NULL */
    struct spec_tune *tune;                     /* a tuning pass before the sweep, or NULL */
    struct spec_sol *sol;                       /* what the speed of light needs beyond flops and bytes, or NULL */
    struct spec_restrictions *restrictions;     /* which combinations of the template parameters exist, or NULL */
};

/* A spec's `sol` (spec_sol.c): an expression per setting, NULL where not given. */
enum { SPEC_SOL_CHAIN, SPEC_SOL_INFLIGHT, SPEC_SOL_LOCAL, SPEC_SOL_KEYS };
struct spec_sol { char *expr[SPEC_SOL_KEYS]; int line[SPEC_SOL_KEYS]; };
/* spec_sol_key: the setting's name ("chain"), NULL past the last. */
const char *spec_sol_key(int k);

/* spec_load: reads path into s. Returns 0, or -1 with *err = "path:line: message" (new string). */
int spec_load(const char *path, struct spec *s, char **err);
/* spec_load_text: the same from text (a spec as recorded in run.json); label names it in messages,
 * name is the experiment's; the template need not exist. */
int spec_load_text(const char *label, const char *name, const char *text, struct spec *s, char **err);
/* Names a finding's check may use besides its selectors: the device's properties and theoretical
 * peaks, and which of run.json's figures each is (runjson_figure). NULL-terminated. */
struct spec_device_name { const char *name; enum rj_figure figure; };
extern const struct spec_device_name spec_finding_devices[];

struct override;
/* spec_warn_unused_axes: a warning ("path:line: ...") in warnings for each launch axis that takes
 * several values in the run that the overrides (--set, --size) and quick make, as plan_make takes
 * them, and that nothing of the spec reads. Not at load: a --set that gives one value takes the
 * warning back, one that gives several is the mistake to warn of. */
void spec_warn_unused_axes(const struct spec *s, const struct override *ov, int nov, int quick, struct strlist *warnings);
/* spec_warn_variant_keys: a warning ("path:line: variant f4 sets VECC, which neither the template
 * nor the spec reads: did you mean VEC?") in warnings for each variant's key that neither the
 * template nor a setting of the spec reads and that is near a name the template reads, another
 * variant sets or the params declare (spec_keys.c). Nothing where the template cannot be read. */
void spec_warn_variant_keys(const struct spec *s, struct strlist *warnings);
/* spec_warn_plot_work: a warning ("path:line: plot 2 (roofline_gflops): a roofline plot needs
 * non-zero flops ...") in warnings for each roofline plot of a spec whose flops is the literal 0
 * (spec_plotwork.c). */
void spec_warn_plot_work(const struct spec *s, struct strlist *warnings);
/* spec_warn_tolerance: a warning ("path:line: verify: tolerance = 0.5 passes an answer up to 50%
 * off ...") in warnings where verify's relative tolerance is above SPEC_TOLERANCE_WARN
 * (spec_tolerance.c); one of 1 or more is refused at load. */
#define SPEC_TOLERANCE_WARN 0.1
void spec_warn_tolerance(const struct spec *s, struct strlist *warnings);

/* spec_findings_whose: whose the findings are, as the report names them: "seed" where the spec
 * names a seed (a finding's `seed`, or "seed" in the description: the shipped experiments'
 * findings are their seeds' claims), else "spec" (a user's own experiment has no seed). */
const char *spec_findings_whose(const struct spec *s);

/* spec_is_column: whether name is a column of this experiment's results.tsv (identifying columns,
 * parameters, launch axes, derived values, metrics). */
int spec_is_column(const struct spec *s, const char *name);
void spec_free(struct spec *s);
/* spec_axis_find: the axis named name in axes[0..n-1], or NULL. */
struct spec_axis *spec_axis_find(struct spec_axis *axes, int n, const char *name);
/* spec_variant_find: index of the named variant, or -1. */
int spec_variant_find(const struct spec *s, const char *name);
/* spec_variant_keyed: index of the first variant that sets name as one of its keys, or -1. */
int spec_variant_keyed(const struct spec *s, const char *name);
/* spec_is_param: whether name is a template parameter of s: a params axis, or a named variant's key. */
int spec_is_param(const struct spec *s, const char *name);

/* Names every expression may use besides the axes: device and kernel properties and build facts,
 * set for each configuration. To add one, add it here and set it where its kind is set:
 * plan_device_vars (plan_device.c) for the device's, run_build_vars (run/run_buildvars.c) for a build's
 * and its kernel's. */
extern const char *const spec_builtin_names[];
#endif
