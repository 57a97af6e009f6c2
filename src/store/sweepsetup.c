/* sweepsetup.c — the device's setup in resume's and merge's refusals: both values and the way on. */
#include "sweepsetup.h"
#include "runjson.h"
#include "lib/calledas.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* How a setup item is set as it was, by its path: the words after "resume it" and "run the part that
 * differs again" (then "as when it began", "as the others"), and what sets it. The driver's variables
 * in a resume are said by the command that sets them (sweepsetup_env). To add a setup item to
 * sweepid.c's table: its row here, or it is said as "under the same setup". */
static const struct { const char *path, *how, *set_by; } ways[] = {
    {RJ_DEVICE "." RJ_DEV_DRIVER_ENV, "with the same driver's variables", "set before clx, or unset by env -u NAME"},
    {RJ_DEVICE "." RJ_DEV_CPU_LOGICAL, "on as many host CPUs", "the CPU set taskset -c or a container gives"},
    {RJ_DEVICE "." RJ_DEV_COMPUTE_UNITS, "with as many compute units",
     "a CPU runtime's threads: the host CPUs it may use, PoCL's POCL_MAX_PTHREAD_COUNT"},
};

/* way: "HOW as WHEN (SET_BY)" for item id (a new string). */
static char *way(const struct sweepid_item *id, const char *when)
{
    for (size_t i = 0; i < sizeof ways / sizeof *ways; i++)
        if (!strcmp(ways[i].path, id->path)) return xasprintf("%s as %s (%s)", ways[i].how, when, ways[i].set_by);
    return xasprintf("under the same setup as %s (the driver's variables, the host CPUs it may use)", when);
}

char *sweepsetup_text(const cJSON *x)
{
    if (cJSON_IsString(x) && !*x->valuestring) return xstrdup("none");
    return sweepid_text(x);
}

/* assignment: whether p starts a NAME=VALUE word (a variable's name, then '='). */
static int assignment(const char *p)
{
    if (!isalpha((unsigned char)*p) && *p != '_') return 0;
    while (isalnum((unsigned char)*p) || *p == '_') p++;
    return *p == '=';
}

/* env_words: drvenv_of's "NAME=VALUE NAME=VALUE" into its words; a space not followed by an
 * assignment is the value's own (POCL_EXTRA_BUILD_FLAGS=-O3 -g). */
static void env_words(const char *s, struct strlist *out)
{
    const char *start = s && *s ? s : NULL;
    for (const char *p = start; p && *p; p++) {
        if (*p != ' ' || !assignment(p + 1)) continue;
        sl_push_own(out, xasprintf("%.*s", (int)(p - start), start));
        start = p + 1;
    }
    if (start) sl_push(out, start);
}

/* named: whether words set the variable that word (NAME=...) sets. */
static int named(const struct strlist *words, const char *word)
{
    size_t len = strcspn(word, "=");
    for (int i = 0; i < words->n; i++)
        if (!strncmp(words->v[i], word, len) && words->v[i][len] == '=') return 1;
    return 0;
}

char *sweepsetup_env(const char *want, const char *have)
{
    struct strlist w = {0}, h = {0};
    env_words(want, &w);
    env_words(have, &h);
    struct sbuf b = {0};
    sb_printf(&b, "%s", "");
    for (int i = 0; i < h.n; i++)
        if (!named(&w, h.v[i])) sb_printf(&b, "%s-u %.*s", b.len ? " " : "env ", (int)strcspn(h.v[i], "="), h.v[i]);
    for (int i = 0; i < w.n; i++) {
        if (sl_has(&h, w.v[i])) continue;
        size_t len = strcspn(w.v[i], "=");
        char *value = shell_word(w.v[i] + len + (w.v[i][len] ? 1 : 0));
        sb_printf(&b, "%s%.*s=%s", b.len ? " " : "", (int)len, w.v[i], value);
        free(value);
    }
    sl_free(&w);
    sl_free(&h);
    return b.s;
}

/* driver_env: doc's device.driver_env, NULL where it has none. */
static const char *driver_env(const cJSON *doc)
{
    const cJSON *x = sweepid_at(doc, RJ_DEVICE "." RJ_DEV_DRIVER_ENV);
    return cJSON_IsString(x) ? x->valuestring : NULL;
}

/* cpu_list: for the host CPUs item with the run's count x, a CPU list of as many ("0", "0-3") for
 * taskset -c (a new string); NULL for another item or no count. */
static char *cpu_list(const struct sweepid_item *id, const cJSON *x)
{
    if (strcmp(id->path, RJ_DEVICE "." RJ_DEV_CPU_LOGICAL) || !cJSON_IsNumber(x) || x->valuedouble < 1) return NULL;
    int n = (int)x->valuedouble;
    return n == 1 ? xstrdup("0") : xasprintf("0-%d", n - 1);
}

char *sweepsetup_resume_why(const struct sweepid_item *id, const cJSON *was, const cJSON *now, const char *dir,
                            const struct strlist *args)
{
    struct sbuf b = {0};
    const cJSON *x = sweepid_at(was, id->path), *y = sweepid_at(now, id->path);
    char *tx = sweepsetup_text(x), *ty = sweepsetup_text(y), *resume = clx_resume_cmd(dir);
    sb_printf(&b, "this run differs from the interrupted one in the device's setup: %s (run.json \"%s\"", id->what, id->path);
    if (tx && ty) sb_printf(&b, ": %s there, %s here", tx, ty);
    sb_printf(&b, "), and one results.tsv would hold rows of both setups; to go on with this run, ");
    char *env = strcmp(id->path, RJ_DEVICE "." RJ_DEV_DRIVER_ENV) ? NULL : sweepsetup_env(driver_env(was), driver_env(now));
    char *cpus = cpu_list(id, x);
    if (env && *env)
        sb_printf(&b, "set the driver's variables as they were: %s %s", env, resume);
    else if (cpus)
        /* Resuming as it is was just refused: the way on is a command that gives it the CPUs back. */
        sb_printf(&b, "resume it on as many host CPUs as when it began, %s (the CPU set taskset -c or a container "
                      "gives; %s is an example CPU list): taskset -c %s %s", tx, cpus, cpus, resume);
    else {
        char *w = way(id, "when it began");
        sb_printf(&b, "resume it %s: %s", w, resume);
        free(w);
    }
    sb_printf(&b, "; to time this setup, start a new run");
    if (args && args->n) {
        sb_printf(&b, ": %s run", clx_cmd());
        for (int i = 0; i < args->n; i++) sb_word(&b, args->v[i]);
    }
    free(env);
    free(cpus);
    free(tx);
    free(ty);
    free(resume);
    return b.s;
}

char *sweepsetup_merge_way(const struct sweepid_item *id)
{
    char *w = way(id, "the others"), *s = xasprintf("; the parts of one sweep run under one setup of the device: run "
                                                     "the part that differs again %s, then merge", w);
    free(w);
    return s;
}
