/* kargs.c — a kernel's parameters (as the driver names them) against the spec's buffers and
 * arguments, so that a double buffer read through a float* is refused before the sweep instead of
 * being timed, or blamed on the reference. */
#include "kargs.h"
#include "device/kparams.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A parameter's type as clx can judge it: pointer or not, and its scalar type and vector width
 * (base -1: a type clx does not know, void for a pointer to void). */
struct ptype { int pointer, base, width, is_void; };

/* parse_type: "float4*", "uint", "unsigned int", "void*" into *p. */
static void parse_type(const char *text, struct ptype *p)
{
    char t[64];
    snprintf(t, sizeof t, "%s", text);
    size_t n = strlen(t);
    while (n && (t[n - 1] == ' ' || t[n - 1] == '*')) { p->pointer |= t[n - 1] == '*'; t[--n] = '\0'; }
    p->base = -1;
    p->width = 1;
    p->is_void = !strcmp(t, "void");
    const char *name = t;
    char u[64];
    if (!strncmp(t, "unsigned ", 9)) { snprintf(u, sizeof u, "u%s", t + 9); name = u; }
    if ((p->base = cltype_parse(name)) >= 0) return;
    /* A vector: the scalar's name, then 2, 3, 4, 8 or 16. */
    size_t k = strlen(name);
    while (k && name[k - 1] >= '0' && name[k - 1] <= '9') k--;
    int w = atoi(name + k);
    char scalar[64];
    snprintf(scalar, sizeof scalar, "%.*s", (int)k, name);
    if (k < strlen(name) && (w == 2 || w == 3 || w == 4 || w == 8 || w == 16) && (p->base = cltype_parse(scalar)) >= 0)
        p->width = w;
}

/* arg_text: argument a as the spec writes it ("double:CA", "local:4 * BINS"). A new string. */
static char *arg_text(const struct spec *s, const struct spec_arg *a)
{
    if (a->kind == ARG_BUFFER) return xstrdup(s->bufs[a->buffer].name);
    if (a->kind == ARG_LOCAL) return xasprintf("local:%s", a->expr);
    return xasprintf("%s:%s", a->type_param ? a->type_param : cltype_info(a->type)->name, a->expr);
}

/* a_an: the article before a type's name ("an int", "a uint"). */
static const char *a_an(const char *type) { return *type == 'i' ? "an" : "a"; }

/* param_said: "the kernel's parameter NAME" (or its place, counted from 1, where it has no name). */
static char *param_said(const char *name, int i)
{
    if (*name && strcmp(name, "?")) return xasprintf("the kernel's parameter %s", name);
    return xasprintf("the kernel's parameter %d (counted from 1)", i + 1);
}

/* mismatch: why argument i of type t does not fit parameter p (type text ptext), or NULL. */
static char *mismatch(const struct spec *s, int i, enum cltype t, const char *ptext, const char *pname)
{
    const struct spec_arg *a = &s->args[i];
    struct ptype p = {0};
    parse_type(ptext, &p);
    char *param = param_said(pname, i), *why = NULL;
    if (a->kind == ARG_BUFFER) {
        const struct spec_buffer *b = &s->bufs[a->buffer];
        const char *bt = cltype_info(t)->name;
        if (!p.pointer && p.base >= 0)
            why = xasprintf("%s:%d: buffer %s is passed to %s, %s %s, not a pointer", s->path, b->line, b->name, param,
                            a_an(ptext), ptext);
        else if (p.pointer && p.base >= 0 && p.base != (int)t) {
            char elem[64];
            snprintf(elem, sizeof elem, "%s", ptext);
            elem[strcspn(elem, " *")] = '\0';
            why = xasprintf("%s:%d: buffer %s is %s, but %s is %s: the kernel would read its %s elements as %s", s->path,
                            b->line, b->name, bt, param, ptext, bt, elem);
        }
    } else if (a->kind == ARG_LOCAL) {
        if (!p.pointer && p.base >= 0) {
            char *at = arg_text(s, a);
            why = xasprintf("%s:%d: argument %s is a __local buffer, but %s is %s, not a pointer", s->path, a->line, at,
                            param, ptext);
            free(at);
        }
    } else if (p.pointer || (p.base >= 0 && (p.base != (int)t || p.width > 1))) {
        char *at = arg_text(s, a);
        const char *tn = cltype_info(t)->name;
        why = p.pointer ? xasprintf("%s:%d: argument %s is %s %s, but %s is %s, a pointer (a buffer's name passes one)",
                                    s->path, a->line, at, a_an(tn), tn, param, ptext)
                        : xasprintf("%s:%d: argument %s is %s %s, but %s is %s %s", s->path, a->line, at, a_an(tn), tn,
                                    param, a_an(ptext), ptext);
        free(at);
    }
    free(param);
    return why;
}

char *kargs_count_mismatch(const struct spec *s, const char *kernel, unsigned takes)
{
    if (takes == (unsigned)s->nargs) return NULL;
    /* Named where the spec lists them, as a spec's own mistakes are. */
    char *at = s->nargs && s->args[0].line > 0 ? xasprintf("%s:%d: ", s->path, s->args[0].line) : xstrdup("");
    char *t = xasprintf("%s%s%s takes %u argument%s, the spec gives %d (does the template's argument list match the "
                        "spec's args?)", at, kernel ? "kernel " : "the kernel", kernel ? kernel : "", takes,
                        takes == 1 ? "" : "s", s->nargs);
    free(at);
    return t;
}

char *kargs_check(const struct spec *s, const char *kernel, const char *params, const enum cltype *btypes,
                  const enum cltype *atypes)
{
    if (!params) return NULL;
    /* Another count first: the types of arguments that moved up one say less than it does. */
    unsigned takes = 0;
    for (const char *c = params; *c; c++) takes += *c == '\n';
    char *count = kargs_count_mismatch(s, kernel, takes);
    if (count) return count;
    for (int i = 0; i < s->nargs; i++) {
        char type[64], name[128];
        if (kparams_get(params, i, type, sizeof type, name, sizeof name)) break;
        const struct spec_arg *a = &s->args[i];
        enum cltype t = a->kind == ARG_BUFFER ? btypes[a->buffer] : atypes[i];
        char *why = mismatch(s, i, t, type, name);
        if (why) return why;
    }
    return NULL;
}

int kargs_param_vector(const char *params, int i)
{
    char type[64], name[128];
    if (!params || kparams_get(params, i, type, sizeof type, name, sizeof name)) return 1;
    struct ptype p = {0};
    parse_type(type, &p);
    return p.pointer && p.base >= 0 ? p.width : 1;
}

char *kargs_set_failed(const struct spec *s, int i, enum cltype t, cl_kernel k, cl_int e)
{
    const struct spec_arg *a = &s->args[i];
    char *at = arg_text(s, a), *params = kparams_query(k);
    char type[64], name[128];
    char *kernel_side = params && !kparams_get(params, i, type, sizeof type, name, sizeof name)
        ? param_said(name, i) : NULL;
    struct sbuf b = {0};
    sb_printf(&b, "%s:%d: argument %s", s->path, a->line, at);
    if (a->kind == ARG_SCALAR) sb_printf(&b, " (%s, %zu bytes)", cltype_info(t)->name, cltype_info(t)->size);
    sb_printf(&b, ": clSetKernelArg(%d): %s", i, ocl_err_name(e));
    if (kernel_side) sb_printf(&b, "; %s is %s", kernel_side, type);
    else sb_printf(&b, " (does the kernel's parameter %d, counted from 1, have this type?)", i + 1);
    free(kernel_side);
    free(params);
    free(at);
    return b.s;
}
