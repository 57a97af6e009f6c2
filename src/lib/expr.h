/* expr.h — named numeric variables and arithmetic expressions over them (muparser underneath).
 * Expressions size buffers, global sizes and work counts: "N * 12", "STRIDE ? CU*8*local : N/4". */
#ifndef EXPR_H
#define EXPR_H

/* A set of name = value pairs; later vars_set calls for a name replace the value. */
struct vars {
    char **names;
    double *values;
    int n, cap;
};
void vars_set(struct vars *v, const char *name, double value);
/* vars_get: 1 and *value when name is set, else 0. */
int vars_get(const struct vars *v, const char *name, double *value);
void vars_copy(struct vars *dst, const struct vars *src);
void vars_free(struct vars *v);

/* expr_eval: evaluates text with the variables. Returns 0 and *out; -1 and *err, a new string
 * like "unknown name 'NN' in '12 * NN'" (the caller frees it), when the text is wrong; -2 and *err
 * when it is right but its value is not finite here, saying why and at which of its names' values:
 * "'N / VEC' is infinite at VEC=0: division by zero" (x / 0, 0 / 0, ceil_div(a, 0), a % 0: told by
 * the floating-point flags and the divisors), else the square root or log of a negative, or too
 * large. Besides muparser's operators and
 * functions (+ - * / ^, ?:, comparisons, && ||, min, max, sqrt, ...) it knows a % b (C's fmod, as
 * * and / bind), ceil(x), floor(x), ceil_div(a, b), round_up(a, b) and the size suffixes K M G
 * (x1e3, 1e6, 1e9) and Ki Mi Gi (x2^10..). The thread that evaluates first keeps the last 64
 * texts' programs (expr_compile) over the names they were given, so the next evaluation of one
 * parses nothing. */
int expr_eval(const char *text, const struct vars *v, double *out, char **err);
/* expr_eval_as: expr_eval of a setting's text, its messages naming the setting (label) and where it
 * is written (NULL: not said): "derived ITEMS = 'ceil_div(N, VEC)' (f.spec:9) is not a number at
 * VEC=0: division by zero", "global = 'ITMES' (f.spec:10): unknown name 'ITMES' in 'ITMES'". */
int expr_eval_as(const char *label, const char *where, const char *text, const struct vars *v, double *out, char **err);

/* expr_negative_said: "flops = '-2 * N' (f.spec:17) is negative (-8e+06) at N=4000000", the words
 * of expr_eval_as's messages for a value x that is a number but below 0 where the setting counts
 * something (work, bytes). A new string. */
char *expr_negative_said(const char *label, const char *where, const char *text, const struct vars *v, double x);

/* expr_values_read: "TILE=128, PAD=1": the names of v that text reads, each with its value as
 * number_words writes it; NULL where it reads none (a new string). */
char *expr_values_read(const char *text, const struct vars *v);

/* expr_unknown_name: the name text reads that v does not have (the first, as muparser finds it), a
 * new string; NULL where it reads none such. */
char *expr_unknown_name(const char *text, const struct vars *v);

/* A parsed expression over a fixed set of names, evaluated again and again as their values change
 * (a restriction over tens of thousands of combinations: a muparser made for each evaluation took
 * seconds). expr_compile: text over the names of `names` (their values unused); NULL and *err as
 * expr_eval's -1 when it does not parse or names anything else. expr_run: values[i] for the i-th
 * name (NAN: none here, an error where the expression reads it); 0, -1 or -2 as expr_eval. */
struct expr_prog;
struct expr_prog *expr_compile(const char *text, const struct vars *names, char **err);
int expr_run(struct expr_prog *x, const double *values, double *out, char **err);
/* expr_run_traced: expr_run, without its message, and *undefined: 1 where a step of it had no
 * finite value (a division by zero, 0/0, x % 0, the square root of a negative), though the value
 * that came of it may be ("KWG / (KWI - KWI) == 0" is 0 for every KWI): read from the floating-point
 * flags, so dearer than expr_run, for a diagnosis (why restrictions leave nothing). */
int expr_run_traced(struct expr_prog *x, const double *values, double *out, int *undefined);
/* expr_reads: whether x reads the variable name. */
int expr_reads(const struct expr_prog *x, const char *name);
void expr_free(struct expr_prog *x);

/* parse_number: a number with an optional size suffix ("10M", "64Ki", "1.5", "0x40"); 0 and *out,
 * or -1 when s is not such a number. */
int parse_number(const char *s, double *out);
/* number_words: x as a spec writes a size: a whole multiple of a suffix's scale from 10000 up with
 * the suffix that leaves the smallest number (1Mi for 1048576, 16M for 16000000), else plain (64,
 * 0.5); a new string. */
char *number_words(double x);
#endif
