/* run_resume_src.c — --resume refused where a variant expands now to another kernel than the run's cl/ copy. */
#include "run_impl.h"
#include "spec/expandsame.h"
#include "store/jsonval.h"
#include "lib/version.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Past this many variants to expand, the comparison's pause (an m4 run each) is said before it. */
enum { SAY_CHECKING_OVER = 200 };

/* began_with: the clx version that began the run of was (which wrote its cl/): its first session's,
 * kept in "interruptions", else run.json's own (its only session's); "" where neither says. */
static const char *began_with(const struct runjson *was)
{
    const cJSON *first = cJSON_GetArrayItem(runjson_part(was, RJ_INTERRUPTIONS), 0);
    const char *v = json_str(first, RJ_CLX_VERSION);
    return *v ? v : rj_str(was->clx_version);
}

/* refuse: dies: variant v of the run in dir expands now to another kernel than its cl/NAME copy,
 * first differing at line. The template's hash (run.json template_sha) misses what it includes;
 * another clx's own m4 preparation (m4prep) can change the text too, so that is said first. */
static void refuse(const struct runner *r, const char *dir, int v, const char *name, const char *line)
{
    struct runjson was;
    char *err = NULL, *way, *other = NULL;
    if (runjson_read(dir, &was, &err)) {
        free(err);
        memset(&was, 0, sizeof was);
    }
    const char *began = began_with(&was);
    if (*began && strcmp(began, clx_version()))
        other = xasprintf("this clx (%s) is not the one that began the run (%s): its m4 preparation may expand the "
                          "template otherwise; or ", clx_version(), began);
    way = resume_edited_way("what changed", &was);
    /* FILE:LINE: as the spec's refusal names its line ("line N: " from spectext_quote_pair). */
    int n = 0, at = 0;
    if (sscanf(line, "line %d: %n", &n, &at) < 1 || !at) n = 0, at = 0;
    char *where = n > 0 ? xasprintf("%s:%d: %s", name, n, line + at) : xasprintf("%s, %s", name, line);
    die("cannot resume %s: variant %s expands now to another kernel than the run's (%s): %san m4 file its "
        "template %s includes (one in the template's folder, or m4/clx.m4) was edited since, or m4 is another "
        "version, and results.tsv would hold rows of two kernels%s",
        dir, r->plan.variants[v].id, where, other ? other : "", r->s->template_name, way);
}

/* say_checking: where many variants have a cl/ copy to expand again and compare, a line before the
 * pause (none under --quiet); a variant without one (never expanded) is not compared. */
static void say_checking(const struct runner *r, const char *dir)
{
    int nv = r->plan.nvariants, copies = 0;
    if (nv <= SAY_CHECKING_OVER || r->o->quiet) return;
    for (int v = 0; v < nv; v++) {
        char *name = xasprintf("cl/%s.cl", r->plan.variants[v].slug), *path = path_join(dir, name);
        copies += file_exists(path);
        free(path);
        free(name);
    }
    if (copies > SAY_CHECKING_OVER)
        fprintf(stderr, "clx: --resume %s: checking %d variants' expansions against the run's cl/\n", dir, copies);
}

void run_resume_sources(struct runner *r)
{
    const char *dir = r->o->resume_dir;
    int nv = r->plan.nvariants;
    r->bl.resumed = xcalloc((size_t)nv + 1, sizeof *r->bl.resumed);
    r->bl.nresumed = nv;
    say_checking(r, dir);
    for (int v = 0; v < nv; v++) {
        char *name = xasprintf("cl/%s.cl", r->plan.variants[v].slug), *path = path_join(dir, name);
        size_t n;
        char *was = read_file(path, &n), *err = NULL;
        char *now = was ? run_variant_source(r, v, &err) : NULL;
        char *line = expandsame_first_line(was, now);
        if (line) refuse(r, dir, v, name, line);
        r->bl.resumed[v] = now;
        free(err);
        free(was);
        free(path);
        free(name);
    }
}
