/* findings.c — evaluates a finding: its parts, check (finding_check.c), compare and size, then its
 * premise (finding_given.c), and names the verdicts. */
#include "findings.h"
#include "finding_check.h"
#include "finding_compare.h"
#include "finding_given.h"
#include "finding_noise.h"
#include "finding_pick.h"
#include "finding_size.h"
#include "lib/expr.h"
#include "store/rundir_unreached.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The verdicts as report.md says them, one and counted (counted: after any count but 1, "0 hold",
 * "2 hold"; counted1: after 1, "1 holds"); always: counted even when none got it (the line every
 * report has printed), else only when some finding did; token: the verdict in findings.tsv
 * (report.md's words, one word); gate: the least strict clx report --fail-on that fails on it
 * (GATE_NONE: none does). A row per verdict, in enum verdict's order. */
static const struct {
    const char *text, *counted, *counted1;
    int always;
    const char *token;
    enum findings_gate gate;
} verdicts[V_COUNT] = {
    [V_HOLDS] = {"holds", "hold", "holds", 1, "holds", GATE_NONE},
    [V_SIZE] = {"holds in direction, not in size", "hold in direction but not in size", "holds in direction but not in size",
                0, "holds-in-direction-not-in-size", GATE_FINDING},
    [V_FAILS] = {"does not hold", "do not hold", "does not hold", 1, "does-not-hold", GATE_FINDING},
    [V_UNDECIDED] = {"cannot be decided here", "cannot be decided here", "cannot be decided here", 0, "cannot-be-decided",
                     GATE_UNSURE},
    [V_NODATA] = {"cannot be checked", "cannot be checked", "cannot be checked", 1, "cannot-be-checked", GATE_UNSURE},
};

const char *verdict_text(enum verdict v) { return verdicts[v].text; }
const char *verdict_token(enum verdict v) { return verdicts[v].token; }
int verdict_fails(enum verdict v, enum findings_gate g) { return verdicts[v].gate != GATE_NONE && verdicts[v].gate <= g; }

char *findings_counts(const int count[V_COUNT])
{
    struct sbuf b = {0};
    for (int v = 0; v < V_COUNT; v++)
        if (verdicts[v].always || count[v])
            sb_printf(&b, "%s%d %s", b.len ? ", " : "", count[v], count[v] == 1 ? verdicts[v].counted1 : verdicts[v].counted);
    return b.s;
}

/* check_part: f's check, a part as the others are. */
static enum verdict check_part(const struct rundir *r, const struct spec_finding *f, const struct filter *where,
                               struct sbuf *shown, struct finding_why *why, struct finding_trace *t)
{
    return finding_check_eval(r, f->check, "check", where, shown, why, t);
}

/* The parts a finding may have, each judged alone (the field naming it set); to add one, a row. */
typedef enum verdict (*part_eval)(const struct rundir *, const struct spec_finding *, const struct filter *, struct sbuf *,
                                  struct finding_why *, struct finding_trace *);
static const struct { size_t field; part_eval eval; } parts[] = {
    {offsetof(struct spec_finding, check), check_part},
    {offsetof(struct spec_finding, compare), finding_compare_eval},
    {offsetof(struct spec_finding, size), finding_size_eval},
};

/* no_row_measured: where no row of r was measured and passed, why (a new string: "no row of this
 * run was measured (16 timeout)"); NULL where one was. */
static char *no_row_measured(const struct rundir *r)
{
    struct status_counts st = {0};
    for (int i = 0; i < r->t.nrows; i++) {
        if (rundir_row_ok(r, i)) return NULL;
        status_counts_add(&st, table_cell(&r->t, i, r->c_status));
    }
    char *some = status_counts_some(&st), *why = xasprintf(FINDING_NONE_MEASURED "%s%s%s", st.rows ? " (" : "",
                                                                 st.rows ? some : "", st.rows ? ")" : "");
    free(some);
    return why;
}

/* measured_worst: finding_worse of t's parts that have rows (not V_NODATA); V_NODATA where none has. */
static enum verdict measured_worst(const struct finding_trace *t)
{
    enum verdict w = V_NODATA;
    for (int i = 0; i < t->nparts; i++)
        if (t->part[i].verdict != V_NODATA) w = w == V_NODATA ? t->part[i].verdict : finding_worse(w, t->part[i].verdict);
    return w;
}

void findings_eval(const struct rundir *r, const struct spec_finding *f, struct finding_result *out)
{
    memset(out, 0, sizeof *out);
    out->verdict = V_NODATA;
    struct filter where;
    if (filter_parse(f->where, &where, &out->why)) return;
    struct sbuf m = {0};
    enum verdict v = V_HOLDS;
    int judged = 0;
    /* Every part judged, and every reason one cannot be checked kept: a compare's second pair's
     * missing rows said beside its first's, so that one run of the sweep's fix meets them all. */
    struct finding_why why = {0};
    for (size_t k = 0; k < sizeof parts / sizeof *parts; k++) {
        if (!*(char *const *)((const char *)f + parts[k].field)) continue;
        judged++;
        v = finding_worse(v, parts[k].eval(r, f, &where, &m, &why, &out->trace));
    }
    /* A part measured that missed the claimed size, where the others that were measured hold: the
     * claim as stated is refuted there whatever the parts with no rows give, so the verdict says so
     * and the measured column names those (maths' quick run: "int div >= 10x" met by 5.56x at one
     * work-group of 32 was "cannot be checked" for want of rows at 256). */
    if (v == V_NODATA && measured_worst(&out->trace) == V_SIZE) v = V_SIZE;
    if (judged) v = finding_given_apply(r, f, &where, v, &m, &why, &out->trace);
    out->why = finding_why_take(&why);
    if (!judged) { v = V_NODATA; out->why = xstrdup("the finding has no check, compare or size"); }
    /* A claim no measured row supports: "count(status[status=FAIL]) == 0" is true of a run whose
     * every row timed out, and says nothing. One that does not hold still says so: failures refute. */
    char *none = (v == V_HOLDS || v == V_SIZE) ? no_row_measured(r) : NULL;
    if (none) { v = V_NODATA; free(out->why); out->why = none; sb_free(&m); }   /* its values say nothing either */
    /* A part that does not hold decides over one that has no rows (finding_worse), but the reader
     * of "does not hold" is told the other was not measured: memcopy_ilp's quick run failed its
     * check with no word that the compare's GPC 1 side had no row. */
    if (v == V_FAILS && out->why && *out->why)
        sb_printf(&m, "%snot checked here (the verdict stands on the parts above): %s", m.len ? "; " : "", out->why);
    else if (v == V_SIZE && out->why && *out->why)
        sb_printf(&m, "%snot checked here (the size missed above stands whatever they give): %s", m.len ? "; " : "", out->why);
    /* A stopped run whose configurations not reached cannot be known (rundir_unreached.h): its verdict
     * stands on the rows measured alone, which a best or an aggregate of the rest could change. Said of
     * a verdict the rows decide (one left open already says they do not). */
    if (r->reach == RUNDIR_REACH_UNKNOWN && (v == V_HOLDS || v == V_SIZE || v == V_FAILS)) {
        char planned[48] = "";
        if (r->rj.planned_rows > 0) snprintf(planned, sizeof planned, " of %.0f planned", r->rj.planned_rows);
        sb_printf(&m, "%son the %d row%s%s this stopped run measured alone: " FINDINGS_STOPPED_SAID, m.len ? "; " : "",
                  rundir_rows_read(r), rundir_rows_read(r) == 1 ? "" : "s", planned);
    }
    out->verdict = v;
    if (v != V_NODATA) { free(out->why); out->why = NULL; }
    out->measured = m.s ? m.s : xstrdup("");
    filter_free(&where);
}

void finding_result_free(struct finding_result *o)
{
    free(o->measured);
    free(o->why);
    trace_free(&o->trace);
    memset(o, 0, sizeof *o);
}
