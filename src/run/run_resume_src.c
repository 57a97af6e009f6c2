/* run_resume_src.c — --resume refused where a variant expands now to another kernel than the run's cl/ copy. */
#include "run_impl.h"
#include "spec/expandsame.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* refuse: dies: variant v of the run in dir expands now to another kernel than its cl/NAME copy,
 * first differing at line. The template's hash (run.json template_sha) misses what it includes. */
static void refuse(const struct runner *r, const char *dir, int v, const char *name, const char *line)
{
    struct runjson was;
    char *err = NULL, *way;
    if (runjson_read(dir, &was, &err)) {
        free(err);
        memset(&was, 0, sizeof was);
    }
    way = resume_edited_way("what changed", &was);
    die("cannot resume %s: variant %s expands now to another kernel than the run's (%s, %s): an m4 file its "
        "template %s includes (one in the template's folder, or m4/clx.m4) was edited since, or m4 is another "
        "version, and results.tsv would hold rows of two kernels%s",
        dir, r->plan.variants[v].id, name, line, r->s->template_name, way);
}

void run_resume_sources(struct runner *r)
{
    const char *dir = r->o->resume_dir;
    int nv = r->plan.nvariants;
    r->bl.resumed = xcalloc((size_t)nv + 1, sizeof *r->bl.resumed);
    r->bl.nresumed = nv;
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
