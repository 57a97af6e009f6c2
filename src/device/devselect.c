/* devselect.c — which device --device (or CLX_DEVICE) names, and the refusals that say why none or
 * several; apart from ocl.c's discovery and property snapshot because it is a matter of names and
 * messages, not of OpenCL queries. */
#include "devselect.h"
#include "diagnose.h"
#include "nodevice.h"
#include "platword.h"
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

/* names: whether device d's name is sel (whole) or holds it (part). */
static int names(const struct ocl_named *d, const char *sel, int whole)
{
    return whole ? !strcasecmp(d->name, sel) : holds(d->name, sel);
}

/* one_model_or_platform: whether a and b, both named by sel, may go to the first of them: one model
 * on one platform (identical GPUs), or one platform that sel names too (its first device, as a
 * platform's name gives). */
static int one_model_or_platform(const struct ocl_named *a, const struct ocl_named *b, const char *sel)
{
    if (!a->platform || !b->platform || strcmp(a->platform, b->platform)) return 0;
    return !strcmp(a->name, b->name) || holds(a->platform, sel);
}

/* by_name: the device whose name is sel (whole) or holds it (part): its index, OCL_MATCH_SEVERAL,
 * or -1 when no device's name does. */
static int by_name(const struct ocl_named *all, int n, const char *sel, int whole)
{
    int first = -1;
    for (int i = 0; i < n; i++)
        if (names(&all[i], sel, whole)) {
            if (first < 0) first = i;
            else if (!one_model_or_platform(&all[first], &all[i], sel)) return OCL_MATCH_SEVERAL;
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
    int i = by_name(all, n, sel, 1);
    if (i == -1) i = by_name(all, n, sel, 0);
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
    /* The devices called sel where there are such, else those whose names hold it (ocl_match's order). */
    int whole = 0;
    for (int i = 0; i < n && !whole; i++) whole = names(&all[i], sel, 1);
    struct sbuf b = {0}, pick = {0};
    sb_printf(&b, whole ? "several devices are called '%s':" : "several devices' names contain '%s':", sel);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (names(&all[i], sel, whole)) {
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
    if (number_alone(sel)) {
        long v = strtol(sel, NULL, 10);
        return xasprintf("'%s' is a number alone, which names no device: a device is named by its P:D "
                         "(platform:device) as clx devices lists them, %ld:0 rather than %s (there are: %s)", sel,
                         v >= 0 && v < 100000 ? v : 0, sel, have);
    }
    if (ocl_sel_malformed(sel))
        return xasprintf("'%s' is not a P:D (two whole numbers, as clx devices lists them) nor a part of a device's "
                         "name (there are: %s)", sel, have);
    return NULL;
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
    if (sel && *sel) {
        struct ocl_named *named = xcalloc((size_t)n, sizeof *named);
        char (*names)[256] = xcalloc((size_t)n, sizeof *names), (*plats)[256] = xcalloc((size_t)n, sizeof *plats);
        for (int i = 0; i < n; i++) {
            clGetDeviceInfo(all[i].id, CL_DEVICE_NAME, sizeof names[i], names[i], NULL);
            clGetPlatformInfo(all[i].platform, CL_PLATFORM_NAME, sizeof plats[i], plats[i], NULL);
            named[i] = (struct ocl_named){ .pidx = all[i].pidx, .didx = all[i].didx, .name = names[i], .platform = plats[i] };
        }
        found = ocl_match(named, n, sel);
        char *several = found == OCL_MATCH_SEVERAL ? ocl_match_several(named, n, sel) : NULL;
        char *have = found < 0 && !several ? ocl_named_list(named, n) : NULL;
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
            die("%s%s: no such device (there are: %s%s%s)", ocl_device_flag(), sel, have, *why ? "; " : "", why);
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
