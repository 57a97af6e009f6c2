/* compare_work.c — sides of a comparison that did different work a launch, said (compare_work.h). */
#include "compare_work.h"
#include "compare_declwork.h"
#include "rowwork.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* side_name: side s as the sentence names it: its value along build or variant ("-cl-opt-disable",
 * "''" for an empty one), NAME=VALUE along a parameter or a launch axis ("ILP=4"), its letter for a
 * run (a new string). */
static char *side_name(const struct cmp_join *j, int s)
{
    const char *v = j->side[s].value;
    if (!v) return xasprintf("%c", 'A' + s);
    if (!j->by_param && (j->along == 0 || !strcmp(j->along_name, "build"))) return xstrdup(*v ? v : "''");
    return xasprintf("%s=%s", j->along_name, *v ? v : "''");
}

/* what: the sides as a plural ("the builds"), and what each of them is ("build"). */
static void what(const struct cmp_join *j, const char **sides, const char **each)
{
    int build = j->along >= 0 && !j->by_param && !strcmp(j->along_name, "build");
    int variant = j->along == 0;          /* along variant, or a parameter of it */
    *sides = j->along < 0 ? "the runs" : build ? "the builds" : variant ? "the variants" : "the sides";
    *each = j->along < 0 ? "run" : build ? "build" : variant ? "variant" : "side";
}

int cmp_work_line(FILE *out, const struct cmp_join *j, const struct outcome *o, int s, int markdown)
{
    /* The same kernels, their work declared otherwise: compared by time, said instead. */
    char an[2] = { 'A', 0 }, bn[2] = { (char)('A' + s), 0 }, *note = cmp_declwork_note(j, 0, s, an, bn);
    if (note) {
        fprintf(out, "%s %s (compare.tsv's work_ratio_%c is empty).\n%s", markdown ? "**Note:**" : "Note:", note, 'A' + s,
                markdown ? "\n" : "");
        free(note);
        return 1;
    }
    struct rowwork_span span = {0};
    for (int k = 0; k < o->ncommon; k++) {
        const struct cmp_cell *x = &o->cell[k * j->n + s];
        rowwork_span_add(&span, (enum launchwork_unit)x->work_unit, x->work_ratio);
    }
    if (!span.n) return 0;
    const char *sides, *each, *rate = NULL;
    what(j, &sides, &each);
    char *b = side_name(j, s), *a = side_name(j, 0);
    struct sbuf t = {0};
    rowwork_span_said(&t, b, a, &span);
    sb_printf(&t, " in %d of %d configurations", span.n, o->ncommon);
    rowwork_units_said(&t, span.units, each, &rate);
    fprintf(out, "%s %s do different work: %s. Their median times, and compare.tsv's time_ratio_%c, are no comparison "
            "of them; their %s are, and so are the speed-ups and the verdicts, per unit of work (compare.tsv's "
            "work_ratio_%c: each configuration's work a launch against A's).\n%s", markdown ? "**Note:**" : "Note:", sides,
            t.s, 'A' + s, rate, 'A' + s, markdown ? "\n" : "");
    free(b);
    free(a);
    sb_free(&t);
    return 1;
}
