/* finding_noise_verdict.c — what a finding's noise makes of a part's verdict: left open within the
 * floors of its timed values, on rows a stop cut short, under a peak that is only an estimate, or
 * by both at once; and the words that say so. */
#include "finding_noise_verdict.h"
#include "finding_why.h"
#include "floor_said.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void finding_cut_words(int cut, const char *resume, struct sbuf *shown)
{
    sb_printf(shown, "%son %d row%s a stop cut short (rounds-cut: clx run --resume %s)", shown->len ? "; " : "", cut,
              cut > 1 ? "s" : "", resume);
}

/* values_said: n's varied values in words after "its": "4 timed values", "2 spreads of the trials
 * (their sampling error alone: ...)", or both. A spread's floor is a lower bound, and says so. */
static void values_said(const struct expr_noise *n, struct sbuf *w)
{
    int t = n->timed - n->spreads, sp = n->spreads;
    if (t) sb_printf(w, "%d timed value%s%s", t, t > 1 ? "s" : "", sp ? " and " : "");
    if (sp)
        sb_printf(w, "%d spread%s of the trials (%s sampling error alone: a lower bound of %s uncertainty)", sp,
                  sp > 1 ? "s" : "", sp > 1 ? "their" : "its", sp > 1 ? "their" : "its");
}

enum verdict finding_noise_verdict(const struct expr_noise *n, enum verdict v, int decided, struct sbuf *shown, char **why)
{
    if (!n->timed || v == V_NODATA) return v;
    /* The words go to *shown; where the noise leaves the part open, to *why too (findings.tsv's). */
    struct sbuf w = {0};
    enum verdict out = V_UNDECIDED;
    int open = 1;
    if (n->timed > NOISE_MOST_VALUES) {
        values_said(n, &w);
        sb_printf(&w, ", more than the %d varied within their noise", NOISE_MOST_VALUES);
    } else if (decided && n->unbounded) {
        /* Its exact parts decide, whatever the values whose noise is not known. */
        sb_printf(&w, "the same verdict whatever its ");
        values_said(n, &w);
        out = v;
        open = 0;
    } else if (n->cut) {
        finding_cut_words(n->cut, n->cut_resume, &w);
    } else if (n->no_floor) {
        sb_printf(&w, "no noise floor for %s (%s): the verdict rule cannot judge it", n->no_floor,
                  n->no_floor_why ? n->no_floor_why : "one replicate");
    } else {
        char floors[2 * FLOOR_SAID_SIZE];
        floor_span_said(floors, sizeof floors, n->floor_lo, n->floor_hi);
        sb_printf(&w, "%s within the noise floor%s (%s) of its ", decided ? "the same verdict anywhere" : "another verdict somewhere",
                  n->timed > 1 ? "s" : "", floors);
        values_said(n, &w);
        if (decided) { out = v; open = 0; }
    }
    sb_printf(shown, "%s%s", shown->len ? "; " : "", w.s);
    if (open && why) {
        free(*why);
        *why = w.s;
    } else sb_free(&w);
    return out;
}

enum verdict finding_estimate_verdict(const struct expr_noise *n, enum verdict v, int decided, struct sbuf *shown,
                                      struct finding_why *why)
{
    if (!n->estimated || v == V_NODATA) return v;
    char *more = n->estimated > 1 ? xasprintf("; %d more of its values rest%s on one", n->estimated - 1,
                                              n->estimated > 2 ? "" : "s")
                                  : xstrdup("");
    char best[32], *where;
    fmt_pct(best, sizeof best, n->estimate_best);
    if (n->estimate_best > 0) strncat(best, " of it", sizeof best - strlen(best) - 1);
    char low[32], lowpct[32];
    fmt_pct(lowpct, sizeof lowpct, n->estimate_low_pct);
    /* The true peak: from the derivation's own lower figure where it states one above the best row,
     * else from the best rate a row reached, up to the estimate; or past it where a row reached more
     * (the estimate then bounds nothing: a CPU's clock timed low). */
    if (n->estimate_low_pct > 0)
        where = xasprintf("anywhere from the lower figure its derivation gives (run.json peak.%s_low_gflops: %s GFLOP/s, "
                          "%s of it), above the best rate a row of this run reached against it (%s), up to it",
                          n->estimate_of, finding_num(low, sizeof low, n->estimate_low), lowpct,
                          n->estimate_best > 0 ? best : "none");
    else if (!(n->estimate_best > 0)) where = xstrdup("anywhere below it (no row of this run reached a rate against it)");
    else if (n->estimate_best <= 100)
        where = xasprintf("anywhere from the best rate a row of this run reached against it (%s) up to it", best);
    else where = xasprintf("at or above the best rate a row of this run reached against it (%s)", best);
    char *what = xasprintf("%s, " FINDING_PEAK_ESTIMATE " peak.%s_kind%s)", n->estimate, n->estimate_of, more);
    free(more);
    if (decided) sb_printf(shown, "%s%s: the same verdict with the device's true peak %s", shown->len ? "; " : "", what, where);
    else finding_why_add(why, NULL, xasprintf("%s: the device's true peak may lie %s, and the verdict differs within that", what, where));
    free(what);
    free(where);
    return decided ? v : V_NODATA;
}

enum verdict finding_both_verdict(const struct expr_noise *n, enum verdict v, int decided, struct sbuf *shown, char **why)
{
    if (!n->timed || !n->estimated || (v != V_HOLDS && v != V_FAILS && v != V_SIZE) || decided) return v;
    /* Each alone leaves the verdict, both at once turn it: the noise may hide it, as a floor alone may. */
    char *w = xasprintf("but another verdict somewhere with its timed values within their noise floors and the device's "
                        "true peak below its estimate at once");
    sb_printf(shown, "%s%s", shown->len ? "; " : "", w);
    if (why) {
        free(*why);
        *why = w;
    } else free(w);
    return V_UNDECIDED;
}
