/* finding_trace.h — what a finding's evaluation came to beside report.md's words, for findings.tsv
 * (findings_tsv.c): each part judged (a check, one pair of a compare, a size) with its verdict, the
 * size it judged and the values its noise allows, and why it cannot be decided; the rows read. The
 * evaluators fill it as they judge, so the file and report.md come from one evaluation. */
#ifndef FINDING_TRACE_H
#define FINDING_TRACE_H
#include "finding_pick.h"
#include "finding_verdict.h"

struct finding_part {
    enum verdict verdict;
    char *text;                  /* the part as the spec writes it: the check, "A vs B", the size */
    double value;                /* the size judged: a compare's ratio A / B, a size's value; NAN for a check */
    double lo, hi;               /* the values its noise allows, judged against claimed; +-INFINITY: unbounded */
    char *undecided;             /* V_UNDECIDED: why, in report.md's words; else NULL */
};

struct finding_trace {
    struct finding_part *part; int nparts;
    int *rows, nrows;            /* the rows its selectors read (their indexes in results.tsv), ascending, once each */
};

/* trace_part: a new part of t, text copied, no value yet (NAN, unbounded) and V_NODATA: the caller
 * sets what it finds. The pointer lasts until the next trace_part. */
struct finding_part *trace_part(struct finding_trace *t, const char *text);
/* trace_rows: p's rows added to t's (each once). */
void trace_rows(struct finding_trace *t, const struct pick *p);
/* trace_decider: the part whose verdict is v, the finding's: the first with a value (a compare's
 * pair, a size) among those, else the first; NULL where none has it (a verdict findings_eval set
 * over the parts': no row measured). */
const struct finding_part *trace_decider(const struct finding_trace *t, enum verdict v);
void trace_free(struct finding_trace *t);
#endif
