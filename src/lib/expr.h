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
 * when it is right but its value is not finite here (a division by zero, a NaN). Besides muparser's operators and
 * functions (+ - * / ^, ?:, comparisons, && ||, min, max, sqrt, ...) it knows a % b (C's fmod, as
 * * and / bind), ceil(x), floor(x), ceil_div(a, b), round_up(a, b) and the size suffixes K M G
 * (x1e3, 1e6, 1e9) and Ki Mi Gi (x2^10..). The thread that evaluates first keeps the last 64
 * texts' programs (expr_compile) over the names they were given, so the next evaluation of one
 * parses nothing. */
int expr_eval(const char *text, const struct vars *v, double *out, char **err);

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
#endif
