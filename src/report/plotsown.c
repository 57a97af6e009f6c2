/* plotsown.c — which files in a run's plots/ are a report's to replace (plotsown.h). */
#include "plotsown.h"
#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

/* The kinds of file a report writes for each figure, in plots/ (plot_gp.c's gp_finish). */
static const char *const exts[] = { ".tsv", ".gp", ".svg", ".png" };
#define NEXTS (int)(sizeof exts / sizeof *exts)

/* ext_of: the index in exts of the kind name ends in, or -1. */
static int ext_of(const char *name)
{
    for (int k = 0; k < NEXTS; k++)
        if (str_ends(name, exts[k]) && strlen(name) > strlen(exts[k])) return k;
    return -1;
}

void plots_own_read(struct plots_own *o, const char *run_dir, const struct strlist *stems, const char *drawn)
{
    memset(o, 0, sizeof *o);
    char *md = path_join(run_dir, "report.md");
    o->md = read_file(md, NULL);
    free(md);
    for (int i = 0; stems && i < stems->n; i++) sl_push(&o->stems, stems->v[i]);
    /* A plot's figures are named after their values (heat-fast), known once drawn: the draft has them. */
    DIR *dd = drawn ? opendir(drawn) : NULL;
    for (struct dirent *e; dd && (e = readdir(dd));) {
        int k = ext_of(e->d_name);
        if (k < 0) continue;
        char *stem = xstrdup(e->d_name);
        stem[strlen(stem) - strlen(exts[k])] = '\0';
        sl_push(&o->stems, stem);
        free(stem);
    }
    if (dd) closedir(dd);
}

/* name_char: a character a plot file's name may hold, so that "plots/sol.png" in report.md names
 * sol.png and not sol.png.bak. */
static int name_char(char c) { return c && (isalnum((unsigned char)c) || strchr("._-", c)); }

/* md_names: whether the earlier report.md names plots/name: a link, or a message naming its file. */
static int md_names(const char *md, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = md; p && (p = strstr(p, "plots/")); p++)
        if (!strncmp(p + 6, name, n) && !name_char(p[6 + n])) return 1;
    return 0;
}

/* of_stem: whether name is exactly a file the report writes of stem: STEM.tsv, .gp, .svg or .png
 * (not STEM-ANY.png: the user's lines-mine.png is not the plot lines's). */
static int of_stem(const char *name, const char *stem)
{
    size_t n = strlen(stem);
    int k = ext_of(name);
    return k >= 0 && !strncmp(name, stem, n) && !strcmp(name + n, exts[k]);
}

int plots_own_is(const struct plots_own *o, const char *name)
{
    if (md_names(o->md, name)) return 1;
    for (int i = 0; i < o->stems.n; i++)
        if (of_stem(name, o->stems.v[i])) return 1;
    return 0;
}

void plots_own_free(struct plots_own *o)
{
    free(o->md);
    sl_free(&o->stems);
    memset(o, 0, sizeof *o);
}
