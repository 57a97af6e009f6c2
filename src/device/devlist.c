/* devlist.c — the devices a --device list names, each item resolved as --device resolves one
 * (ocl_match), duplicates dropped; the devices themselves read in a child process. */
#include "devlist.h"
#include "devselect.h"
#include "diagnose.h"
#include "nodevice.h"
#include "ocl.h"
#include "lib/child.h"
#include "lib/util.h"
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>

int devlist_is_list(const char *sel)
{
    return sel && (!strcasecmp(sel, "all") || strchr(sel, ','));
}

const char *devlist_index(const struct devlist_dev *d)
{
    static char buf[32];
    snprintf(buf, sizeof buf, "%d:%d", d->pidx, d->didx);
    return buf;
}

/* add_once: appends device i to pick unless it is there already; the new count. */
static int add_once(int *pick, int np, int i)
{
    for (int k = 0; k < np; k++)
        if (pick[k] == i) return np;
    pick[np] = i;
    return np + 1;
}

/* item_mistake: the error for item of the list sel when its form is a mistake (empty, a malformed
 * P:D, a number alone), with have as the devices there are (NULL: not looked at); else NULL. */
static char *item_mistake(const char *sel, const char *item, const char *have)
{
    if (!*item) {
        char *there = have ? xasprintf(" (there are: %s)", have) : xstrdup("");
        char *err = xasprintf("%s%s: an empty item in the list%s", ocl_device_flag(), sel, there);
        free(there);
        return err;
    }
    char *mistake = ocl_sel_mistake(item, have), *err = NULL;
    if (mistake) err = xasprintf("%s%s: %s", ocl_device_flag(), sel, mistake);
    free(mistake);
    return err;
}

char *devlist_syntax(const char *sel)
{
    if (ocl_sel_blank(sel)) return NULL;
    if (!devlist_is_list(sel)) {
        /* As ocl_select takes one device: the value whole, untrimmed. */
        char *mistake = ocl_sel_mistake(sel, NULL), *err = NULL;
        if (mistake) err = xasprintf("%s%s: %s", ocl_device_flag(), sel, mistake);
        free(mistake);
        return err;
    }
    struct strlist items = {0};
    sl_split(&items, sel, ',');
    char *err = NULL;
    for (int k = 0; k < items.n && !err; k++) {
        char *item = str_trim(items.v[k]);
        if (strcasecmp(item, "all")) err = item_mistake(sel, item, NULL);
    }
    sl_free(&items);
    return err;
}

int devlist_parse(const struct devlist_dev *all, int n, const char *none, const char *sel, int *pick, char **err)
{
    struct strlist items = {0};
    struct ocl_named *named = xcalloc((size_t)n + 1, sizeof *named);
    for (int i = 0; i < n; i++)
        named[i] = (struct ocl_named){ .pidx = all[i].pidx, .didx = all[i].didx, .name = all[i].name,
                                       .platform = all[i].platform, .type = all[i].type };
    sl_split(&items, sel, ',');
    int np = 0;
    for (int k = 0; k < items.n && np >= 0; k++) {
        char *item = str_trim(items.v[k]);
        if (!strcasecmp(item, "all")) {
            for (int i = 0; i < n; i++) np = add_once(pick, np, i);
            continue;
        }
        int i = *item ? ocl_match(named, n, item) : -1;
        if (i >= 0) { np = add_once(pick, np, i); continue; }
        if (i == OCL_MATCH_SEVERAL) {
            char *why = ocl_match_several(named, n, item);
            *err = xasprintf("%s%s: %s", ocl_device_flag(), sel, why);
            free(why);
            np = DEVLIST_MISTAKE;
            break;
        }
        char *have = ocl_named_list(named, n);
        *err = item_mistake(sel, item, have);
        if (*err) {
            np = DEVLIST_MISTAKE;
        } else {
            /* As --device with one: the platforms without a device say why (rusticl without
             * RUSTICL_ENABLE), since the one meant may be among them. */
            char *meant = ocl_sel_meant(named, n, item);
            *err = xasprintf("%s%s: no device matches '%s'%s (there are: %s%s%s)", ocl_device_flag(), sel, item, meant,
                             have, none && *none ? "; " : "", none ? none : "");
            free(meant);
            np = DEVLIST_MISSING;
        }
        free(have);
    }
    sl_free(&items);
    free(named);
    return np;
}

int devlist_same_model(const struct devlist_dev *a, const struct devlist_dev *b)
{
    return !strcmp(a->name, b->name) && !strcmp(a->vendor, b->vendor) && !strcmp(a->platform, b->platform) &&
           !strcmp(a->platform_version, b->platform_version) && !strcmp(a->driver, b->driver);
}

/* ---- discovery, in a child process ---------------------------------------------------------- */

/* The fields of a device's line on the pipe, in order; to add one, a field in struct devlist_dev
 * and a row here. */
#define STR_FIELD(f) { #f, offsetof(struct devlist_dev, f), sizeof ((struct devlist_dev *)0)->f }
static const struct { const char *name; size_t off, size; } str_fields[] = {
    STR_FIELD(name), STR_FIELD(vendor), STR_FIELD(platform), STR_FIELD(platform_version), STR_FIELD(driver),
};
#undef STR_FIELD
enum { NSTR = sizeof str_fields / sizeof str_fields[0] };

/* NONE: the mark of a line that is a platform without a device (nodevice_list's line), not a device. */
#define NONE "none\t"

/* no_tabs: s with each tab or newline a space (one value on a line of tab-separated fields). */
static void no_tabs(char *s)
{
    for (char *c = s; *c; c++) if (*c == '\t' || *c == '\n' || *c == '\r') *c = ' ';
}

/* say_devices: the child's side: one line per device, "P D TYPE FIELD..." separated by tabs (TYPE:
 * the CL_DEVICE_TYPE bits; a tab or newline inside a value becomes a space); then one per platform
 * without a device, NONE and why. */
static void say_devices(FILE *out)
{
    struct ocl_device *devs;
    int n = ocl_devices(&devs);
    if (n == 0) {
        diagnose_no_platform(stderr);
        exit(EXIT_CANNOT_RUN);
    }
    for (int i = 0; i < n; i++) {
        struct devprops p;
        ocl_query(devs[i].platform, devs[i].id, &p);
        struct devlist_dev d = { .pidx = devs[i].pidx, .didx = devs[i].didx,
                                 .is_cpu = (p.type & CL_DEVICE_TYPE_CPU) != 0, .type = (unsigned long)p.type };
        snprintf(d.name, sizeof d.name, "%s", p.name);
        snprintf(d.vendor, sizeof d.vendor, "%s", p.vendor);
        snprintf(d.platform, sizeof d.platform, "%s", p.platform);
        snprintf(d.platform_version, sizeof d.platform_version, "%s", p.platform_version);
        snprintf(d.driver, sizeof d.driver, "%s", p.driver);
        fprintf(out, "%d\t%d\t%lu", d.pidx, d.didx, d.type);
        for (int f = 0; f < NSTR; f++) {
            char *s = (char *)&d + str_fields[f].off;
            no_tabs(s);
            fprintf(out, "\t%s", s);
        }
        fprintf(out, "\n");
    }
    free(devs);
    struct strlist none = {0};
    nodevice_list(&none);
    for (int i = 0; i < none.n; i++) {
        no_tabs(none.v[i]);
        fprintf(out, NONE "%s\n", none.v[i]);
    }
    sl_free(&none);
}

/* take_line: one device line into d; 0, or -1 when it is not one. */
static int take_line(const char *line, struct devlist_dev *d)
{
    struct strlist f = {0};
    sl_split(&f, line, '\t');
    int ok = f.n == 3 + NSTR && sscanf(f.v[0], "%d", &d->pidx) == 1 && sscanf(f.v[1], "%d", &d->didx) == 1 &&
             sscanf(f.v[2], "%lu", &d->type) == 1;
    d->is_cpu = (d->type & CL_DEVICE_TYPE_CPU) != 0;
    for (int k = 0; ok && k < NSTR; k++)
        snprintf((char *)d + str_fields[k].off, str_fields[k].size, "%s", f.v[3 + k]);
    sl_free(&f);
    return ok ? 0 : -1;
}

int devlist_discover(struct devlist_dev **out, char **none)
{
    *out = NULL;
    struct strlist why = {0};
    int fd;
    pid_t pid = child_fork(&fd, "the process that lists the devices", 0);
    if (pid == 0) {
        FILE *w = fdopen(fd, "w");
        if (!w) _exit(EXIT_CANNOT_RUN);
        say_devices(w);
        exit(fclose(w) ? EXIT_CANNOT_RUN : 0);
    }
    /* Read line by line as they come: a line per device, however many there are. */
    FILE *r = fdopen(fd, "r");
    if (!r) die("cannot read the device list: %s", strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    int n = 0, bad = 0;
    while (getline(&line, &cap, r) > 0) {
        line[strcspn(line, "\n")] = '\0';
        if (!strncmp(line, NONE, strlen(NONE))) { sl_push(&why, line + strlen(NONE)); continue; }
        *out = xrealloc(*out, sizeof **out * (size_t)(n + 1));
        if (take_line(line, &(*out)[n])) bad = 1;
        else n++;
    }
    free(line);
    fclose(r);
    int st = child_wait(pid);
    if (!WIFEXITED(st) || WEXITSTATUS(st) || bad) {
        char *how = WIFSIGNALED(st) ? child_how(st) : NULL;
        if (how) warn("listing the devices: the process %s", how);
        else if (bad) warn("listing the devices: a line could not be read");
        free(how);
        free(*out);
        *out = NULL;
        sl_free(&why);
        return -1;
    }
    if (none) *none = sl_join(&why, "; ");
    sl_free(&why);
    return n;
}
