/* disasm.c — the table of programs that read saved binaries (llvm-dis, clang, spirv-dis, objdump,
 * llvm-objdump), how their arguments are filled in, and running them until one succeeds. */
#include "disasm.h"
#include "lib/proc.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The programs, by view and the file's format (binary_format's names), tried in order until one
 * is installed and succeeds. "%d" in a program or package name is the LLVM major version the
 * driver was built with (PoCL names it in its platform version): bitcode needs a reader at least
 * as new as its writer, and a distribution's default llvm-dis can be older (Debian 12: llvm-dis
 * is LLVM 14, PoCL uses 15). When that version is unknown (a driver that does not say it, a file
 * given with --binary) a row with "%d" stands for every version installed, newest first: a newer
 * reader reads older bitcode and knows more GPUs. In the
 * arguments "{}" is the file, "{mcpu}" the GPU of an AMD code object (an argument holding it is
 * left out when the GPU is unknown: llvm-objdump then reads the header itself). package: the
 * Debian/Ubuntu package that has the program, named when none is installed. To add a tool: a row. */
static const struct tool {
    enum disasm_view view;
    const char *format, *prog, *package;
    const char *const args[10];
} tools[] = {
    { DISASM_IR, "LLVM bitcode", "llvm-dis-%d", "llvm-%d", { "-o", "-", "{}", NULL } },
    /* Clang reads bitcode too, and PoCL's Debian package depends on its clang: IR without another
     * package. -disable-llvm-passes: the module as stored, not optimised again. */
    { DISASM_IR, "LLVM bitcode", "clang-%d", "clang-%d",
      { "-S", "-emit-llvm", "-Xclang", "-disable-llvm-passes", "-x", "ir", "-o", "-", "{}", NULL } },
    { DISASM_IR, "LLVM bitcode", "llvm-dis", "llvm", { "-o", "-", "{}", NULL } },
    { DISASM_IR, "SPIR-V", "spirv-dis", "spirv-tools", { "{}", NULL } },
    { DISASM_ASM, "ELF", "objdump", "binutils", { "-d", "{}", NULL } },
    /* Machines Debian's binutils does not know (it disassembles x86 alone). */
    { DISASM_ASM, "ELF", "llvm-objdump", "llvm", { "-d", "{}", NULL } },
    /* GNU objdump has no AMD GPU disassembler; LLVM's needs the target, and the GPU from the header. */
    { DISASM_ASM, "AMD GPU code object", "llvm-objdump-%d", "llvm-%d",
      { "-d", "--triple=amdgcn-amd-amdhsa", "--mcpu={mcpu}", "{}", NULL } },
    { DISASM_ASM, "AMD GPU code object", "llvm-objdump", "llvm",
      { "-d", "--triple=amdgcn-amd-amdhsa", "--mcpu={mcpu}", "{}", NULL } },
};
#define NTOOLS (sizeof tools / sizeof tools[0])

/* fill: a program or package name with the LLVM version in place of "%d"; NULL when it has one
 * and the version is unknown. */
static char *fill(const char *name, int major)
{
    const char *d = strstr(name, "%d");
    if (!d) return xstrdup(name);
    if (major < 0) return NULL;
    return xasprintf("%.*s%d%s", (int)(d - name), name, major, d + 2);
}

/* The LLVM versions looked for on PATH when the driver's is unknown (Debian and Ubuntu name them
 * llvm-dis-15, clang-15 ...). */
enum { LLVM_NEWEST = 40, LLVM_OLDEST = 7 };

/* versions: the LLVM versions row t stands for, newest first, into v (at most LLVM_NEWEST): major
 * alone when known or when the row has no "%d", else those installed. Their count. */
static int versions(size_t t, int major, int *v)
{
    if (major >= 0 || !strstr(tools[t].prog, "%d")) { v[0] = major; return 1; }
    int n = 0;
    for (int m = LLVM_NEWEST; m >= LLVM_OLDEST; m--) {
        char *p = fill(tools[t].prog, m);
        if (proc_on_path(p)) v[n++] = m;
        free(p);
    }
    return n;
}

static int row_for(size_t t, enum disasm_view view, const char *format)
{
    return tools[t].view == view && !strcmp(tools[t].format, format);
}

int disasm_has_tool(enum disasm_view view, const char *format)
{
    for (size_t t = 0; t < NTOOLS; t++)
        if (row_for(t, view, format)) return 1;
    return 0;
}

char *disasm_tool_names(enum disasm_view view, const char *format, int llvm_major, int with_packages,
                        char **first_package)
{
    struct strlist names = {0};
    int v[LLVM_NEWEST];
    for (size_t t = 0; t < NTOOLS; t++) {
        if (!row_for(t, view, format)) continue;
        for (int k = 0, nv = versions(t, llvm_major, v); k < nv; k++) {
            char *prog = fill(tools[t].prog, v[k]), *pkg = fill(tools[t].package, v[k]);
            if (prog && pkg) {
                sl_push_own(&names, with_packages ? xasprintf("%s (package %s)", prog, pkg) : xstrdup(prog));
                if (first_package && !*first_package) *first_package = xstrdup(pkg);
            }
            free(prog);
            free(pkg);
        }
    }
    struct sbuf b = {0};
    for (int i = 0; i < names.n; i++)
        sb_printf(&b, "%s%s", i == 0 ? "" : i == names.n - 1 ? " or " : ", ", names.v[i]);
    if (!b.s) sb_printf(&b, "%s", "");
    sl_free(&names);
    return b.s;
}

/* reason: a tool's failure in one line: the first line of its stderr that says "error" (a crash
 * begins with a plea for a bug report), else the first that is not empty. */
static char *reason(const char *err)
{
    for (const char *l = err; *l; l += strcspn(l, "\n"), l += *l == '\n') {
        size_t n = strcspn(l, "\n");
        char *line = xasprintf("%.*s", (int)n, l);
        if (str_icontains(line, "error")) return line;
        free(line);
    }
    err += strspn(err, " \t\n");
    return xasprintf("%.*s", (int)strcspn(err, "\n"), err);
}

/* argv_of: row t's command line for file f (argv[0] is prog); NULL-terminated, in a new array
 * whose strings are the row's, extra's, f's, or (the "{mcpu}" ones) owned by *made. */
static const char **argv_of(size_t t, const char *prog, const struct disasm_file *f, const char *const *extra,
                            struct strlist *made)
{
    size_t n = 2;
    for (int a = 0; extra && extra[a]; a++) n++;
    for (int a = 0; tools[t].args[a]; a++) n++;
    const char **argv = xcalloc(n, sizeof *argv);
    size_t k = 0;
    argv[k++] = prog;
    for (int a = 0; extra && extra[a]; a++) argv[k++] = extra[a];
    for (int a = 0; tools[t].args[a]; a++) {
        const char *arg = tools[t].args[a], *m = strstr(arg, "{mcpu}");
        if (!strcmp(arg, "{}")) argv[k++] = f->path;
        else if (!m) argv[k++] = arg;
        else if (f->mcpu && *f->mcpu) {
            sl_push_own(made, xasprintf("%.*s%s%s", (int)(m - arg), arg, f->mcpu, m + 6));
            argv[k++] = made->v[made->n - 1];
        }
    }
    argv[k] = NULL;
    return argv;
}

/* try_tool: program p (row t) on f; 0 with *text and *prog (p itself, now the caller's), or -1
 * with a line for the failure in failed (p freed). */
static int try_tool(size_t t, char *p, const struct disasm_file *f, const char *const *extra, double seconds,
                    char **text, char **prog, struct sbuf *failed)
{
    struct strlist made = {0};
    const char **argv = argv_of(t, p, f, extra, &made);
    struct proc_result r;
    int ran = proc_run_owning((char *const *)argv, NULL, seconds, f->temporary ? f->path : NULL, &r) == 0, rc = 0;
    if (ran && r.status == 0 && !r.timed_out && r.out[0]) {
        *text = r.out;
        *prog = p;
        r.out = NULL;
    } else {
        char *line = reason(r.err && r.err[0] ? r.err : "no output");
        char *how = r.timed_out ? xstrdup("stopped after the time limit; ")
                  : ran && r.status > 128 ? xasprintf("crashed (signal %d); ", r.status - 128) : xstrdup("");
        sb_printf(failed, "%s %s: %s%s\n", p, f->path, how, line);
        free(how);
        free(line);
        free(p);
        rc = -1;
    }
    proc_result_free(&r);
    free(argv);
    sl_free(&made);
    return rc;
}

int disasm_run(enum disasm_view view, const struct disasm_file *f, int llvm_major, const char *const *extra,
               double seconds, char **text, char **prog, char **why)
{
    struct sbuf failed = {0};
    int v[LLVM_NEWEST];
    *text = *prog = *why = NULL;
    for (size_t t = 0; t < NTOOLS; t++) {
        int nv = row_for(t, view, f->format) ? versions(t, llvm_major, v) : 0;
        for (int k = 0; k < nv; k++) {
            char *p = fill(tools[t].prog, v[k]);
            if (!p || !proc_on_path(p)) { free(p); continue; }
            if (try_tool(t, p, f, extra, seconds, text, prog, &failed) == 0) { sb_free(&failed); return 0; }
        }
    }
    *why = failed.s;
    return failed.s ? 1 : 2;
}
