/* compare_provenance.c — a run's stop and cut rows, and what another run ran otherwise, as the
 * outputs of compare and history say them (compare_provenance.h). */
#include "compare_provenance.h"
#include "report_part.h"
#include "compare_devsetup.h"
#include "device/drvenv.h"
#include "spec/specdiff.h"
#include "store/rowstatus.h"
#include "store/rundevs.h"
#include "store/sweepid.h"
#include "lib/args.h"
#include "lib/calledas.h"
#include "lib/util.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* compared: whether an item of what makes one sweep is one a comparison says: not the device (the
 * sides table names it, and devices are what a comparison is often of), the experiment (joined
 * runs share it), the axes (configurations one side lacks are listed) or a shard's part. */
static int compared(const struct sweepid_item *id)
{
    return !id->device && strcmp(id->path, RJ_EXPERIMENT) && strcmp(id->path, RJ_AS_RUN) &&
           strncmp(id->path, RJ_SHARD, strlen(RJ_SHARD));
}

/* gloss: what an item's figure is, where the option's name alone misleads: run.json's rounds is the
 * rounds set for every row, which a row's own may pass ("--rounds (... 10 in run 1)" of a search
 * whose best row had 40 read as that row's). */
static const char *gloss(const struct sweepid_item *id)
{
    return !strcmp(id->path, RJ_ROUNDS) ? ": the rounds set for every row, run.json rounds; a row's own, results.tsv "
                                          "rounds, is more where an episode, --target-se or a search's race took more"
                                        : "";
}

/* spec_said: what of the spec texts x (of run an) and y (of bn) differs (spec/specdiff.h), or NULL
 * where either is no text read as a spec (a new string). */
static char *spec_said(const cJSON *x, const char *an, const cJSON *y, const char *bn)
{
    if (!cJSON_IsString(x) || !cJSON_IsString(y)) return NULL;
    struct specdiff d;
    specdiff_make(x->valuestring, y->valuestring, &d);
    char *said = specdiff_said(&d, an, bn);
    specdiff_free(&d);
    return said;
}

/* setup_differs: cmp_setup_differs, or (names) the items' names alone. */
static char *setup_differs(const struct rundir *a, const char *an, const struct rundir *b, const char *bn, int names)
{
    if (a == b || !a->rj.doc || !b->rj.doc) return NULL;
    struct sbuf t = {0};
    int semi = 0;
    for (const struct sweepid_item *id = sweepid_items; id->path; id++) {
        if (!compared(id)) continue;
        const cJSON *x = sweepid_at(a->rj.doc, id->path), *y = sweepid_at(b->rj.doc, id->path);
        if (sweepid_skip(id, x, y) || cJSON_Compare(x, y, 1) || (!x && !y)) continue;
        /* The spec said by what of it differs: its declared work changes every rate and no kernel,
         * a finding's edit nothing measured ("the spec" alone said neither). */
        char *spec = !names && !strcmp(id->path, RJ_SPEC) ? spec_said(x, an, y, bn) : NULL;
        if (spec) {
            sb_printf(&t, "%s%s", t.len ? ", " : "", spec);
            /* Its parts say "'N' in A, '4 * N' in B" themselves: what follows is set apart by "; ". */
            semi = 1;
            free(spec);
            continue;
        }
        /* The table's words are a refusal's ("the spec (it was edited since)"): the name alone. */
        const char *paren = strstr(id->what, " (");
        int len = paren ? (int)(paren - id->what) : (int)strlen(id->what);
        char *tx = sweepid_text(x), *ty = sweepid_text(y);
        sb_printf(&t, "%s%.*s", t.len ? (semi ? "; " : ", ") : "", len, id->what);
        if (tx && ty && !names) sb_printf(&t, " (%s in %s, %s in %s%s)", ty, bn, tx, an, gloss(id));
        free(tx);
        free(ty);
    }
    /* The device and driver as the run found them: the driver's variables, its compute units. */
    char *dev = cmp_devsetup_differs(a, an, b, bn);
    if (dev) sb_printf(&t, "%s%s", t.len ? (semi ? "; " : ", ") : "", dev);
    free(dev);
    return t.s;
}

char *cmp_setup_differs(const struct rundir *a, const char *an, const struct rundir *b, const char *bn)
{
    return setup_differs(a, an, b, bn, 0);
}

char *cmp_setup_differs_short(const struct rundir *a, const struct rundir *b)
{
    return setup_differs(a, "A", b, "B", 1);
}

/* run_name: side s's run as said: "run 2" (history), its label ("B"), or along a column, where
 * every side is the one run, "the run" (a new string). */
static char *run_name(const struct cmp_join *j, int s, int history)
{
    if (history) return xasprintf("run %d", s + 1);
    return xstrdup(j->nruns == 1 && j->n > 1 ? "the run" : j->side[s].label);
}

int cmp_say_stops(FILE *out, const struct cmp_join *j, int history, int markdown)
{
    int n = 0;
    for (int s = 0; s < j->n; s++) {
        if (s && j->side[s].r == j->side[s - 1].r) continue;       /* one run along a column: once */
        /* Its resume is for its run's device: that run's variable before it (RUSTICL_ENABLE). */
        char *was = called_as_for(drvenv_under_run(&j->side[s].r->rj));
        char *name = run_name(j, s, history), *w = rundir_stopped(j->side[s].r, name);
        called_as_back(was);
        const char *head = rundir_end(j->side[s].r) == RUNDIR_UNFINISHED ? "Unfinished" : "Stopped";
        /* A partial merge, or a shard, holds part of its sweep by design: said as a stop is (a gate
         * passed a merge missing a third of its sweep, with no word of it). */
        char *part = w ? NULL : report_part_words(j->side[s].r);
        n += w != NULL;                  /* a stop's, whose resume may add configurations; a part's not */
        if (part) {
            w = xasprintf("%s (%s) is %s", name, j->side[s].r->dir, part);
            head = "Part of a sweep";
            free(part);
        }
        if (w && markdown) fprintf(out, "\n**%s:** %s.\n", head, w);
        else if (w) fprintf(out, "clx: %s: %s\n", history ? "history" : "compare", w);
        free(name);
        free(w);
    }
    return n;
}

char *cmp_unended_lacks(const struct cmp_join *j, const int *listed)
{
    struct sbuf b = {0};
    for (int s = 1; s < j->n; s++) {
        const struct rundir *r = j->side[s].r;
        enum rundir_end end = rundir_end(r);
        /* Along a column the sides are one run: what one value lacks is no stop's. */
        char *part = end == RUNDIR_FINISHED ? report_part_name(r) : NULL;
        if ((end == RUNDIR_FINISHED && !part) || r == j->side[0].r) {
            free(part);
            continue;
        }
        int m = 0;
        for (int c = 0; c < j->nconf; c++) m += j->where[c * j->n] >= 0 && j->where[c * j->n + s] < 0 && !listed[c];
        const char *was = end == RUNDIR_UNFINISHED ? "is unfinished" : "was stopped";
        if (m)
            sb_printf(&b, "%s%s %s%s: %d configuration%s %s measured %s no row in it", b.len ? "; " : "", j->side[s].label,
                      part ? "is " : was, part ? part : "", m, m == 1 ? "" : "s", cmp_base_name(j), m == 1 ? "has" : "have");
        free(part);
    }
    return b.s;
}

char *cmp_cut_rows(const struct cmp_join *j)
{
    struct sbuf b = {0};
    for (int s = 1; s < j->n; s++) {
        int m = 0;
        for (int c = 0; c < j->nconf; c++) m += rundir_row_cut(j->side[s].r, j->where[c * j->n + s]);
        if (!m) continue;
        sb_printf(&b, "%s%s has %d configuration%s a stop cut short (flag " ROUNDS_CUT_FLAG ": only some of "
                  "%s rounds ran), never shown to pass whole", b.len ? "; " : "", j->side[s].label, m,
                  m == 1 ? "" : "s", m == 1 ? "its" : "their");
    }
    return b.s;
}

char *cmp_cut_rows_a(const struct cmp_join *j, const char *gate)
{
    int m = 0;
    for (int c = 0; c < j->nconf; c++) m += cmp_in_all(j, c) && rundir_row_cut(j->side[0].r, j->where[c * j->n]);
    if (!m) return NULL;
    char *g = gate ? xasprintf(" (--fail-on %s does not fail on them: A is the baseline, not what is under test; its "
                               "resume, said with its stop, measures them whole)", gate) : NULL;
    char *said = xasprintf("%d of A's rows %s cut short by a stop (flag " ROUNDS_CUT_FLAG ": only some of %s rounds "
                           "ran): %s verdict%s rest%s on fewer rounds than A's run asked%s", m, m == 1 ? "was" : "were",
                           m == 1 ? "its" : "their", m == 1 ? "its" : "their", m == 1 ? "" : "s", m == 1 ? "s" : "",
                           g ? g : "");
    free(g);
    return said;
}

/* one_cpu: where A and side s ran on the CPU of one host (run.json's device.type "CPU" and host alike,
 * each run on one device) through two OpenCL implementations, which name it apart (Intel's CPU runtime
 * "AMD EPYC", PoCL "pthread-skylake-avx512-AMD EPYC"): the words that say so, a new string; else NULL.
 * Said as "another device", a reader took the two for two processors. */
static char *one_cpu(const struct cmp_join *j, int s)
{
    const struct rundir *a = j->side[0].r, *b = j->side[s].r;
    if (!rundir_cpu(a) || !rundir_cpu(b) || !a->rj.host || !b->rj.host || strcmp(a->rj.host, b->rj.host) ||
        rundevs_count(&a->rj) > 1 || rundevs_count(&b->rj) > 1)
        return NULL;
    return xasprintf("both are the CPU of host %s (run.json's host), which A's %s names %s and %s's %s names %s",
                     a->rj.host, rj_str(a->platform), rj_str(a->device), j->side[s].label, rj_str(b->platform),
                     rj_str(b->device));
}

/* say_device: where side s ran on another device model, platform or driver than A
 * (cmp_other_device), what its verdicts are then of, and where a change of the code is compared:
 * clx compare of runs on Intel's CPU runtime and on PoCL offered --by, which cannot put them side by
 * side. */
static void say_device(FILE *out, const struct cmp_join *j, int s, int markdown)
{
    int d = cmp_other_device(j, 0, s);
    if (!d) return;
    /* One processor is no other device: its platform and driver are what differ (one platform's two
     * devices of it, PoCL's pthread and basic: another OpenCL device). */
    char *cpu = one_cpu(j, s);
    if (cpu && (d & ~CMP_OTHER_DEVICE)) d &= ~CMP_OTHER_DEVICE;
    /* "device", "platform and driver", "device, platform and driver": CMP_OTHER_ bits in order. */
    const char *what[] = { cpu ? "OpenCL device" : "device", "platform", "driver" };
    int left = !!(d & CMP_OTHER_DEVICE) + !!(d & CMP_OTHER_PLATFORM) + !!(d & CMP_OTHER_DRIVER);
    struct sbuf w = {0};
    for (int k = 0; k < 3; k++)
        if (d & (1 << k)) {
            left--;
            sb_printf(&w, "%s%s", what[k], left > 1 ? ", " : left == 1 ? " and " : "");
        }
    /* A run of several devices (a --split-any) named by its first part's device read as that one's:
     * which side's rows ran where is said. */
    const struct runjson *ra = &j->side[0].r->rj, *rb = &j->side[s].r->rj;
    char *mix = NULL;
    if (rundevs_count(ra) > 1 || rundevs_count(rb) > 1) {
        char *wa = rundevs_words(ra, 1), *wb = rundevs_words(rb, 1);
        mix = xasprintf("%s's rows ran on %s, A's on %s; ", j->side[s].label, wb, wa);
        free(wa);
        free(wb);
    }
    /* compare.md is read later, from anywhere: it names clx as a document does (clx_doc_cmd), the
     * console as it was called ("../clx compare RUN_A RUN_B" in compare.md was of one folder). */
    const char *clx = markdown ? clx_doc_cmd() : clx_cmd();
    char *said;
    if (cpu)
        /* Of one platform and driver (PoCL's pthread and basic devices) there are no two implementations:
         * two of its devices, each its own way of running the kernels on the processor. */
        said = xasprintf("%s: its verdicts compare %s on that one processor, not two processors, nor a change of the "
                         "code; a change of the code is compared on one device: its runs before and after it (%s "
                         "compare RUN_A RUN_B), or within one run (--by build, --by variant)", cpu,
                         d == CMP_OTHER_DEVICE ? "two OpenCL devices of one implementation (how each runs the kernels)"
                                               : "the two OpenCL implementations (their compilers and runtimes)", clx);
    else
        said = xasprintf("%sits verdicts compare what the two ran on (the device, its OpenCL implementation's "
                         "compiler and runtime), not a change of the code; a change of the code is compared on one "
                         "device: its runs before and after it (%s compare RUN_A RUN_B), or within one run "
                         "(--by build, --by variant)", mix ? mix : "", clx);
    free(mix);
    /* Where the two "devices" are one processor, its title says so before the words do. */
    const char *where = cpu ? ", on one processor" : "";
    if (markdown) fprintf(out, "\n**%s ran on another %s than A%s:** %s.\n", j->side[s].label, w.s, where, said);
    else fprintf(out, "clx: compare: %s ran on another %s than A%s: %s\n", j->side[s].label, w.s, where, said);
    free(cpu);
    free(said);
    free(w.s);
}

/* say_mixed: a comparison within one run (--by) whose rows ran on several devices (a --split-any):
 * its pairs of rows may be of two devices, which it sets side by side without a word otherwise. */
static void say_mixed(FILE *out, const struct cmp_join *j, int markdown)
{
    if (j->nruns != 1 || rundevs_count(&j->runs[0].rj) < 2) return;
    char *devs = rundevs_words(&j->runs[0].rj, 0), *parts = rundevs_parts(&j->runs[0].rj);
    const char *why = "a pair of rows of different devices compares the devices too (results.tsv's device column says "
                      "where each row ran)";
    if (markdown) fprintf(out, "\n**The rows ran on %s** (--split-any: %s): %s.\n", devs, parts, why);
    else fprintf(out, "clx: compare: the rows ran on %s (--split-any: %s); %s\n", devs, parts, why);
    free(devs);
    free(parts);
}

void cmp_say_setups(FILE *out, const struct cmp_join *j, int history, int markdown)
{
    if (!history) say_mixed(out, j, markdown);
    for (int s = 1; s < j->n; s++) {
        int ref = history ? s - 1 : 0;
        char *bn = run_name(j, s, history), *an = run_name(j, ref, history);
        char *d = cmp_setup_differs(j->side[ref].r, an, j->side[s].r, bn);
        if (d && markdown) fprintf(out, "\n**%c%s ran otherwise than %s:** %s.\n", toupper((unsigned char)*bn), bn + 1, an, d);
        else if (d) fprintf(out, "clx: %s: %s ran otherwise than %s: %s\n", history ? "history" : "compare", bn, an, d);
        if (!history) say_device(out, j, s, markdown);
        free(d);
        free(bn);
        free(an);
    }
}

/* sweep_args: what r was run with, but the options that measure nothing (where it wrote, what it
 * printed, its device's name, its launches' limit: lib/args.h's ARGS_COMPARED), one a line; or (lines: some run of the join recorded no args, a
 * clx before them) its command line (a new string). */
static char *sweep_args(const struct rundir *r, int lines)
{
    if (lines) return xstrdup(r->command ? r->command : "");
    /* Less the options that measure nothing (lib/args.h): where it wrote, what it printed, ... */
    struct strlist a = {0};
    args_without_neutral(r->rj.args.v, r->rj.args.n, ARGS_COMPARED, &a);
    struct sbuf b = {0};
    for (int k = 0; k < a.n; k++) sb_printf(&b, "%s\n", a.v[k]);
    sl_free(&a);
    return b.s ? b.s : xstrdup("");
}

int cmp_commands_differ(const struct cmp_join *j)
{
    int lines = 0;
    for (int k = 0; k < j->nruns; k++) lines |= !j->runs[k].rj.args.n;
    char *first = sweep_args(&j->runs[0], lines);
    int differ = 0;
    for (int k = 1; k < j->nruns && !differ; k++) {
        char *x = sweep_args(&j->runs[k], lines);
        differ = strcmp(first, x) != 0;
        free(x);
    }
    free(first);
    return differ;
}
