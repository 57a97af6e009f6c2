/* compare_param.h — `clx compare RUN --by PARAM` along one template parameter of the variants (ILP
 * of memcopy_ilp's VEC x ILP): each row's value of it, and the rest of its variant (VEC=4), which
 * the comparison holds fixed with the build and the launch point (compare_join.c joins on it). */
#ifndef COMPARE_PARAM_H
#define COMPARE_PARAM_H
#include "store/rundir.h"

/* One run's rows seen along a parameter; arrays indexed by row. */
struct cmp_param {
    const char *name;    /* as the run spells it (its column's header) */
    int col;             /* its column in results.tsv */
    char **value;        /* [row]: the row's value of it; NULL where the row's variant has none */
    /* [row]: the rest of its variant, what is held fixed: its other parameters that vary in the run
     * ("VEC=4"; "" where none does), after its name where the variants name several kernels
     * ("tiled:TILE=16"): in the variant ids' grammar, so that it picks the rows held fixed. */
    char **held;
    char **said;         /* [row]: that with the parameter as "(each)" ("VEC=4,ILP=(each)"), for tables */
    int nrows;
};

/* cmp_param_names: the run's template parameters (results.tsv's columns between variant and build,
 * docs/results.md), in its order, into out (pointing into the table). */
void cmp_param_names(const struct rundir *r, struct strlist *out);
/* cmp_param_col: the column of the run's template parameter name, or -1 when it has none so named. */
int cmp_param_col(const struct rundir *r, const char *name);
/* cmp_param_open: p filled for parameter column col of r (cmp_param_free frees it). */
void cmp_param_open(const struct rundir *r, int col, struct cmp_param *p);
void cmp_param_free(struct cmp_param *p);
/* cmp_param_rest: row i's variant less the parameter, whole: every other parameter it has a value of,
 * those of one value in the run too (volkov_fma's UNROLL=32 beside ILP), after its name where the
 * variants name several kernels; "" where it has no other (a new string). compare.tsv's params
 * column: held leaves out what is the same everywhere, which a script reading one row still wants. */
char *cmp_param_rest(const struct rundir *r, const struct cmp_param *p, int i);
/* cmp_param_values: the distinct values the parameter takes in r's rows, every row (passed or
 * not) or only those whose cmp_row_result holds (results), in the order the run's variants give
 * them (run.json as_run: the spec's), else the rows'; appended to out. */
void cmp_param_values(const struct rundir *r, const struct cmp_param *p, int results, struct strlist *out);
/* cmp_param_each_one: where no two variants differ in the parameter alone (named variants that set
 * it and another together: a's X=1,Y=1 and b's X=2,Y=2), a sentence saying so with up to three of
 * them ("a: X=1, b: X=2"), a new string; else NULL. Then nothing along it holds the rest fixed:
 * --by variant compares those. */
char *cmp_param_each_one(const struct rundir *r, const struct cmp_param *p);
/* cmp_param_clash: where two variants have the same parameters (the one compared along too) and are
 * two variants all the same (named apart only), a sentence naming them, a new string; else NULL.
 * Along the parameter nothing would tell them apart. */
char *cmp_param_clash(const struct rundir *r, const struct cmp_param *p);
/* cmp_param_unsaid: row i of r's template parameters that its variant id does not say, as key
 * fields ("\tILP=1": --set ILP=1 left it one value, so the id is the bare name), those every one of
 * runs has a column of: runs of ILP 1 and of ILP 4 share no configuration, though both ids read
 * "scale". "" where none (a new string). */
char *cmp_param_unsaid(const struct rundir *runs, int nruns, const struct rundir *r, int i);
#endif
