/* report_tune.c — report.md's tuning pass, for a spec with `tune` (docs/spec.md, "Tuning"): what
 * each tuned variant ran at and its metric in the pass beside the spec's own values (the change as
 * the console says it: metric / at the spec's values - 1), or why there was no pass. */
#include "report.h"
#include "store/rundir.h"
#include "lib/texttab.h"
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
    if (strcmp(mode, "picked")) {
        char *why = tt_md_escape(json_str(t, "why"));
        fprintf(out, "No tuning pass in this run (%s): every variant ran at the spec's own values and the options given.\n",
                *why ? why : "not asked");
        free(why);
        return;
    }
    fprintf(out, "Before the sweep the variants where `%s` ran over %d configurations of their candidate axes "
                 "(%g trials each, one round, verified) in %.1f s%s; each then ran at its best %s, the others at the "
                 "spec's own values. The pass's rows are in [tune/](tune/results.tsv).\n\n",
            json_str(t, "variants"), (int)json_num(t, "pass_rows"), json_num(t, "trials"), json_num(t, "pass_wall_s"),
            cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(t, "pass_stopped")) ? ", when its time ran out" : "", metric);
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
