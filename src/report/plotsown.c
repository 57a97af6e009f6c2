/* plotsown.c — which files in a run's plots/ are a report's to replace (plotsown.h). */
#include "plotsown.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void plots_own_read(struct plots_own *o, const char *run_dir, const struct strlist *stems)
{
    memset(o, 0, sizeof *o);
    char *md = path_join(run_dir, "report.md");
    o->md = read_file(md, NULL);
    free(md);
    for (int i = 0; stems && i < stems->n; i++) sl_push(&o->stems, stems->v[i]);
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

/* of_stem: whether name is STEM.EXT or STEM-FIGURE.EXT (a plot of several figures, heat-fast.png). */
static int of_stem(const char *name, const char *stem)
{
    size_t n = strlen(stem);
    return !strncmp(name, stem, n) && (name[n] == '.' ? !strchr(name + n + 1, '.') : name[n] == '-');
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
