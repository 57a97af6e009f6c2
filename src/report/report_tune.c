/* report_tune.c — report.md's tuning pass, for a spec with `tune` (docs/spec.md, "Tuning"): what
 * each tuned variant ran at and its metric in the pass beside the spec's own values (the change as
 * the console says it: metric / at the spec's values - 1), or why there was no pass or no pick. */
#include "report.h"
#include "store/rundir.h"
#include "lib/texttab.h"
#include <ctype.h>
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

void report_tune(FILE *out, const struct rundir *r)
{
    const cJSON *t = runjson_part(&r->rj, RJ_TUNE);
    if (!cJSON_IsObject(t)) return;
    const char *mode = json_str(t, "mode"), *metric = json_str(t, "metric");
    fprintf(out, "\n## The tuning pass\n\n");
    if (!strcmp(mode, "pass")) {
        fprintf(out, "This folder is a tuning pass: its rows decided the picks of the run whose `tune/` it is (that "
                     "run's report shows them).\n");
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
                (int)json_num(t, "pass_rows"), wall);
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
    fprintf(out, "Before the sweep the variants where `%s` ran over %d configurations of their candidate axes "
                 "(%g trials each, one round, verified) in %s%s; each then ran at its best %s, the others at the "
                 "spec's own values. The pass's rows are in [tune/](tune/results.tsv).\n\n",
            json_str(t, "variants"), (int)json_num(t, "pass_rows"), json_num(t, "trials"), wall,
            cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(t, "pass_stopped")) ? ", when its time ran out" : "", metric);
    free(wall);
    fprintf(out, "| variant | build | picked | %s in the pass | at the spec's values | change |\n|---|---|---|---:|---:|---:|\n",
            metric);
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(t, "picks")) {
        char *vals = values_text(cJSON_GetObjectItemCaseSensitive(p, "values"));
        double m = json_num(p, "metric"), d = json_num(p, "at_defaults");
        fprintf(out, "| %s | %s | %s | %.6g | ", json_str(p, "variant"), json_str(p, "build"), vals, m);
        if (d > 0) fprintf(out, "%.6g | %+.1f%% |\n", d, 100 * (m / d - 1));
        else fprintf(out, "- | |\n");
        free(vals);
    }
}
