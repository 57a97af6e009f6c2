/* devselect.c — which device --device (or CLX_DEVICE) names, and the refusals that say why none or
 * several; apart from ocl.c's discovery and property snapshot because it is a matter of names and
 * messages, not of OpenCL queries. */
#include "devselect.h"
#include "diagnose.h"
#include "nodevice.h"
#include "platword.h"
#include "lib/names.h"
#include "lib/util.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int device_from_env;

void ocl_device_from_env(void) { device_from_env = 1; }
const char *ocl_device_flag(void) { return device_from_env ? "CLX_DEVICE=" : "--device "; }

/* number_alone: sel is a number and nothing else ("2", "-1"): digits with signs or blanks, no colon. */
static int number_alone(const char *sel)
{
    size_t n = strlen(sel);
    return n && strspn(sel, "0123456789+- \t") == n && strpbrk(sel, "0123456789");
}

/* holds: whether name holds sel (case-insensitive) where the match cuts no number in two: a sel
 * that starts with a digit does not match after a digit, one that ends with a digit not before
 * one ("A100" is not in "NVIDIA A1000", "12" not in "avx512"). */
static int holds(const char *name, const char *sel)
{
    size_t n = strlen(sel);
    if (!name || !n) return 0;
    for (const char *at = name; *at; at++) {
        if (strncasecmp(at, sel, n)) continue;
        if (isdigit((unsigned char)sel[0]) && at > name && isdigit((unsigned char)at[-1])) continue;
        if (isdigit((unsigned char)sel[n - 1]) && isdigit((unsigned char)at[n])) continue;
        return 1;
    }
    return 0;
}

/* The words --device takes for a kind of device, which is what a newcomer tries ("--device gpu"):
 * the first device of that CL_DEVICE_TYPE. To add one: a row with the word, the type's bit and how a
 * refusal says the kind. */
static const struct { const char *word; cl_device_type type; const char *said; } type_words[] = {
    { "cpu", CL_DEVICE_TYPE_CPU, "CPU" },
    { "gpu", CL_DEVICE_TYPE_GPU, "GPU" },
    { "accelerator", CL_DEVICE_TYPE_ACCELERATOR, "accelerator" },
};
enum { NTYPE_WORDS = sizeof type_words / sizeof type_words[0] };

/* type_word: the row of type_words that sel is, or -1. */
static int type_word(const char *sel)
{
    for (int k = 0; k < NTYPE_WORDS; k++)
        if (!strcasecmp(sel, type_words[k].word)) return k;
    return -1;
}

/* How a device is named by sel, in ocl_match's order after its P:D: its whole name, its type (sel a
 * type word), a part of its name. */
enum by { BY_WHOLE, BY_TYPE, BY_PART };

/* names: whether device d is named by sel in that way. */
static int names(const struct ocl_named *d, const char *sel, enum by by)
{
    if (by == BY_TYPE) {
        int k = type_word(sel);
        return k >= 0 && (d->type & type_words[k].type);
    }
    return by == BY_WHOLE ? !strcasecmp(d->name, sel) : holds(d->name, sel);
}

/* one_model_or_platform: whether a and b, both named by sel, may go to the first of them: one model
 * on one platform (identical GPUs), or one platform that sel names too (its first device, as a
 * platform's name gives). */
static int one_model_or_platform(const struct ocl_named *a, const struct ocl_named *b, const char *sel)
{
    if (!a->platform || !b->platform || strcmp(a->platform, b->platform)) return 0;
    return !strcmp(a->name, b->name) || holds(a->platform, sel);
}

/* by_name: the device named by sel in that way: its index, OCL_MATCH_SEVERAL, or -1 when none is. */
static int by_name(const struct ocl_named *all, int n, const char *sel, enum by by)
{
    int first = -1;
    for (int i = 0; i < n; i++)
        if (names(&all[i], sel, by)) {
            if (first < 0) first = i;
            else if (!one_model_or_platform(&all[first], &all[i], sel)) return OCL_MATCH_SEVERAL;
        }
    return first;
}

/* by_platword: the first device of the one platform whose word (platword_of) sel is: "intel" for
 * Intel's CPU runtime on an Intel host, where PoCL's device name holds "Intel" too, or "amd" for
 * AMD's platform where PoCL's "pthread-...-AMD EPYC" would have been taken for it. -1 where no
 * platform's word is sel, or several platforms' are (Intel's CPU and GPU runtimes). */
static int by_platword(const struct ocl_named *all, int n, const char *sel)
{
    int first = -1;
    for (int i = 0; i < n; i++) {
        char word[64];
        platword_of(all[i].platform, word, sizeof word);
        if (!*word || strcasecmp(word, sel)) continue;
        if (first < 0) first = i;
        else if (strcmp(all[first].platform, all[i].platform)) return -1;
    }
    return first;
}

int ocl_match(const struct ocl_named *all, int n, const char *sel)
{
    int p, d;
    char tail;
    if (sscanf(sel, "%d:%d%c", &p, &d, &tail) == 2) {
        for (int i = 0; i < n; i++)
            if (all[i].pidx == p && all[i].didx == d) return i;
        return -1;
    }
    /* A number alone is an index mistyped, never a part of a name: "2" is in "avx512". */
    if (number_alone(sel)) return -1;
    /* A device's whole name first: "AMD EPYC" is Intel's CPU runtime's device, whose name PoCL's
     * "pthread-skylake-avx512-AMD EPYC" holds too. */
    int i = by_name(all, n, sel, BY_WHOLE);
    /* Then a type word: "cpu" is a kind, not a part of PoCL's "cpu-haswell-..." alone. */
    if (i == -1) i = by_name(all, n, sel, BY_TYPE);
    /* Then a platform's word, as the README teaches it, before a part of a device's name. */
    if (i == -1) i = by_platword(all, n, sel);
    if (i == -1) i = by_name(all, n, sel, BY_PART);
    if (i != -1) return i;
    for (i = 0; i < n; i++)
        if (holds(all[i].platform, sel)) return i;
    const char *platform = platword_alias(sel);
    for (i = 0; platform && i < n; i++)
        if (all[i].platform && strstr(all[i].platform, platform)) return i;
    return -1;
}

/* picked_by: what picks device i alone, for a refusal: its P:D, and its platform's word or else its
 * whole name where ocl_match gives i for it (not the word where another device's name holds it). */
static void picked_by(struct sbuf *b, const struct ocl_named *all, int n, int i)
{
    char word[64];
    platword_of(all[i].platform, word, sizeof word);
    sb_printf(b, "%d:%d", all[i].pidx, all[i].didx);
    if (*word && ocl_match(all, n, word) == i) sb_printf(b, " or %s", word);
    else if (ocl_match(all, n, all[i].name) == i)
        sb_printf(b, strpbrk(all[i].name, " \t'\"()") ? " or \"%s\"" : " or %s", all[i].name);
}

char *ocl_match_several(const struct ocl_named *all, int n, const char *sel)
{
    /* The devices called sel where there are such, else those of the type it says, else those whose
     * names hold it (ocl_match's order). */
    enum by by = BY_PART;
    for (int i = 0; i < n && by == BY_PART; i++)
        if (names(&all[i], sel, BY_WHOLE)) by = BY_WHOLE;
    for (int i = 0; i < n && by == BY_PART; i++)
        if (names(&all[i], sel, BY_TYPE)) by = BY_TYPE;
    struct sbuf b = {0}, pick = {0};
    if (by == BY_TYPE)
        sb_printf(&b, "several devices are %s devices:", type_words[type_word(sel)].said);
    else
        sb_printf(&b, by == BY_WHOLE ? "several devices are called '%s':" : "several devices' names contain '%s':", sel);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (names(&all[i], sel, by)) {
            sb_printf(&b, "%s %d:%d %s (%s)", k ? "," : "", all[i].pidx, all[i].didx, all[i].name,
                      all[i].platform ? all[i].platform : "?");
            sb_printf(&pick, "%s", k++ ? ", " : "");
            picked_by(&pick, all, n, i);
        }
    sb_printf(&b, "; each is picked by: %s", pick.s ? pick.s : "");
    sb_free(&pick);
    return b.s;
}

char *ocl_named_list(const struct ocl_named *all, int n)
{
    struct sbuf b = {0};
    for (int i = 0; i < n; i++)
        sb_printf(&b, "%s%d:%d %s (%s)", i ? ", " : "", all[i].pidx, all[i].didx, all[i].name,
                  all[i].platform ? all[i].platform : "?");
    return b.s ? b.s : xstrdup("none");
}

int ocl_sel_blank(const char *sel)
{
    return !sel || strspn(sel, " \t") == strlen(sel);
}

/* A part of a device's name has a letter in it (AMD's "gfx90a:sramecc+:xnack-" has colons too):
 * digits and colons alone, with a colon, are meant as a P:D, well formed or not; a number alone is
 * an index mistyped. */
int ocl_sel_malformed(const char *sel)
{
    if (number_alone(sel)) return 1;
    size_t n = strlen(sel);
    if (!strchr(sel, ':') || strspn(sel, "0123456789:+- \t") != n) return 0;
    size_t p = strspn(sel, "0123456789");
    return !(p > 0 && sel[p] == ':' && strspn(sel + p + 1, "0123456789") == n - p - 1 && n > p + 1);
}

char *ocl_sel_mistake(const char *sel, const char *have)
{
    /* Without the devices (a dry run), the line stops where their list would start. */
    char *there = have ? xasprintf(" (there are: %s)", have) : xstrdup(""), *why = NULL;
    if (number_alone(sel)) {
        long v = strtol(sel, NULL, 10);
        why = xasprintf("'%s' is a number alone, which names no device: a device is named by its P:D "
                        "(platform:device) as clx devices lists them, %ld:0 rather than %s%s", sel,
                        v >= 0 && v < 100000 ? v : 0, sel, there);
    } else if (ocl_sel_malformed(sel))
        why = xasprintf("'%s' is not a P:D (two whole numbers, as clx devices lists them) nor a part of a device's "
                        "name%s", sel, there);
    free(there);
    return why;
}

char *ocl_sel_meant(const struct ocl_named *all, int n, const char *sel)
{
    /* The words that pick a device here, each once: "poc" is "pocl" mistyped, and a word for no
     * device here (nvidia on a host without one) is no suggestion. */
    char **words = xcalloc((size_t)n + NTYPE_WORDS + 1, sizeof *words);
    int k = 0;
    for (int i = 0; i < n + NTYPE_WORDS; i++) {
        char w[64];
        if (i < n) platword_of(all[i].platform, w, sizeof w);
        else snprintf(w, sizeof w, "%s", type_words[i - n].word);
        int seen = !*w || ocl_match(all, n, w) == -1;
        for (int j = 0; j < k && !seen; j++) seen = !strcmp(words[j], w);
        if (!seen) words[k++] = xstrdup(w);
    }
    char *said = did_you_mean(sel, words, k);
    for (int j = 0; j < k; j++) free(words[j]);
    free(words);
    return said;
}

struct ocl_device ocl_select(const char *sel)
{
    struct ocl_device *all, pick = {0};
    int n = ocl_devices(&all);
    if (n == 0) {
        diagnose_no_platform(stderr);
        exit(EXIT_CANNOT_RUN);
    }
    int found = -1;
    if (!ocl_sel_blank(sel)) {
        struct ocl_named *named = xcalloc((size_t)n, sizeof *named);
        char (*names)[256] = xcalloc((size_t)n, sizeof *names), (*plats)[256] = xcalloc((size_t)n, sizeof *plats);
        for (int i = 0; i < n; i++) {
            clGetDeviceInfo(all[i].id, CL_DEVICE_NAME, sizeof names[i], names[i], NULL);
            clGetPlatformInfo(all[i].platform, CL_PLATFORM_NAME, sizeof plats[i], plats[i], NULL);
            cl_device_type t = 0;
            clGetDeviceInfo(all[i].id, CL_DEVICE_TYPE, sizeof t, &t, NULL);
            named[i] = (struct ocl_named){ .pidx = all[i].pidx, .didx = all[i].didx, .name = names[i],
                                           .platform = plats[i], .type = t };
        }
        found = ocl_match(named, n, sel);
        char *several = found == OCL_MATCH_SEVERAL ? ocl_match_several(named, n, sel) : NULL;
        /* Kept where the leak checker sees them (statics), die() exiting with them unfreed. */
        static char *have, *meant;
        have = found < 0 && !several ? ocl_named_list(named, n) : NULL;
        meant = have ? ocl_sel_meant(named, n, sel) : NULL;
        free(named);
        free(names);
        free(plats);
        if (several) {
            free(all);
            die_usage("%s%s: %s", ocl_device_flag(), sel, several);
        }
        if (have) {
            /* A wrong device is a command-line mistake: say which devices there are. */
            free(all);
            char *mistake = ocl_sel_mistake(sel, have);
            if (mistake) die_usage("%s%s: %s", ocl_device_flag(), sel, mistake);
            /* A device that is not here now (a GPU gone from the host, a driver that did not load):
             * this host cannot run it, which a nightly job must not take for a mistyped command.
             * The platforms without a device say why where clx sees it (rusticl without
             * RUSTICL_ENABLE), since the one meant may be among them. */
            struct strlist none = {0};
            nodevice_list(&none);
            /* Kept where the leak checker sees it (a static), die() exiting with it unfreed. */
            static char *why;
            why = sl_join(&none, "; ");
            sl_free(&none);
            int k = type_word(sel);
            die("%s%s: no %s device%s (there are: %s%s%s)", ocl_device_flag(), sel, k >= 0 ? type_words[k].said : "such",
                meant, have, *why ? "; " : "", why);
        }
    } else {
        for (int i = 0; i < n && found < 0; i++) {
            cl_device_type t = 0;
            clGetDeviceInfo(all[i].id, CL_DEVICE_TYPE, sizeof t, &t, NULL);
            if (t & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR)) found = i;
        }
        if (found < 0) found = 0;
    }
    pick = all[found];
    free(all);
    return pick;
}
