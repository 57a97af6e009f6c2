/* compare_chartwords.c — the words of clx compare's charts: sides, caveats, groups (compare_chartwords.h). */
#include "compare_chartwords.h"
#include "compare_declwork.h"
#include "compare_provenance.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* caveat: what side s's bars do not show, for a picture read alone: its configurations that did
 * not pass (no bar holds them), a stop that cut its rows short or a run unfinished, and rows timed by
 * the host clock; "" for none (a new string). */
static char *caveat(const struct cmp_join *j, const struct cmp_status *st, int s)
{
    struct sbuf b = {0};
    char *some = cmp_status_side_said(st, s);
    if (*some) sb_printf(&b, "; %s (not in the bars)", some);
    free(some);
    /* Along a column the sides are one run: its stop said once, on A's line. */
    char *stop = s == 0 || j->side[s].r != j->side[0].r ? rundir_stopped_short(j->side[s].r) : NULL;
    if (stop) sb_printf(&b, "; %s (run.json %s)", stop, rundir_end(j->side[s].r) == RUNDIR_UNFINISHED ?
                                                       "says neither finished nor interrupted" : "interrupted");
    free(stop);
    /* Rows timed by the host clock (rusticl's: its events do not time kernels): their times, and a
     * speed-up against a side timed by events, hold the launch's cost; said once for one run (--by). */
    const char *timer = j->side[s].r->rj.timer.used;
    if ((s == 0 || j->side[s].r != j->side[0].r) && timer && !strcmp(timer, "host"))
        sb_printf(&b, "; rows timed by the host clock, launch cost included");
    /* Its bars by time: a picture pasted alone says why they are not per unit of work. */
    char *timed = s ? cmp_declwork_short(j, 0, s) : NULL;
    if (timed) sb_printf(&b, "; %s", timed);
    free(timed);
    return b.s ? b.s : xstrdup("");
}

/* one_run: whether every side is one run's rows (--by): its title is said once, not as A's. */
static int one_run(const struct cmp_join *j)
{
    for (int s = 1; s < j->n; s++)
        if (j->side[s].r != j->side[0].r) return 0;
    return 1;
}

/* started_folder: "started 2026-12-02 08:45:10, folder vecsum-2": what tells two runs of one sweep
 * on one device apart (its title's date alone did not: a before and an after of one day), into a new
 * string. The folder's own name, a `latest` link resolved. */
static char *started_folder(const struct rundir *r)
{
    struct sbuf b = {0};
    if (strlen(r->started) >= 19) sb_printf(&b, "started %.10s %.8s, ", r->started, r->started + 11);
    else if (*r->started) sb_printf(&b, "started %s, ", r->started);
    char *real = rundir_realdir(r);
    size_t n = strlen(real);
    while (n > 1 && real[n - 1] == '/') real[--n] = '\0';
    const char *slash = strrchr(real, '/');
    sb_printf(&b, "folder %s", slash && slash[1] ? slash + 1 : real);
    free(real);
    return b.s;
}

/* run_said: side s's run: A's (or any on another device, platform or driver than A's) by its
 * experiment, device and driver, the others' by what differs from A's; each with its start and
 * folder, and what it ran otherwise than A (the console's "B ran otherwise than A" in short). A new
 * string. */
static char *run_said(const struct cmp_join *j, int s)
{
    const struct rundir *r = j->side[s].r;
    char *when = started_folder(r), *said;
    if (s == 0 || cmp_other_device(j, 0, s)) {
        char *title = rundir_title(r);
        /* rundir_title ends in the date, which when says again with the time. */
        size_t n = strlen(title), d = strlen(r->started) >= 10 ? 12 : 0;
        if (d && n > d && !strncmp(title + n - 10, r->started, 10)) title[n - d] = '\0';
        said = xasprintf("%s, %s", title, when);
        free(title);
    } else {
        said = xasprintf("%s, on A's device, platform and driver", when);
    }
    free(when);
    char *other = s ? cmp_setup_differs_short(j->side[0].r, r) : NULL;
    if (other) {
        char *both = xasprintf("%s; ran otherwise than A: %s", said, other);
        free(said);
        said = both;
    }
    free(other);
    return said;
}

/* counts_line: side s's line of how many of its configurations were decided, after a new line. */
static void counts_line(struct sbuf *b, const struct cmp_join *j, const struct outcome *o, int s, const char *after)
{
    int n[4] = {0};
    for (int i = 0; i < o->ng; i++)
        for (int v = 0; v < 4; v++) n[v] += o->g[i].count[s * 4 + v];
    sb_printf(b, "\n%s: %d of %d configurations decided (FASTER or SLOWER), %d SAME, %d UNSURE%s", j->side[s].label,
              n[VERDICT_FASTER] + n[VERDICT_SLOWER], o->ncommon, n[VERDICT_SAME], n[VERDICT_UNSURE], after);
}

char *cmp_chart_subtitle(const struct cmp_join *j, const struct outcome *o, const struct cmp_status *st, int decided)
{
    struct sbuf b = {0};
    if (one_run(j)) {
        /* --by: the run's title once, each side by its value ("A: build default"), with its caveat. */
        char *at = rundir_title(j->side[0].r), *ca = caveat(j, st, 0);
        sb_printf(&b, "%s\n%s%s", at, j->side[0].label, ca);
        free(at);
        free(ca);
        for (int s = 1; s < j->n; s++) {
            char *cs = caveat(j, st, s);
            if (decided) counts_line(&b, j, o, s, cs);
            else sb_printf(&b, "\n%s%s", j->side[s].label, cs);     /* "B: build -cl-opt-disable; did not pass: ..." */
            free(cs);
        }
        return b.s;
    }
    /* Runs: each on a line of its own, with its caveat, then (decided) the counts. */
    for (int s = 0; s < j->n; s++) {
        char *rs = run_said(j, s), *ca = caveat(j, st, s);
        sb_printf(&b, "%s%s%s%s%s", s ? "\n" : "", j->side[s].label, j->side[s].value ? ", " : ": ", rs, ca);
        free(rs);
        free(ca);
    }
    for (int s = 1; s < j->n && decided; s++) counts_line(&b, j, o, s, "");
    return b.s;
}

char *cmp_chart_group(const struct group *g)
{
    /* "(each)" stands for each side's own value in the tables: a chart's group is what the sides share. */
    struct sbuf v = {0};
    const char *p = g->variant;
    if (!strncmp(p, "(each)", 6)) p += 6 + (p[6] == ':');   /* "(each)" or "(each):EXTRA=2" */
    /* "VEC=4,ILP=(each)": the parameter compared along left out ("tiled:ILP=(each),VEC=4": "tiled:VEC=4"). */
    const char *sep = "";
    while (*p) {
        size_t n = strcspn(p, ",");
        const char *colon = memchr(p, ':', n);
        if (n < 6 || strncmp(p + n - 6, "(each)", 6)) {
            sb_printf(&v, "%s%.*s", sep, (int)n, p);
            sep = ",";
        } else if (colon) {
            sb_printf(&v, "%.*s", (int)(colon - p), p);       /* the variant's name, its parameters after ':' */
            sep = ":";
        }
        p += n + (p[n] == ',');
    }
    int build = strcmp(g->build, "(each)") != 0;
    /* A build that is a placeholder in parentheses already gets no second pair. */
    char *said = v.len && build ? xasprintf(g->build[0] == '(' ? "%s %s" : "%s (%s)", v.s, g->build)
                                : v.len ? xstrdup(v.s) : build ? xasprintf("build %s", g->build) : xstrdup("all");
    free(v.s);
    return said;
}
