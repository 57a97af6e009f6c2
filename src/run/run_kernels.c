/* run_kernels.c — kernels.tsv, what each build gave (its columns, a build's row, the file opened, a kept
 * row replaced), and what the binaries say of their machine code (the console's line, run.json's isa_instr). */
#include "device/binfmt.h"
#include "run_impl.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The columns of kernels.tsv: one row per variant x build. */
static const char *const kernel_cols[] = {
    "variant", "build", "status", "wg_max", "wg_multiple", "local_bytes", "private_bytes", "regs",
    "bin_format", "bin_bytes", "bin_hash", "ptx_instr", "isa", "isa_instr", "build_ms", "cached", "log", NULL
};

void run_kernels_vals(struct strlist *row, const struct variant *var, const char *opts, const struct build *bd,
                      const char *logname, const struct strlist *more)
{
    struct strlist v = {0};
    sl_push(&v, var->id);
    sl_push(&v, plan_build_label(opts));
    sl_push(&v, row_status_word(bd->ok ? RS_OK : RS_BUILD_FAILED));
    sl_push_own(&v, xasprintf("%zu", bd->wg_max));
    sl_push_own(&v, xasprintf("%zu", bd->wg_multiple));
    sl_push_own(&v, xasprintf("%llu", (unsigned long long)bd->local_mem));
    sl_push_own(&v, xasprintf("%llu", (unsigned long long)bd->private_mem));
    sl_push_own(&v, bd->registers >= 0 ? xasprintf("%d", bd->registers) : xstrdup(""));
    sl_push(&v, bd->binary_format ? bd->binary_format : "");
    sl_push_own(&v, xasprintf("%zu", bd->binary_size));
    /* The binary's hash: two builds of one variant alike in it compiled to the same program, so their
     * difference is not their options' (rusticl ignores -cl-opt-disable); report/samebin.c reads it. */
    sl_push_own(&v, bd->binary ? xasprintf("%016llx", (unsigned long long)fnv1a(FNV1A_START, bd->binary, bd->binary_size))
                               : xstrdup(""));
    /* A build that never ran (a crash, an m4 error) was zeroed: it has no binary, so no counts. */
    int counted = bd->binary && bd->isa_instructions >= 0;
    sl_push_own(&v, bd->binary && bd->ptx_instructions >= 0 ? xasprintf("%d", bd->ptx_instructions) : xstrdup(""));
    sl_push(&v, counted ? bd->isa : "");
    sl_push_own(&v, counted ? xasprintf("%d", bd->isa_instructions) : xstrdup(""));
    sl_push_own(&v, xasprintf("%.1f", bd->build_seconds * 1e3));
    sl_push(&v, bd->cached ? "1" : "0");
    sl_push(&v, logname);
    for (int i = 0; i < more->n; i++) sl_push(&v, more->v[i]);
    *row = v;
}

void run_kernels_row(struct tsv_out *k, const struct variant *var, const char *opts, const struct build *bd,
                     const char *logname, const struct strlist *more)
{
    struct strlist v;
    run_kernels_vals(&v, var, opts, bd, logname, more);
    tsv_row(k, &v);
    sl_free(&v);
}

void run_kernels_row_again(struct runner *r, int k, const struct variant *var, const char *opts, const struct build *bd,
                           const char *logname, const struct strlist *more)
{
    struct tsv_out *t = &r->bl.ktsv;
    if (!t->f || t->failed) return;
    struct strlist v;
    run_kernels_vals(&v, var, opts, bd, logname, more);
    fflush(t->f);
    size_t n = 0;
    char *text = read_file(t->path, &n);
    struct sbuf out = {0};
    int line = 0, differs = 0, row = r->bl.row_kept[k];    /* the header is line 0, data row i line i + 1 */
    for (char *s = text, *next; s && *s; s = next, line++) {
        char *nl = strchr(s, '\n');
        next = nl ? nl + 1 : s + strlen(s);
        if (line != row) { sb_putn(&out, s, (size_t)(next - s)); continue; }
        /* Its status is its third cell. */
        const char *st = s;
        for (int c = 0; c < 2 && st; c++) st = (st = strchr(st, '\t')) ? st + 1 : NULL;
        size_t len = st ? strcspn(st, "\t\n") : 0;
        differs = st && (len != strlen(v.v[2]) || strncmp(st, v.v[2], len));
        char *mine = tsv_line(&v, v.n);
        sb_printf(&out, "%s", mine);
        free(mine);
    }
    if (differs) {
        /* Its later rows go to the new file's end. */
        if (write_file_atomic(t->path, out.s ? out.s : "", out.len) || (fclose(t->f), !(t->f = fopen(t->path, "a")))) {
            warn("cannot write %s: %s (its row of variant %s, build \"%s\" says what the build before this one gave)",
                 t->path, strerror(errno), var->id, opts);
            t->failed = 1;
        }
    }
    sb_free(&out);
    free(text);
    sl_free(&v);
}

const struct build *run_isa_uncounted(const struct run_builds *bl)
{
    for (int i = 0; i < bl->nvariants * bl->nbuilds; i++) {
        const struct build *bd = &bl->builds[i];
        struct binfmt_code code;
        char *why = NULL;
        if (!bd->ok || !bd->binary || bd->isa_instructions >= 0 || !bd->isa_why) continue;
        int has_code = binfmt_code(bd->binary, bd->binary_size, &code, &why) == 0;
        free(why);
        if (has_code) return bd;
    }
    return NULL;
}

cJSON *run_isa_json(const struct run_builds *bl)
{
    int counted = 0;
    const char *isa = NULL, *why = NULL;
    for (int i = 0; bl->builds && i < bl->nvariants * bl->nbuilds; i++) {
        const struct build *bd = &bl->builds[i];
        if (!bd->ok || !bd->binary) continue;
        if (bd->isa_instructions >= 0) { counted++; if (!isa) isa = bd->isa; }
        else if (!why) why = bd->isa_why;
    }
    if (!counted && !why) return NULL;   /* nothing was built here (another shard's, or a failed sweep) */
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "builds_counted", counted);
    if (isa) cJSON_AddStringToObject(o, "isa", isa);
    if (why) cJSON_AddStringToObject(o, "why", why);
    return o;
}

/* kernels_header: kernels.tsv's columns: the fixed ones, then one per count the spec expects. */
static void kernels_header(const struct runner *r, struct strlist *kcols)
{
    for (int i = 0; kernel_cols[i]; i++) sl_push(kcols, kernel_cols[i]);
    run_expect_columns(r->s, kcols);
}

void run_kernels_open(struct runner *r, struct tsv_out *ktsv)
{
    char *kpath = results_path(&r->out.res, "kernels.tsv");
    struct table before;
    run_kernels_read(r, kpath, &before);
    if (tsv_open(ktsv, kpath)) die("cannot write %s: %s", kpath, strerror(errno));
    free(kpath);
    struct strlist kcols = {0};
    kernels_header(r, &kcols);
    tsv_header(ktsv, &kcols);
    run_kernels_again(r, &before, &kcols);
    sl_free(&kcols);
}
