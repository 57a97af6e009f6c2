/* runsay.h — what clx report says of a run folder a unit test made (runfixture.h): its summary
 * tables as a string, a finding's verdict on it. Shared by the summary's and the findings' tests. */
#ifndef RUNSAY_H
#define RUNSAY_H
#include "lib/util.h"
#include "report/findings.h"
#include "report/summary.h"
#include "store/rundir.h"
#include "store/rundir_unreached.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* run_summary: summary_print's tables (flags: SUMMARY_BEST, ...) of the run in dir, Markdown where
 * markdown; "" where the folder cannot be opened (why said on stderr). A new string. */
static inline char *run_summary(const char *dir, int flags, int markdown)
{
    struct rundir r;
    char *err = NULL;
    if (rundir_open(dir, &r, &err)) { fprintf(stderr, "  %s\n", err); free(err); return xstrdup(""); }
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    summary_print(&r, flags, f, markdown);
    fclose(f);
    rundir_free(&r);
    return buf;
}

/* run_judged: f checked on the run in dir, into *fr (finding_result_free frees it; its strings are
 * its own); its verdict, or V_COUNT where the folder cannot be opened (said on stderr, *fr empty). */
static inline enum verdict run_judged(const char *dir, const struct spec_finding *f, struct finding_result *fr)
{
    struct rundir r;
    char *err = NULL;
    memset(fr, 0, sizeof *fr);
    if (rundir_open(dir, &r, &err)) { fprintf(stderr, "  %s\n", err); free(err); return V_COUNT; }
    /* As clx report reads it: a stopped run's configurations not reached as rows of their own. */
    struct rundir x;
    rundir_unreached_open(&r, &x, NULL, NULL);
    findings_eval(&x, f, fr);
    rundir_unreached_close(&x);
    rundir_free(&r);
    return fr->verdict;
}

/* run_judged_why: run_judged's verdict alone, and in *why the reason it cannot be checked (NULL where
 * it can; caller frees). */
static inline enum verdict run_judged_why(const char *dir, const struct spec_finding *f, char **why)
{
    struct finding_result fr;
    enum verdict v = run_judged(dir, f, &fr);
    if (v == V_COUNT) return v;
    *why = fr.why ? xstrdup(fr.why) : NULL;
    finding_result_free(&fr);
    return v;
}
#endif
