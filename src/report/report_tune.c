/* report_tune.c — report.md's tuning pass, for a spec with `tune` (docs/spec.md, "Tuning"): what
 * each tuned variant ran at and its metric and noise in the pass beside its baseline, the spec's own
 * values (the gain as the console says it, or that it is within their noise, or why the baseline did
 * not run), or why there was no pass or no pick. */
#include "report.h"
#include "store/rundir.h"
#include "lib/texttab.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* values_text: a pick's values as "MILP=2 WGPC=128 local=512", a new string. */
static char *values_text(const cJSON *values)
{
    struct sbuf b = {0};
    const cJSON *v;
    cJSON_ArrayForEach(v, values)
        if (cJSON_IsString(v)) sb_printf(&b, "%s%s=%s", b.len ? " " : "", v->string, v->valuestring);
    return b.s ? b.s : xstrdup("");
}

/* cv_text: a row's trials' cv as "2.1%", "-" where it has none (one trial, or a run before 2026-12-01). */
static const char *cv_text(char *buf, size_t n, const cJSON *o)
{
    const cJSON *cv = cJSON_GetObjectItemCaseSensitive(o, "cv");
    if (cJSON_IsNumber(cv)) fmt_pct(buf, n, 100 * cv->valuedouble);
    else snprintf(buf, n, "-");
    return buf;
}

static const char *fig_text(char *buf, size_t n, double x)
{
    if (x > 0) snprintf(buf, n, "%.6g", x);
    else snprintf(buf, n, "-");
    return buf;
}

/* gain_text: how the pick stands against the spec's own values, as run.json's gain_is says. */
static void gain_text(FILE *out, const cJSON *p)
{
    const char *is = json_str(p, "gain_is");
    double g = json_num(p, "gain");
    if (!strcmp(is, "same")) fprintf(out, "none: the spec's own values won");
    else if (!strcmp(is, "clear")) fprintf(out, "%.3gx", g);
    else if (!strcmp(is, "within noise")) fprintf(out, "%.3gx, within their noise: not clearly better", g);
    else if (!strcmp(is, "unknown")) fprintf(out, "%.3gx, one trial each: no spread to judge it by", g);
    else if (!strcmp(is, "none")) {
        char *why = tt_md_escape(json_str(cJSON_GetObjectItemCaseSensitive(p, "baseline"), "why"));
        fprintf(out, "unknown: the spec's own values did not run (%s)", why);
        free(why);
    } else {
        /* A run before 2026-12-01: its change over the spec's own values where the pass measured them. */
        double m = json_num(p, "metric"), d = json_num(p, "at_defaults");
        if (d > 0) fprintf(out, "%+.1f%%", 100 * (m / d - 1));
    }
}

void report_tune(FILE *out, const struct rundir *r)
{
    const cJSON *t = runjson_part(&r->rj, RJ_TUNE);
    if (!cJSON_IsObject(t)) return;
    const char *mode = json_str(t, "mode"), *metric = json_str(t, "metric");
    fprintf(out, "\n## The tuning pass\n\n");
    if (!strcmp(mode, "pass")) {
        /* Cut short, it decided nothing, and no run holds it as its tune/ (it stays in --out). */
        if (rundir_end(r) != RUNDIR_FINISHED)
            fprintf(out, "This folder is a tuning pass that did not reach its end: it picked nothing, and nothing of "
                         "the sweep ran (%s); run the experiment again.\n", RUNDIR_PASS_NO_RESUME);
        else
            fprintf(out, "This folder is a tuning pass: its rows decided the picks of the run whose `tune/` it is "
                         "(that run's report shows them).\n");
        return;
    }
    /* The pass's wall, and the wait for the device's turn in it (not counted in its seconds). */
    double waited = json_num(t, "pass_waiting_s");
    char *wall = waited >= 0.05 ? xasprintf("%.1f s (%.1f s of it waiting for another clx to finish timing the device)",
                                            json_num(t, "pass_wall_s"), waited)
                                : xasprintf("%.1f s", json_num(t, "pass_wall_s"));
    if (!strcmp(mode, "none")) {
        /* A pass that picked nothing: no table of picks that are not there. */
        char *why = tt_md_escape(json_str(t, "why"));
        if (*why) *why = (char)toupper((unsigned char)*why);
        fprintf(out, "%s. The tuning pass of the variants where `%s` (%d configurations of their candidate axes) took %s; "
                     "its rows are in [tune/](tune/results.tsv).\n",
                *why ? why : "No tuning happened: the spec's own values ran", json_str(t, "variants"),
                json_int(t, "pass_rows"), wall);
        free(why);
        free(wall);
        return;
    }
    if (strcmp(mode, "picked")) {
        free(wall);
        char *why = tt_md_escape(json_str(t, "why"));
        fprintf(out, "No tuning pass in this run (%s): every variant ran at the spec's own values and the options given.\n",
                *why ? why : "not asked");
        free(why);
        return;
    }
    fprintf(out, "Before the sweep the variants where `%s` ran over %d configurations of their candidate axes and of the "
                 "spec's own values, the baseline (%g trials each, one round, verified) in %s%s; each then ran at its "
                 "best %s, the others at the spec's own values. A gain counts as clear where it is more than twice the "
                 "two rows' trials' cv combined; one round sees no slower drift. The pass's rows are in "
                 "[tune/](tune/results.tsv).\n\n",
            json_str(t, "variants"), json_int(t, "pass_rows"), json_num(t, "trials"), wall,
            cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(t, "pass_stopped")) ? ", when its time ran out" : "", metric);
    free(wall);
    /* The tuned variants the pass never reached ran untuned: named, or their figures beside the tuned
     * ones' read as their best (peaks' copy_d and triads on a CPU). */
    const cJSON *u = cJSON_GetObjectItemCaseSensitive(t, "unreached"), *name;
    if (cJSON_GetArraySize(u) > 0) {
        fprintf(out, "**Not reached:** the pass ran out of its seconds before ");
        int k = 0, n = cJSON_GetArraySize(u);
        cJSON_ArrayForEach(name, u) {
            char *w = tt_md_escape(cJSON_IsString(name) ? name->valuestring : "?");
            fprintf(out, "%s%s", k ? k == n - 1 ? " and " : ", " : "", w);
            free(w);
            k++;
        }
        fprintf(out, ": %s at the spec's own values, untuned (no row of the table below).\n\n", n == 1 ? "it ran" : "they ran");
    }
    fprintf(out, "| variant | build | picked | %s in the pass | cv | the spec's own | %s there | cv | gain |\n"
                 "|---|---|---|---:|---:|---|---:|---:|---|\n", metric, metric);
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(t, "picks")) {
        const cJSON *b = cJSON_GetObjectItemCaseSensitive(p, "baseline");
        char *vals = values_text(cJSON_GetObjectItemCaseSensitive(p, "values"));
        char *own = values_text(cJSON_GetObjectItemCaseSensitive(b, "values"));
        char c1[32], c2[32], fig[32];
        char *build = tt_md_escape(json_str(p, "build"));     /* the user's options: a '|' would end the cell */
        fprintf(out, "| %s | %s | %s | %.6g | %s | %s | %s | %s | ", json_str(p, "variant"), build, vals,
                json_num(p, "metric"), cv_text(c1, sizeof c1, p), *own ? own : "-",
                fig_text(fig, sizeof fig, json_num(p, "at_defaults")), cv_text(c2, sizeof c2, b));
        gain_text(out, p);
        fprintf(out, " |\n");
        free(build);
        free(vals);
        free(own);
    }
}
