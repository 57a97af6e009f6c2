/* kparams.c — a built program's kernels and their parameters as the driver names them. */
#include "kparams.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* arg_text: parameter i's info `what` (a string), or NULL. A new string. */
static char *arg_text(cl_kernel k, cl_uint i, cl_kernel_arg_info what)
{
    size_t n = 0;
    if (clGetKernelArgInfo(k, i, what, 0, NULL, &n) != CL_SUCCESS || n == 0) return NULL;
    char *s = xcalloc(n + 1, 1);
    if (clGetKernelArgInfo(k, i, what, n, s, NULL) != CL_SUCCESS) { free(s); return NULL; }
    return s;
}

char *kparams_query(cl_kernel k)
{
    cl_uint n = 0;
    if (!k || clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof n, &n, NULL) != CL_SUCCESS) return NULL;
    struct sbuf b = {0};
    for (cl_uint i = 0; i < n; i++) {
        char *type = arg_text(k, i, CL_KERNEL_ARG_TYPE_NAME), *name = arg_text(k, i, CL_KERNEL_ARG_NAME);
        int have = type && *type;
        /* Kept to its line and field whatever the driver puts in it; an unnamed one is "?". */
        if (have) {
            for (char *c = type; *c; c++) if (*c == '\n' || *c == '\t') *c = ' ';
            for (char *c = name; c && *c; c++) if (*c == '\n' || *c == '\t') *c = ' ';
            sb_printf(&b, "%s\t%s\n", type, name && *name ? name : "?");
        }
        free(type);
        free(name);
        if (!have) { sb_free(&b); return NULL; }
    }
    return b.s ? b.s : xstrdup("");
}

int kparams_get(const char *params, int i, char *type, size_t tsize, char *name, size_t nsize)
{
    const char *l = params;
    for (int k = 0; l && *l && k < i; k++) {
        l = strchr(l, '\n');
        if (l) l++;
    }
    if (!l || !*l) return -1;
    size_t len = strcspn(l, "\n"), t = strcspn(l, "\t\n");
    snprintf(type, tsize, "%.*s", (int)t, l);
    snprintf(name, nsize, "%.*s", t < len ? (int)(len - t - 1) : 0, t < len ? l + t + 1 : "");
    return 0;
}

char *kparams_program_kernels(cl_program p)
{
    size_t n = 0;
    if (clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, 0, NULL, &n) != CL_SUCCESS || n == 0) return NULL;
    char *s = xcalloc(n + 1, 1);
    if (clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, n, s, NULL) != CL_SUCCESS || !*s) { free(s); return NULL; }
    struct sbuf b = {0};
    for (const char *c = s; *c; c++) {
        if (*c == ';') sb_printf(&b, ", ");
        else sb_putn(&b, c, 1);
    }
    free(s);
    return b.s;
}
