/* modes_columns.c — whether a variant's outputs can be read back by columns (work-item i writes column
 * i of each row), decided before any launch: from how its work-items cover the range (a grid-stride
 * the spec declares), then from what each output is: the vector the spec declares it written in, or
 * the vector the kernel's parameter points to, and only then from its size. */
#include "modes_impl.h"
#include "measure/kargs.h"
#include "device/kparams.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The reason every refusal ends with: the one rule a modes read-back holds a kernel to. */
#define COLUMNS_RULE "--modes reads a part's columns back from each row, so each work-item i must write column i " \
                     "(docs/spec.md, Modes)"

char *modes_stride_refused(const struct spec *s, const char *variant, const struct vars *vv)
{
    if (!s->grid_stride) return NULL;
    char *where = xasprintf("%s:%d", s->path, s->grid_stride_line), *err = NULL;
    double g = 0;
    if (expr_eval_as("grid_stride", where, s->grid_stride, vv, &g, &err)) { free(where); return err; }
    /* A part's or chunk's launch is its own NDRange: get_global_size(0) there is its size, so a
     * work-item strides by that, through columns that are not its own (and the first chunk through
     * all of them, which verifies by luck where every write is right, with its time meaningless). */
    char *why = g == 0 ? NULL
        : xasprintf("variant %s's work-items stride over the range by get_global_size(0) (%s: grid_stride = '%s', %g "
                    "here), which under a part or chunk is that launch's size, not the range's: " COLUMNS_RULE,
                    variant, where, s->grid_stride, g);
    free(where);
    return why;
}

/* declared_width: the vector width buffer b is declared written in for sl's variant (its vector
 * setting at the slot's variables; 1 where it declares none); 0 with *why where the setting has no
 * width here. */
static int declared_width(const struct spec *s, const struct spec_buffer *b, const struct slot *sl, char **why)
{
    if (!b->vector) return 1;
    char *where = xasprintf("%s:%d", s->path, b->vector_line), *label = xasprintf("buffer %s's vector", b->name);
    double w = 1;
    char *err = NULL;
    if (expr_eval_as(label, where, b->vector, &sl->vv, &w, &err)) *why = err;
    else if (w != 1 && w != 2 && w != 3 && w != 4 && w != 8 && w != 16)
        *why = xasprintf("%s = '%s' (%s) is %g here, not a vector width (1, 2, 3, 4, 8 or 16)", label, b->vector, where, w);
    free(where);
    free(label);
    return *why ? 0 : (int)w;
}

/* vector_refused: the refusal of output b, written as a vector of width w by each work-item, which
 * from says how it is known. A new string. */
static char *vector_refused(const struct dbuf *b, int w, const char *from)
{
    const char *t = cltype_info(b->type)->name;
    return xasprintf("output %s is written as %s%d by each work-item (%s), not one %s per work-item: " COLUMNS_RULE,
                     b->sb->name, t, w, from, t);
}

/* kernel_width: the widest vector a parameter of sl's kernel that takes spec buffer i points to
 * (1: scalars, or no types from the driver), and into *param which parameter, counted from 0. */
static int kernel_width(const struct spec *s, const struct slot *sl, int i, int *param)
{
    int widest = 1;
    for (int a = 0; a < s->nargs; a++) {
        if (s->args[a].kind != ARG_BUFFER || s->args[a].buffer != i) continue;
        int w = kargs_param_vector(sl->bd.params, a);
        if (w > widest) { widest = w; *param = a; }
    }
    return widest;
}

char *modes_columns_refused(const struct spec *s, const struct slot *sl)
{
    for (int i = 0; i < sl->bs.n; i++) {
        const struct dbuf *b = &sl->bs.b[i];
        /* Inputs go up whole to every device a part runs on: any width reads them right. */
        if (b->init || !b->result) continue;
        const struct spec_buffer *sb = b->sb;
        char *why = NULL;
        int w = declared_width(s, sb, sl, &why);
        if (why) return why;
        if (w > 1) {
            char *from = xasprintf("%s:%d: vector = '%s', %d here", s->path, sb->vector_line, sb->vector, w);
            why = vector_refused(b, w, from);
            free(from);
            return why;
        }
        /* The kernel's own word, where the driver names its parameters' types: a float4* output. */
        int param = -1;
        if ((w = kernel_width(s, sl, (int)(sb - s->bufs), &param)) > 1) {
            char type[64] = "?", name[128] = "";
            kparams_get(sl->bd.params, param, type, sizeof type, name, sizeof name);
            char *from = *name && strcmp(name, "?") ? xasprintf("the kernel's parameter %s is %s", name, type)
                                                    : xasprintf("the kernel's parameter %d is %s", param + 1, type);
            why = vector_refused(b, w, from);
            free(from);
            return why;
        }
        /* Scalar as far as anything says: its size must still be whole rows for the rectangles. */
        if (sl->extent && b->count % sl->extent == 0) continue;
        return xasprintf("output %s holds %zu elements, not a whole number of rows of the range's %zu work-items "
                         "(global[0]): " COLUMNS_RULE, sb->name, b->count, sl->extent);
    }
    return NULL;
}
