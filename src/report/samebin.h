/* samebin.h — whether two builds of one variant compiled to the same program binary: on rusticl
 * (Mesa llvmpipe) the default build and -cl-opt-disable give byte-identical binaries, and a slowdown
 * "of the option" between them came from the spec's other work a launch and per-launch costs. Said
 * wherever a build is set against another (compare --by build, the report's builds table, a finding
 * that compares builds), from the run folder alone. */
#ifndef SAMEBIN_H
#define SAMEBIN_H
#include "lib/table.h"
#include "spec/select.h"
#include "store/rundir.h"

enum samebin_is { SAMEBIN_UNKNOWN, SAMEBIN_SAME, SAMEBIN_DIFFER };

/* A run folder's builds as it recorded them: kernels.tsv's bin_hash per variant and build (a run
 * of an older clx has none), and its bin/ folder. */
struct samebin_run {
    char *dir;
    struct table k;              /* kernels.tsv; no rows where absent */
    int c_variant, c_build, c_hash;
};

/* samebin_open: run folder dir's builds (a folder without kernels.tsv reads as one with no hashes);
 * samebin_free frees them. */
void samebin_open(struct samebin_run *s, const char *dir);
void samebin_free(struct samebin_run *s);
/* samebin_of: whether variant's build build_a of run a and its build build_b of run b (builds as
 * results.tsv's build column names them: "default", "-cl-opt-disable") compiled to the same
 * binary: byte for byte where both files are in the runs' bin/ folders, else by kernels.tsv's
 * bin_hash; SAMEBIN_UNKNOWN where neither tells (a build that failed, a run of an older clx whose
 * bin/ is gone). */
enum samebin_is samebin_of(const struct samebin_run *a, const char *build_a, const struct samebin_run *b,
                           const char *build_b, const char *variant);
/* samebin_words: the words that say it, one home for compare, report and findings: "the builds
 * 'default' and '-cl-opt-disable' of ILP=1 compiled to the same binary: their difference is not the
 * option's" (a new string). */
char *samebin_words(const char *build_a, const char *build_b, const char *variants);
/* samebin_rows: where rows ra[0..na) and rb[0..nb) of run r set builds of one variant against each
 * other (a finding's "gflops[build=default] vs gflops[build=-cl-opt-disable]") and every variant's
 * two builds there compiled to the same binary, samebin_words of them (a new string); else NULL. */
char *samebin_rows(const struct rundir *r, const int *ra, int na, const int *rb, int nb);
/* samebin_pair_said: where a finding of any kind (a check, a compare, a size) sets selector a's rows
 * ra[0..na) of run r against selector b's rows rb[0..nb), both of a time or a rate (a count, a
 * binary's size or its instructions are the binary's own: one binary answers them), and they are
 * builds of one variant that compiled to the same binary (samebin_rows), the reason it cannot be
 * checked: "gflops[build=default] vs gflops[build=-cl-opt-disable]: the builds 'default' and
 * '-cl-opt-disable' of prag compiled to the same binary: their difference is not the option's" (a
 * new string); else NULL. One home for every kind's words and rule: a check or a size that read the
 * same two builds said nothing. */
char *samebin_pair_said(const struct rundir *r, const struct selector *a, const int *ra, int na,
                        const struct selector *b, const int *rb, int nb);
#define SAMEBIN_SAID "compiled to the same binary"
#endif
