/* dump.c — `clx dump`: picks one variant, builds it, saves its program binary (and the files inside
 * a PoCL binary) and prints it as text: PTX as it is, other formats through the tools that read
 * them (llvm-dis, clang, objdump, spirv-dis), run without a shell; raw bytes only to a file or pipe. */
#include "dump.h"
#include "build.h"
#include "irtrim.h"
#include "poclbin.h"
#include "proc.h"
#include "ptx.h"
#include "util.h"
#include "variantid.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


/* Seconds a disassembler may take before it is stopped. */
enum { TOOL_SECONDS = 120 };

/* The programs that make text of a saved file, by view and the file's format (binary_format's
 * names), tried in order until one is installed and succeeds. "%d" in a program or package name
 * is the LLVM major version the driver was built with (PoCL names it in its platform version):
 * bitcode needs a reader at least as new as its writer, and a distribution's default llvm-dis can
 * be older (Debian 12: llvm-dis is LLVM 14, PoCL uses 15); a row with "%d" is skipped when that
 * version is unknown. "{}" in the arguments is the file. package: the Debian/Ubuntu package that
 * has the program, named when none is installed. To add a tool: a row. */
static const struct tool {
    enum dump_view view;
    const char *format, *prog, *package;
    const char *const args[10];
} tools[] = {
    { DUMP_IR, "LLVM bitcode", "llvm-dis-%d", "llvm-%d", { "-o", "-", "{}", NULL } },
    /* Clang reads bitcode too, and PoCL's Debian package depends on its clang: IR without another
     * package. -disable-llvm-passes: the module as stored, not optimised again. */
    { DUMP_IR, "LLVM bitcode", "clang-%d", "clang-%d",
      { "-S", "-emit-llvm", "-Xclang", "-disable-llvm-passes", "-x", "ir", "-o", "-", "{}", NULL } },
    { DUMP_IR, "LLVM bitcode", "llvm-dis", "llvm", { "-o", "-", "{}", NULL } },
    { DUMP_IR, "SPIR-V", "spirv-dis", "spirv-tools", { "{}", NULL } },
    { DUMP_ASM, "ELF", "objdump", "binutils", { "-d", "{}", NULL } },
    /* Machines binutils does not know (AMD GPUs' amdgcn objects). */
    { DUMP_ASM, "ELF", "llvm-objdump", "llvm", { "-d", "{}", NULL } },
};
#define NTOOLS (sizeof tools / sizeof tools[0])

static const char *const view_flag[] = { [DUMP_BINARY] = "", [DUMP_IR] = "--ir", [DUMP_ASM] = "--asm" };
static const char *const view_what[] = { [DUMP_BINARY] = "", [DUMP_IR] = "the LLVM IR",
                                         [DUMP_ASM] = "the disassembly" };

/* ---- picking a variant ---- */

static int same(const char *a, const char *b) { return a && b ? !strcmp(a, b) : a == b; }

/* varying_keys: the template parameters whose value is not the same in every variant (the ones
 * that tell variants apart), in the order of their first appearance. */
static void varying_keys(const struct plan *p, struct strlist *out)
{
    for (int i = 0; i < p->nvariants; i++)
        for (int k = 0; k < p->variants[i].keys.n; k++) {
            const char *key = p->variants[i].keys.v[k];
            int seen = 0, varies = 0;
            for (int j = 0; j < out->n && !seen; j++) seen = !strcmp(out->v[j], key);
            for (int j = 1; j < p->nvariants && !seen && !varies; j++)
                varies = !same(plan_variant_value(&p->variants[0], key), plan_variant_value(&p->variants[j], key));
            if (varies) sl_push(out, key);
        }
}

/* matches: whether variant i alone satisfies sel (plan_find_variant on a plan of that one). */
static int matches(const struct plan *p, int i, const struct strlist *sel)
{
    struct plan one = *p;
    one.variants = &p->variants[i];
    one.nvariants = 1;
    return plan_find_variant(&one, sel) == 0;
}

int dump_pick(const struct plan *p, const char *experiment, char *const *args, int nargs)
{
    struct strlist sel = {0}, keys = {0};
    struct sbuf given = {0};
    /* Each argument an id as results.tsv prints it (variantid.h): a name, NAME:K=V,... or K=V. */
    for (int i = 0; i < nargs; i++) {
        struct vid id;
        char *err = NULL;
        if (vid_parse(args[i], &id, &err)) {
            fprintf(stderr, "clx dump: %s\n", err);
            free(err);
            sl_push(&sel, "variant=");   /* matches nothing: the candidates are listed below */
        } else {
            if (id.name) sl_push_own(&sel, xasprintf("variant=%s", id.name));
            for (int k = 0; k < id.keys.n; k++) sl_push_own(&sel, xasprintf("%s=%s", id.keys.v[k], id.vals.v[k]));
            vid_free(&id);
        }
        sb_printf(&given, "%s%s", i ? " " : "", args[i]);
    }
    /* Nothing given matches every variant: the only one, or several (-2). */
    int v = plan_find_variant(p, &sel);
    if (v >= 0) goto out;
    /* Not one: list the candidates (those matching what was given, or all when none does). */
    int *cand = xcalloc((size_t)p->nvariants, sizeof *cand), nc = 0;
    for (int i = 0; i < p->nvariants; i++)
        if (v == -1 || matches(p, i, &sel)) cand[nc++] = i;
    if (nargs == 0)
        fprintf(stderr, "clx dump: %s has %d variants: give one's id (as results.tsv prints it), or PARAM=VALUE pairs that pick it:\n",
                experiment, p->nvariants);
    else if (v == -2)
        fprintf(stderr, "clx dump: %d variants of %s match '%s': pick one of them by its id:\n", nc, experiment, given.s);
    else
        fprintf(stderr, "clx dump: no variant matches '%s' in %s: pick one of:\n", given.s, experiment);
    varying_keys(p, &keys);
    int id_w = 0;
    for (int c = 0; c < nc; c++)
        if ((int)strlen(p->variants[cand[c]].id) > id_w) id_w = (int)strlen(p->variants[cand[c]].id);
    /* Each candidate by its id (unique in a plan, so it is also the example), then the parameters
     * that tell it from the others. */
    const char *example = nc ? p->variants[cand[0]].id : NULL;
    for (int c = 0; c < nc; c++) {
        const struct variant *var = &p->variants[cand[c]];
        struct sbuf line = {0};
        for (int k = 0; k < keys.n; k++) {
            const char *val = plan_variant_value(var, keys.v[k]);
            if (val) sb_printf(&line, "%s%s=%s", line.len ? " " : "", keys.v[k], val);
        }
        /* An id that is its pairs already ("ILP=4", no named variants) is not said twice. */
        char *as_id = line.s ? xstrdup(line.s) : xstrdup("");
        for (char *c = as_id; *c; c++) if (*c == ' ') *c = ',';
        if (!strcmp(as_id, var->id) || !line.s) fprintf(stderr, "  %s\n", var->id);
        else fprintf(stderr, "  %-*s  %s\n", id_w, var->id, line.s);
        free(as_id);
        sb_free(&line);
    }
    if (example) fprintf(stderr, "e.g. clx dump %s %s\n", experiment, example);
    free(cand);
    v = -1;
out:
    sl_free(&sel);
    sl_free(&keys);
    sb_free(&given);
    return v;
}

/* ---- what to print ---- */

enum dump_out dump_output(const char *format, int is_text, enum dump_view view, int tty)
{
    int ptx = !strcmp(format, "PTX");
    if (view == DUMP_IR) return ptx ? DUMP_OUT_NONE : DUMP_OUT_TOOL;
    if (view == DUMP_ASM) return ptx ? DUMP_OUT_TEXT : DUMP_OUT_TOOL;
    if (ptx || is_text) return DUMP_OUT_TEXT;
    return tty ? DUMP_OUT_DESCRIBE : DUMP_OUT_RAW;
}

/* is_text: no byte a text file would not have (NVIDIA's PTX, or a driver that hands out source). */
static int is_text(const unsigned char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (b[i] < 0x20 && b[i] != '\n' && b[i] != '\t' && b[i] != '\r') return 0;
    return n > 0;
}

/* A saved file a tool may read: the binary itself, or one of the files inside a PoCL binary. */
struct piece {
    char *path;                  /* on disk */
    char *name;                  /* as the user knows it: "program.bc", or the binary's file name */
    const char *format;          /* binary_format's name */
    size_t size;
};

/* llvm_major: the LLVM version a driver says it was built with ("... LLVM 15.0.6 ..."), or -1. */
static int llvm_major(const struct devprops *dp)
{
    const char *const texts[] = { dp->platform_version, dp->version, dp->driver };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        const char *s = strstr(texts[i], "LLVM ");
        int v;
        if (s && sscanf(s + 5, "%d", &v) == 1 && v > 0) return v;
    }
    return -1;
}

/* fill: a tool row's program or package name with the LLVM version in place of "%d"; NULL when
 * it has one and the version is unknown. */
static char *fill(const char *name, int major)
{
    const char *d = strstr(name, "%d");
    if (!d) return xstrdup(name);
    if (major < 0) return NULL;
    return xasprintf("%.*s%d%s", (int)(d - name), name, major, d + 2);
}

static int has_tool(enum dump_view view, const char *format)
{
    for (size_t t = 0; t < NTOOLS; t++)
        if (tools[t].view == view && !strcmp(tools[t].format, format)) return 1;
    return 0;
}

/* tool_names: "llvm-dis-15, clang-15 or llvm-dis" (with packages: "llvm-dis-15 (package llvm-15)")
 * for the view and format; the first package into *first when asked. */
static char *tool_names(enum dump_view view, const char *format, int major, int with_packages, char **first)
{
    struct strlist names = {0};
    for (size_t t = 0; t < NTOOLS; t++) {
        if (tools[t].view != view || strcmp(tools[t].format, format)) continue;
        char *prog = fill(tools[t].prog, major), *pkg = fill(tools[t].package, major);
        if (prog && pkg) {
            sl_push_own(&names, with_packages ? xasprintf("%s (package %s)", prog, pkg) : xstrdup(prog));
            if (first && !*first) *first = xstrdup(pkg);
        }
        free(prog);
        free(pkg);
    }
    struct sbuf b = {0};
    for (int i = 0; i < names.n; i++)
        sb_printf(&b, "%s%s", i == 0 ? "" : i == names.n - 1 ? " or " : ", ", names.v[i]);
    if (!b.s) sb_printf(&b, "%s", "");
    sl_free(&names);
    return b.s;
}

/* first_line: the first non-empty line of s, for a one-line reason. */
static char *first_line(const char *s)
{
    s += strspn(s, " \t\n");
    return xasprintf("%.*s", (int)strcspn(s, "\n"), s);
}

/* run_tools: the view of one piece on stdout, by the first tool of the table that is installed
 * and succeeds; 0, 1 after saying which tools failed, or 2 after saying that none is installed and
 * which package has one. */
static int run_tools(enum dump_view view, const struct piece *pc, int major)
{
    struct sbuf failed = {0};
    for (size_t t = 0; t < NTOOLS; t++) {
        if (tools[t].view != view || strcmp(tools[t].format, pc->format)) continue;
        char *prog = fill(tools[t].prog, major);
        if (!prog || !proc_on_path(prog)) { free(prog); continue; }
        const char *argv[12];
        int n = 0;
        argv[n++] = prog;
        for (int a = 0; tools[t].args[a] && n < 11; a++)
            argv[n++] = strcmp(tools[t].args[a], "{}") ? tools[t].args[a] : pc->path;
        argv[n] = NULL;
        struct proc_result r;
        int ran = proc_run((char *const *)argv, NULL, TOOL_SECONDS, &r) == 0;
        int ok = ran && r.status == 0 && !r.timed_out && r.out[0];
        if (ok && view == DUMP_IR) {
            /* The whole module goes beside the binary; the screen gets what its functions use. */
            char *full = xasprintf("%s.ll", pc->path);
            int saved = write_file_atomic(full, r.out, strlen(r.out)) == 0, dropped = 0;
            char *shown = ir_drop_unused_globals(r.out, &dropped);
            fprintf(stderr, "clx: %s of %s, by %s", view_what[view], pc->name, prog);
            if (dropped)
                fprintf(stderr, "; %d global tables no function uses left out (the driver's library)%s%s", dropped,
                        saved ? ", the whole module in " : "", saved ? full : "");
            fprintf(stderr, "\n");
            fputs(shown, stdout);
            free(shown);
            free(full);
        } else if (ok) {
            fprintf(stderr, "clx: %s of %s, by %s\n", view_what[view], pc->name, prog);
            fputs(r.out, stdout);
        }
        else {
            char *why = first_line(r.err && r.err[0] ? r.err : "no output");
            sb_printf(&failed, "clx: %s %s: %s%s\n", prog, pc->path, r.timed_out ? "stopped after the time limit; " : "", why);
            free(why);
        }
        proc_result_free(&r);
        free(prog);
        if (ok) { sb_free(&failed); return 0; }
    }
    char *pkg = NULL, *names = tool_names(view, pc->format, major, 1, &pkg);
    if (failed.s) {
        fputs(failed.s, stderr);
        if (major > 0 && !strcmp(pc->format, "LLVM bitcode"))
            fprintf(stderr, "clx: the driver's LLVM is %d: its bitcode needs a reader as new (apt-get install %s)\n", major, pkg);
    } else {
        fprintf(stderr, "clx: %s of %s needs %s; none is installed (Debian/Ubuntu: apt-get install %s)\n",
                view_flag[view], pc->name, names, pkg ? pkg : "?");
    }
    int rc = failed.s ? 1 : 2;
    free(names);
    free(pkg);
    sb_free(&failed);
    return rc;
}

/* show_view: the view of every piece that has one; 1 when there is none (and why). */
static int show_view(enum dump_view view, const struct piece *pcs, int npc, int major, const char *format)
{
    int shown = 0, rc = 0;
    struct strlist missing = {0};      /* formats with no tool installed: said once */
    for (int i = 0; i < npc; i++) {
        int said = 0;
        for (int k = 0; k < missing.n; k++) said |= !strcmp(missing.v[k], pcs[i].format);
        if (said || !has_tool(view, pcs[i].format)) continue;
        int r = run_tools(view, &pcs[i], major);
        if (r == 2) sl_push(&missing, pcs[i].format);
        rc |= r != 0;
        shown++;
    }
    sl_free(&missing);
    if (!shown) {
        fprintf(stderr, "clx: %s: no %s in this binary (%s)", view_flag[view], view == DUMP_IR ? "LLVM IR" : "machine code", format);
        if (view == DUMP_IR && has_tool(DUMP_ASM, format)) fprintf(stderr, "; --asm disassembles it");
        fputc('\n', stderr);
        return 1;
    }
    return rc;
}

static void hexdump(const unsigned char *b, size_t n, FILE *out)
{
    for (size_t i = 0; i < n; i += 16) {
        fprintf(out, "%08zx ", i);
        for (size_t k = i; k < i + 16 && k < n; k++) fprintf(out, " %02x", b[k]);
        fprintf(out, "\n");
    }
}

/* describe: for a terminal, instead of the bytes: what was saved and how to read it. */
static void describe(FILE *out, const struct build *b, const char *path, const struct piece *pcs, int npc,
                     const char *folder, int major)
{
    fprintf(out, "%s, %zu bytes, saved to %s (not printed on a terminal: redirect stdout for the bytes)\n",
            b->binary_format, b->binary_size, path);
    if (folder) {
        int w = 0;
        for (int i = 0; i < npc; i++) if ((int)strlen(pcs[i].name) > w) w = (int)strlen(pcs[i].name);
        fprintf(out, "the files inside it, saved in %s/:\n", folder);
        for (int i = 0; i < npc; i++) fprintf(out, "  %-*s  %s, %zu bytes\n", w, pcs[i].name, pcs[i].format, pcs[i].size);
    }
    int offered = 0;
    for (enum dump_view v = DUMP_IR; v <= DUMP_ASM; v++) {
        const char *format = NULL;
        for (int i = 0; i < npc && !format; i++) if (has_tool(v, pcs[i].format)) format = pcs[i].format;
        if (!format) continue;
        char *names = tool_names(v, format, major, 0, NULL);
        fprintf(out, "%s  %-5s %s (%s, by %s)\n", offered ? "         " : "readable:", view_flag[v], view_what[v], format, names);
        free(names);
        offered = 1;
    }
    if (!offered) {
        fprintf(out, "clx knows no tool that reads this format; its first bytes:\n");
        hexdump(b->binary, b->binary_size < 256 ? b->binary_size : 256, out);
    }
}

/* save_pocl_files: the files inside a PoCL binary, written below folder, as pieces; their count. */
static int save_pocl_files(const struct build *b, const char *folder, struct piece **pcs)
{
    struct poclbin_file *f;
    int n = poclbin_files(b->binary, b->binary_size, &f);
    *pcs = NULL;
    if (n <= 0) { poclbin_free(f, n < 0 ? 0 : n); return 0; }
    *pcs = xcalloc((size_t)n, sizeof **pcs);
    for (int i = 0; i < n; i++) {
        char *path = path_join(folder, f[i].path), *slash = strrchr(path, '/');
        *slash = '\0';
        if (mkdir_p(path)) die("cannot make %s: %s", path, strerror(errno));
        *slash = '/';
        if (write_file_atomic(path, f[i].data, f[i].size)) die("cannot write %s", path);
        const char *ext;
        (*pcs)[i] = (struct piece){ path, xstrdup(f[i].path), binary_format(f[i].data, f[i].size, &ext), f[i].size };
    }
    poclbin_free(f, n);
    return n;
}

int dump_variant(const struct spec *s, const struct variant *var, const char *source, const struct dump_opts *o)
{
    struct ocl_device dev = ocl_select(o->device);
    struct devprops dp;
    ocl_query(dev.platform, dev.id, &dp);
    cl_int e;
    cl_context ctx = clCreateContext(NULL, 1, &dev.id, NULL, NULL, &e);
    if (e != CL_SUCCESS) die("clCreateContext: %s", ocl_err_name(e));
    struct build b;
    build_variant(ctx, dev.id, &dp, source, o->build, var->kernel, &b);
    if (!b.binary) die("variant %s, build \"%s\": %s", var->id, o->build, b.error ? b.error : "no program binary");
    char *bslug = plan_build_slug(o->build), *dir = path_join(o->results_root, "dumps");
    if (mkdir_p(dir)) die("cannot make %s: %s", dir, strerror(errno));
    char *base = xasprintf("%s/%s-%s-%s", dir, s->name, var->slug, bslug);
    char *path = xasprintf("%s%s", base, b.binary_ext);
    if (write_file_atomic(path, b.binary, b.binary_size)) die("cannot write %s", path);
    fprintf(stderr, "clx: %s variant %s, build \"%s\" on %s: %s, %zu bytes, saved to %s\n", s->name, var->id, o->build,
            dp.name, b.binary_format, b.binary_size, path);
    if (b.registers >= 0) fprintf(stderr, "clx: %d registers per work-item (-cl-nv-verbose)\n", b.registers);
    if (b.ptx_instructions >= 0) fprintf(stderr, "clx: %d PTX instructions in .entry %s\n", b.ptx_instructions, var->kernel);

    /* The pieces tools read: a PoCL binary's files (saved in a folder named like the binary), or
     * the binary itself. */
    struct piece *pcs;
    int npc = save_pocl_files(&b, base, &pcs), major = llvm_major(&dp);
    const char *folder = npc ? base : NULL;
    if (npc) {
        int objects = 0;
        for (int i = 0; i < npc; i++) objects += !strcmp(pcs[i].format, "ELF");
        fprintf(stderr, "clx: the %d files inside it saved in %s/ (%d kernel object%s: PoCL compiles a kernel per "
                "work-group size it was launched with and keeps them in its cache; 0-0-0 takes any size)\n",
                npc, base, objects, objects == 1 ? "" : "s");
    } else {
        pcs = xcalloc(1, sizeof *pcs);
        pcs[0] = (struct piece){ xstrdup(path), xstrdup(strrchr(path, '/') + 1), b.binary_format, b.binary_size };
        npc = 1;
    }

    int rc = 0;
    switch (dump_output(b.binary_format, is_text(b.binary, b.binary_size), o->view, isatty(STDOUT_FILENO))) {
    case DUMP_OUT_TEXT:
        if (o->view == DUMP_ASM)
            fprintf(stderr, "clx: --asm on NVIDIA: the PTX; the driver makes machine code from it when the program "
                    "loads and does not hand that out\n");
        /* fall through */
    case DUMP_OUT_RAW:
        fwrite(b.binary, 1, b.binary_size, stdout);
        break;
    case DUMP_OUT_DESCRIBE:
        describe(stdout, &b, path, pcs, npc, folder, major);
        break;
    case DUMP_OUT_TOOL:
        rc = show_view(o->view, pcs, npc, major, b.binary_format);
        break;
    case DUMP_OUT_NONE:
        fprintf(stderr, "clx: --ir: NVIDIA's driver hands out PTX only (its virtual ISA, printed without --ir or with "
                "--asm); the NVVM IR it was made from stays inside the driver\n");
        rc = 1;
        break;
    }
    for (int i = 0; i < npc; i++) { free(pcs[i].path); free(pcs[i].name); }
    free(pcs);
    build_free(&b);
    clReleaseContext(ctx);
    free(path);
    free(base);
    free(dir);
    free(bslug);
    return rc;
}
