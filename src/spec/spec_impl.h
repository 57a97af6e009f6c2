/* spec_impl.h — what the spec's loader (spec.c) and its readers share: the typed reading helpers
 * (spec_read.c), the checks (spec_check.c, spec_tolerance.c), and the readers of the plots and findings
 * (spec_view.c, spec_findings.c), modes (spec_modes.c), probes (spec_probes.c) and expected instructions
 * (spec_expect.c); not for other modules, which use spec.h. */
#ifndef SPEC_IMPL_H
#define SPEC_IMPL_H
#include "lib/expr.h"
#include "select.h"
#include "spec.h"
#include <libconfig.h>

/* A spec being read: its path for messages, and the first error ("path:line: what"). */
struct loader { const char *path; char *err; const char *text; };

/* spec_fail: records "path:line: message" (the first one only) at setting at; returns -1. */
int spec_fail(struct loader *L, const config_setting_t *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* spec_fail_line: the same at a line number (a setting read earlier, whose line was kept). */
int spec_fail_line(struct loader *L, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* spec_scalar_text: a number, string or bool setting as a new string; NULL for anything else. */
char *spec_scalar_text(const config_setting_t *st);
/* spec_num_value: a numeric setting as a double; 0 when it is not a number. */
int spec_num_value(const config_setting_t *st, double *out);
int spec_is_sequence(const config_setting_t *st);
/* spec_get_number: the member name of parent, when present, into *out (*set = 1 when set is not
 * NULL): a number (a whole one when whole) within [lo, hi]; anything else is an error at its line. */
int spec_get_number(struct loader *L, const config_setting_t *parent, const char *name, int whole, double lo,
                    double hi, double *out, int *set);
/* spec_get_string: a string member of grp into *out (NULL when absent and not required). */
int spec_get_string(struct loader *L, const config_setting_t *grp, const char *key, int required, char **out);
/* spec_read_list: a section that is a list of entries ( { ... }, ... ), st NULL when absent (0). Anything
 * but a list is "'name' must be a list ( FORM, ... )", an entry that is not a group "NOUN i must be a
 * group FORM", each at its line. *array (the address of the spec's T * field) gets one zeroed T per
 * entry and one more, in place before the first is read so that a reader can look back at the
 * entries before its own; each entry's line is set, then read fills it; *n counts the entries begun,
 * so that spec_free frees every one read, the one that failed too. 0, or -1 and L->err. */
typedef int spec_entry_reader(struct loader *L, struct spec *s, const config_setting_t *g, int i, void *entry);
struct spec_list {
    const char *name, *noun, *form;   /* "plots", "plot", "{ kind = \"lines\"; ... }" */
    size_t size, line;                /* sizeof T, offsetof(T, line) (an int) */
    spec_entry_reader *read;
};
int spec_read_list(struct loader *L, struct spec *s, const config_setting_t *st, const struct spec_list *how,
                   void *array, int *n);
/* spec_check.c: spec_is_upper_name: a template parameter's form (A-Z, then A-Z, 0-9, _). */
int spec_is_upper_name(const char *s);
/* spec_did_you_mean_unset: did_you_mean (": did you mean X?", or "") for an unknown setting word of
 * group g among keys[0..n-1], offering first the keys that g does not set already, then any. A new
 * string. */
char *spec_did_you_mean_unset(const config_setting_t *g, const char *word, char *const *keys, int n);
/* spec_check_top_keys: 0 when every top-level setting is one a spec may have, else -1 with
 * "unknown setting 'X': did you mean Y?" at its line. Asked before anything is read, so that a
 * misspelt key is said as such, not through what its absence breaks ('bufers' as an argument
 * naming no buffer, 'globl' as 'global' missing). */
int spec_check_top_keys(struct loader *L, const config_setting_t *root);
/* spec_check_names: axes named as they may be, the variants that verify and relative name
 * present. */
int spec_check_names(struct loader *L, struct spec *s, const config_setting_t *root);
/* spec_check_verify: a verify (reference or baseline) has something to compare: a buffer the kernel
 * is given with init = "output", the only kind checked; else -1 with the verify's line, naming the
 * buffers and what to write. */
int spec_check_verify(struct loader *L, const struct spec *s, const config_setting_t *root);
/* spec_check_launch_shape: global and args given (an empty list named at its line), and local_size
 * no longer than global, past which only "1" entries may go (dropped here: the launch has global's
 * dimensions); else -1 with the setting's line and what to write. */
int spec_check_launch_shape(struct loader *L, struct spec *s, const config_setting_t *root);
/* spec_tolerance.c: spec_check_tolerance: verify's relative tolerance rtol (from group verify)
 * below 1, else -1 with why and what to write at its line (1 or more passes an output of zeros). */
int spec_check_tolerance(struct loader *L, const config_setting_t *verify, double rtol);
/* spec_only_keys: 0 when every setting of group g is one of keys (NULL-ended), else -1 with
 * "WHAT: unknown setting 'X' (k1, k2, ...)" at its line: a misspelt key must not fall back on a
 * default unsaid (verify's "tolerence" ran with the default tolerance). */
int spec_only_keys(struct loader *L, const config_setting_t *g, const char *what, const char *const *keys);
/* spec_check_all_exprs: every expression of the spec's core (not plots or expect) checked. */
int spec_check_all_exprs(struct loader *L, struct spec *s);
/* spec_names.c: spec_names_word: whether text holds name as a word of its own (not inside another
 * name, nor the suffix of a number such as 10N); words, not parsed expressions, so that a selector's
 * value or a column list reads the same. spec_reading_texts: every text of s that a configuration's
 * values reach (the launch geometry, arguments, buffers' counts, work, derived values, speed of
 * light, restrictions, expected instructions, variants' requires) and, read as deliberate, a tune
 * pass's axes and the plots' and findings' texts, pushed onto t. */
int spec_names_word(const char *text, const char *name);
void spec_reading_texts(const struct spec *s, struct strlist *t);
/* spec_known_vars: every name an expression of s may use, set to 1. */
void spec_known_vars(const struct spec *s, struct vars *v);
/* spec_check_vars: evaluates text with v to report a syntax error or an unknown name at line. */
int spec_check_vars(struct loader *L, const char *what, const char *text, int line, const struct vars *v);
int spec_check_expr(struct loader *L, const struct spec *s, const char *what, const char *text, int line);

/* spec_view.c, spec_findings.c: the plots and findings sections (docs/spec.md), read (spec_read_list
 * with these), then checked once the rest of the spec is known. */
extern const struct spec_list spec_plots_list, spec_findings_list;
/* spec_read_probes: probes = { run = [ "launch", "transfers" ]; bytes = "256Mi"; launches; trials; } */
int spec_read_probes(struct loader *L, struct spec *s, const config_setting_t *g);
int spec_check_view(struct loader *L, struct spec *s);
/* spec_check_filter, spec_check_where: every column a filter (or a where's text) names is one of
 * s's results; else -1 and "path:line: what: 'X' is not a column ...". */
int spec_check_filter(struct loader *L, const struct spec *s, int line, const char *what, const struct filter *f);
int spec_check_where(struct loader *L, const struct spec *s, int line, const char *what, const char *text);
/* spec_template_text: the text of s's template, found as spec_load finds it (beside the spec, else a
 * plain name among clx's templates/); NULL where it cannot be read (a spec from run.json). A new
 * string (spec_check.c). */
char *spec_template_text(const struct spec *s);
/* spec_not_column: records "path:line: what: 'X' is not a column of S's results: did you mean Y?"
 * (the nearest column, where one is near); returns -1. */
int spec_not_column(struct loader *L, const struct spec *s, int line, const char *what, const char *name);
/* spec_column_vars: every results column an expression over one row may use, set to 1. */
void spec_column_vars(const struct spec *s, struct vars *v);
/* spec_findings.c: the findings, checked once the rest of the spec is known (after the plots: it
 * uses spec_view.c's column checks), and freed. */
int spec_check_findings(struct loader *L, const struct spec *s);
void spec_free_findings(struct spec *s);
/* spec_read_modes: modes = { point; chunks; trials; run = ( { name; parts = ( ... ); } ); } (spec_modes.c) */
int spec_read_modes(struct loader *L, struct spec *s, const config_setting_t *g);
void spec_free_view(struct spec *s);
/* spec_expect.c: expect = ( { op = "fma.rn.f32"; count = "ILP * UNROLL"; }, ... ), read (spec_read_list
 * with spec_expect_list), then its ops and count expressions checked once the parameters and derived
 * values are known. */
extern const struct spec_list spec_expect_list;
int spec_check_expect(struct loader *L, const struct spec *s);
void spec_free_expect(struct spec *s);
/* spec_read_axes: every member of a group as an axis ("64:1024:64", 256, or a list of them);
 * spec_free_axes frees n of them. */
int spec_read_axes(struct loader *L, const config_setting_t *grp, struct spec_axis **out, int *n);
void spec_free_axes(struct spec_axis *a, int n);
/* spec_check_launch_values: every launch axis' values (and quick's of a launch axis) expand as the
 * plan expands them (numbers, ranges, words); else -1 with "path:line: axis N: ..." in L. */
int spec_check_launch_values(struct loader *L, const struct spec *s);
/* spec_tune.c: tune = { variants; metric; better; axes = { ... }; trials; seconds; }, read, then
 * checked once the axes and columns are known. */
int spec_read_tune(struct loader *L, struct spec *s, const config_setting_t *g);
/* spec_sol.c */
int spec_read_sol(struct loader *L, struct spec *s, const config_setting_t *g);
void spec_free_sol(struct spec *s);
int spec_check_tune(struct loader *L, const struct spec *s);
void spec_free_tune(struct spec *s);
/* restrictions.c: restrictions = [ "expression", ... ], read with their lines, then checked to name
 * template parameters alone. */
int spec_read_restrictions(struct loader *L, struct spec *s, const config_setting_t *st);
int spec_check_restrictions(struct loader *L, const struct spec *s);
#endif
