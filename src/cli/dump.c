/* dump.c — `clx dump`: picks one variant, builds it and saves its program binary, or reads a
 * binary saved before (--binary), and prints it as text: PTX as it is, other formats through the
 * tools that read them (disasm.h's table: llvm-dis, clang, objdump, llvm-objdump, spirv-dis), run
 * without a shell; the files inside a PoCL binary or an Intel CPU program are saved beside it and
 * read one by one; raw bytes only to a file or pipe. */
#include "dump.h"
#include "dumpdir.h"
#include "device/binfmt.h"
#include "device/build.h"
#include "device/devselect.h"
#include "device/devtag.h"
#include "device/disasm.h"
#include "device/elf.h"
#include "device/irtrim.h"
#include "device/isa.h"
#include "device/poclbin.h"
#include "lib/util.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


/* Seconds a disassembler may take before it is stopped. */
enum { TOOL_SECONDS = 120 };
/* Functions of a binary read with --binary whose instructions are counted (a process each). */
enum { MAX_COUNTED = 16 };

static const char *const view_flag[] = { [DUMP_BINARY] = "", [DUMP_IR] = "--ir", [DUMP_ASM] = "--asm" };
static const char *const view_what[] = { [DUMP_BINARY] = "", [DUMP_IR] = "the LLVM IR",
                                         [DUMP_ASM] = "the disassembly" };

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

/* A saved file a tool may read: the binary itself, or one of the files inside it. */
struct piece {
    char *path;                  /* on disk */
    char *name;                  /* as the user knows it: "program.bc", "ocl.obj.elf", or the binary's file name */
    const char *format;          /* binary_format's name */
    char *what;                  /* binary_describe's: "ELF (x86-64)" */
    char gpu[64];                /* an AMD GPU code object's GPU: "gfx90a", "unknown AMD GPU (...)" */
    char mcpu[64];               /* the GPU for llvm-objdump's --mcpu; "" unknown or not AMD */
    size_t size;
};

static struct piece piece_of(char *path, char *name, const unsigned char *data, size_t size)
{
    const char *ext;
    struct piece pc = { .path = path, .name = name, .format = binary_format(data, size, &ext),
                        .what = binary_describe(data, size), .gpu = "", .mcpu = "", .size = size };
    if (binfmt_gpu(data, size, pc.gpu, sizeof pc.gpu) == 1) snprintf(pc.mcpu, sizeof pc.mcpu, "%s", pc.gpu);
    return pc;
}

static void pieces_free(struct piece *pcs, int n)
{
    for (int i = 0; i < n; i++) { free(pcs[i].path); free(pcs[i].name); free(pcs[i].what); }
    free(pcs);
}

static enum disasm_view disasm_view_of(enum dump_view v) { return v == DUMP_IR ? DISASM_IR : DISASM_ASM; }

/* show_text: a tool's text of a piece on stdout, said on stderr; LLVM IR whole in a file beside the
 * piece and, on the screen, without the global tables no function uses. */
static void show_text(enum dump_view view, const struct piece *pc, const char *prog, const char *text)
{
    if (view == DUMP_IR) {
        char *full = xasprintf("%s.ll", pc->path);
        int saved = write_file_atomic(full, text, strlen(text)) == 0, dropped = 0;
        char *shown = ir_drop_unused_globals(text, &dropped);
        fprintf(stderr, "clx: %s of %s, by %s", view_what[view], pc->name, prog);
        if (dropped)
            fprintf(stderr, "; %d global tables no function uses left out (the driver's library)%s%s", dropped,
                    saved ? ", the whole module in " : "", saved ? full : "");
        fprintf(stderr, "\n");
        fputs(shown, stdout);
        free(shown);
        free(full);
        return;
    }
    if (pc->gpu[0])
        fprintf(stderr, "clx: %s of %s for %s, by %s%s\n", view_what[view], pc->name, pc->gpu, prog,
                pc->mcpu[0] ? "" : ", which reads the GPU from the header itself");
    else fprintf(stderr, "clx: %s of %s, by %s\n", view_what[view], pc->name, prog);
    fputs(text, stdout);
}

/* run_tools: the view of one piece on stdout, by the first tool of the table that is installed
 * and succeeds; 0, 1 after saying which tools failed, or 2 after saying that none is installed and
 * which package has one. */
static int run_tools(enum dump_view view, const struct piece *pc, int major)
{
    struct disasm_file f = { .path = pc->path, .format = pc->format, .mcpu = pc->mcpu, .temporary = 0 };
    char *text, *prog, *failed;
    int rc = disasm_run(disasm_view_of(view), &f, major, NULL, TOOL_SECONDS, &text, &prog, &failed);
    if (rc == 0) show_text(view, pc, prog, text);
    else if (rc == 1) {
        for (const char *l = failed; *l;) {
            size_t n = strcspn(l, "\n");
            fprintf(stderr, "clx: %.*s\n", (int)n, l);
            l += n + (l[n] == '\n');
        }
        if (pc->gpu[0] && !pc->mcpu[0])
            fprintf(stderr, "clx: %s: clx does not know this GPU, so llvm-objdump had no --mcpu and read the header "
                    "itself; an LLVM that knows the GPU may read it\n", pc->gpu);
        if (major > 0 && !strcmp(pc->format, "LLVM bitcode"))
            fprintf(stderr, "clx: the driver's LLVM is %d: its bitcode needs a reader as new (apt-get install llvm-%d)\n",
                    major, major);
    } else {
        char *pkg = NULL, *names = disasm_tool_names(disasm_view_of(view), pc->format, major, 1, &pkg);
        fprintf(stderr, "clx: %s of %s needs %s; none is installed (Debian/Ubuntu: apt-get install %s)\n",
                view_flag[view], pc->name, names, pkg ? pkg : "?");
        free(names);
        free(pkg);
    }
    free(text);
    free(prog);
    free(failed);
    return rc;
}

/* A binary to show: its bytes, what it is, where it is saved, and the files found inside it. */
struct shown {
    const unsigned char *bin;
    size_t size;
    const char *format;          /* binary_format's name */
    char *what;                  /* binary_describe's */
    const char *path;            /* the binary on disk */
    int given;                   /* path is the user's file (--binary), not one dump saved */
    const char *folder;          /* where the files inside it were saved; NULL: none */
    struct piece *pcs;           /* those files, or the binary alone */
    int npc, major;
};

/* show_view: the view of every piece of sh that has one; 1 when there is none (and why). */
static int show_view(enum dump_view view, const struct shown *sh)
{
    const struct piece *pcs = sh->pcs;
    int npc = sh->npc, major = sh->major, shown = 0, rc = 0;
    struct strlist missing = {0};      /* formats with no tool installed: said once */
    for (int i = 0; i < npc; i++) {
        int said = 0;
        for (int k = 0; k < missing.n; k++) said |= !strcmp(missing.v[k], pcs[i].format);
        if (said || !disasm_has_tool(disasm_view_of(view), pcs[i].format)) continue;
        int r = run_tools(view, &pcs[i], major);
        if (r == 2) sl_push(&missing, pcs[i].format);
        rc |= r != 0;
        shown++;
    }
    sl_free(&missing);
    if (!shown && !strcmp(sh->format, "unknown")) {
        /* Not guessed at: said, with what the bytes look like. */
        fprintf(stderr, "clx: %s: %s is in a format clx does not know; its first bytes:", view_flag[view], pcs[0].name);
        for (size_t i = 0; i < sh->size && i < 16; i++) fprintf(stderr, " %02x", sh->bin[i]);
        fputc('\n', stderr);
        return 1;
    }
    if (!shown) {
        fprintf(stderr, "clx: %s: no %s in this binary (%s)", view_flag[view], view == DUMP_IR ? "LLVM IR" : "machine code",
                sh->what);
        int asm_too = 0;
        for (int i = 0; i < npc; i++) asm_too |= disasm_has_tool(DISASM_ASM, pcs[i].format);
        if (view == DUMP_IR && asm_too) fprintf(stderr, "; --asm disassembles it");
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
static void describe(FILE *out, const struct shown *sh)
{
    fprintf(out, "%s, %zu bytes, %s %s (not printed on a terminal: redirect stdout for the bytes)\n",
            sh->what, sh->size, sh->given ? "in" : "saved to", sh->path);
    if (sh->folder) {
        int w = 0;
        for (int i = 0; i < sh->npc; i++) if ((int)strlen(sh->pcs[i].name) > w) w = (int)strlen(sh->pcs[i].name);
        fprintf(out, "the files inside it, saved in %s/:\n", sh->folder);
        for (int i = 0; i < sh->npc; i++)
            fprintf(out, "  %-*s  %s, %zu bytes\n", w, sh->pcs[i].name, sh->pcs[i].what, sh->pcs[i].size);
    }
    int offered = 0;
    for (enum dump_view v = DUMP_IR; v <= DUMP_ASM; v++) {
        const struct piece *pc = NULL;
        for (int i = 0; i < sh->npc && !pc; i++)
            if (disasm_has_tool(disasm_view_of(v), sh->pcs[i].format)) pc = &sh->pcs[i];
        if (!pc) continue;
        char *names = disasm_tool_names(disasm_view_of(v), pc->format, sh->major, 0, NULL);
        fprintf(out, "%s  %-5s %s (%s, by %s)\n", offered ? "         " : "readable:", view_flag[v], view_what[v],
                pc->format, names);
        free(names);
        offered = 1;
    }
    if (!offered) {
        fprintf(out, "clx knows no tool that reads this format; its first bytes:\n");
        hexdump(sh->bin, sh->size < 256 ? sh->size : 256, out);
    }
}

/* save_file_below: data as folder/rel (its folders made); dies when it cannot be written. */
static char *save_file_below(const char *folder, const char *rel, const unsigned char *data, size_t n)
{
    char *path = path_join(folder, rel), *slash = strrchr(path, '/');
    *slash = '\0';
    if (mkdir_p(path)) die("cannot make %s: %s", path, strerror(errno));
    *slash = '/';
    if (write_file_atomic(path, data, n)) die("cannot write %s: %s", path, strerror(errno));
    return path;
}

/* save_pocl_files: the files inside a PoCL binary, written below folder, as pieces; their count. */
static int save_pocl_files(const unsigned char *bin, size_t n, const char *folder, struct piece **pcs)
{
    struct poclbin_file *f;
    int k = poclbin_files(bin, n, &f);
    *pcs = NULL;
    if (k <= 0) { poclbin_free(f, k < 0 ? 0 : k); return 0; }
    *pcs = xcalloc((size_t)k, sizeof **pcs);
    for (int i = 0; i < k; i++)
        (*pcs)[i] = piece_of(save_file_below(folder, f[i].path, f[i].data, f[i].size), xstrdup(f[i].path), f[i].data,
                             f[i].size);
    poclbin_free(f, k);
    return k;
}

/* save_sections: the named sections of an ELF container (Intel's CPU program: .ocl.ir, .ocl.obj,
 * ...) with content, written below folder as "ocl.ir.bc", "ocl.obj.elf" (the name without its
 * dot, and the extension of what it holds), as pieces; their count. */
static int save_sections(const unsigned char *bin, size_t n, const char *folder, struct piece **pcs)
{
    struct elf e;
    const char *why;
    int k = 0;
    *pcs = NULL;
    if (elf_open(&e, bin, n, &why)) return 0;
    for (size_t i = 1; i < e.shnum; i++) {
        struct elf_section s;
        /* String and symbol tables are the container's bookkeeping, not its content. */
        if (elf_section_at(&e, i, &s) || !s.data || !s.size || !s.name[0] || s.type == ELF_SHT_SYMTAB ||
            s.type == ELF_SHT_STRTAB)
            continue;
        const char *ext;
        binary_format(s.data, s.size, &ext);
        char *slug = slugify(s.name[0] == '.' ? s.name + 1 : s.name), *rel = xasprintf("%s%s", slug, ext);
        *pcs = xrealloc(*pcs, sizeof **pcs * (size_t)(k + 1));
        (*pcs)[k++] = piece_of(save_file_below(folder, rel, s.data, s.size), rel, s.data, s.size);
        free(slug);
    }
    return k;
}

/* pieces: what the tools read, into sh: the files inside the binary, saved in folder (a PoCL
 * binary's, an Intel CPU program's sections), said on stderr; else the binary alone. The folder
 * holds this binary's files alone (dumpdir.h), so that those said to be inside it are all there is. */
static void pieces(struct shown *sh, const char *folder)
{
    int k = 0;
    dumpdir_ready(folder, sh->bin, sh->size);
    if (!strcmp(sh->format, "PoCL binary")) {
        k = save_pocl_files(sh->bin, sh->size, folder, &sh->pcs);
        int objects = 0;
        for (int i = 0; i < k; i++) objects += !strcmp(sh->pcs[i].format, "ELF");
        if (k)
            fprintf(stderr, "clx: the %d files inside it saved in %s/ (%d kernel object%s: PoCL compiles a kernel per "
                    "work-group size it was launched with and keeps them in its cache; 0-0-0 takes any size)\n",
                    k, folder, objects, objects == 1 ? "" : "s");
    } else if (!strcmp(sh->format, "Intel CPU program")) {
        k = save_sections(sh->bin, sh->size, folder, &sh->pcs);
        if (k) {
            fprintf(stderr, "clx: the %d sections inside it saved in %s/:", k, folder);
            for (int i = 0; i < k; i++) fprintf(stderr, "%s %s", i ? "," : "", sh->pcs[i].name);
            fprintf(stderr, "\n");
        }
    }
    if (k) { dumpdir_stamp(folder, sh->bin, sh->size); sh->folder = folder; sh->npc = k; return; }
    sh->pcs = xcalloc(1, sizeof *sh->pcs);
    const char *slash = strrchr(sh->path, '/');
    sh->pcs[0] = piece_of(xstrdup(sh->path), xstrdup(slash ? slash + 1 : sh->path), sh->bin, sh->size);
    sh->npc = 1;
}

/* show: what dump_output chose for the binary; 0, or 1 when the view cannot be shown. */
static int show(const struct shown *sh, enum dump_view view)
{
    switch (dump_output(sh->format, is_text(sh->bin, sh->size), view, isatty(STDOUT_FILENO))) {
    case DUMP_OUT_TEXT:
        if (view == DUMP_ASM)
            fprintf(stderr, "clx: --asm on NVIDIA: the PTX; the driver makes machine code from it when the program "
                    "loads and does not hand that out\n");
        /* fall through */
    case DUMP_OUT_RAW:
        fwrite(sh->bin, 1, sh->size, stdout);
        return 0;
    case DUMP_OUT_DESCRIBE:
        describe(stdout, sh);
        return 0;
    case DUMP_OUT_TOOL:
        return show_view(view, sh);
    case DUMP_OUT_NONE:
        fprintf(stderr, "clx: --ir: NVIDIA's driver hands out PTX only (its virtual ISA, printed without --ir or with "
                "--asm); the NVVM IR it was made from stays inside the driver\n");
        return 1;
    }
    return 1;
}

/* device_slug: what names the device in a dump's file name, as in a results folder's (devtag): its
 * name, and its implementation where the name does not say it ("pthread-skylake-avx512-AMD_EPYC"
 * for PoCL's, "AMD_EPYC-intel" for Intel's CPU runtime's on that CPU), so that dumps of one variant
 * on two devices, or one device under two drivers, never share a folder. A new string. */
static char *device_slug(const struct devprops *dp)
{
    char *tag = devtag(dp->name, dp->platform, (dp->type & CL_DEVICE_TYPE_CPU) != 0), *slug = slugify(tag);
    free(tag);
    return slug;
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
    /* Named by every value, those the id leaves out too: --set ILP=3 and --set ILP=5 are both
     * 'scale', and one dump would replace the other. */
    char *id = plan_variant_full_id(s, var), *vslug = slugify(id);
    build_variant(ctx, dev.id, &dp, source, o->build, var->kernel, &b);
    if (!b.binary) die("variant %s, build \"%s\": %s", id, o->build, b.error ? b.error : "no program binary");
    char *bslug = plan_build_slug(o->build), *dir = path_join(o->results_root, "dumps");
    if (mkdir_p(dir)) die("cannot make %s: %s", dir, strerror(errno));
    char *dslug = device_slug(&dp), *base = xasprintf("%s/%s-%s-%s-%s", dir, s->name, vslug, bslug, dslug);
    free(dslug);
    free(vslug);
    char *path = xasprintf("%s%s", base, b.binary_ext);
    if (write_file_atomic(path, b.binary, b.binary_size)) die("cannot write %s", path);
    struct shown sh = { .bin = b.binary, .size = b.binary_size, .format = b.binary_format,
                        .what = binary_describe(b.binary, b.binary_size), .path = path, .given = 0,
                        .major = ocl_llvm_major(&dp) };
    fprintf(stderr, "clx: %s variant %s, build \"%s\" on %s: %s, %zu bytes, saved to %s\n", s->name, id, o->build,
            dp.name, sh.what, b.binary_size, path);
    if (b.registers >= 0) fprintf(stderr, "clx: %d registers per work-item (-cl-nv-verbose)\n", b.registers);
    if (b.ptx_instructions >= 0) fprintf(stderr, "clx: %d PTX instructions in .entry %s\n", b.ptx_instructions, var->kernel);
    if (b.isa_instructions >= 0)
        fprintf(stderr, "clx: %d %s instructions in %s\n", b.isa_instructions, b.isa, var->kernel);
    /* The pieces tools read: the files inside the binary (in a folder named like it), or itself. */
    pieces(&sh, base);
    int rc = show(&sh, o->view);
    pieces_free(sh.pcs, sh.npc);
    free(sh.what);
    build_free(&b);
    clReleaseContext(ctx);
    free(path);
    free(base);
    free(dir);
    free(bslug);
    free(id);
    return rc;
}

/* say_counts: the machine instructions of each function in a binary read with --binary (no spec
 * names its kernels), on stderr; nothing where it holds no machine code. */
static void say_counts(const unsigned char *bin, size_t n)
{
    struct binfmt_code code;
    struct elf e;
    struct strlist fns = {0};
    char *why = NULL;
    const char *bad;
    if (binfmt_code(bin, n, &code, &why) || elf_open(&e, code.obj, code.size, &bad)) { free(why); return; }
    elf_functions(&e, &fns);
    for (int i = 0; i < fns.n && i < MAX_COUNTED; i++) {
        struct isa_count c;
        int counted = isa_count(bin, n, fns.v[i], -1, &c) == 0;
        if (counted) fprintf(stderr, "clx: %d %s instructions in %s\n", c.n, c.isa, fns.v[i]);
        else fprintf(stderr, "clx: %s: machine instructions not counted: %s\n", fns.v[i], c.why);
        isa_count_free(&c);
        if (!counted) break;           /* the same reason for the others */
    }
    if (fns.n > MAX_COUNTED) fprintf(stderr, "clx: %d more functions not counted\n", fns.n - MAX_COUNTED);
    sl_free(&fns);
}

int dump_file(const char *file, const struct dump_opts *o)
{
    size_t n;
    unsigned char *bin = (unsigned char *)read_file(file, &n);
    if (!bin) die("cannot read %s: %s", file, strerror(errno));
    if (n == 0) die("%s is empty: no program binary", file);
    const char *ext;
    struct shown sh = { .bin = bin, .size = n, .format = binary_format(bin, n, &ext), .what = binary_describe(bin, n),
                        .path = file, .given = 1, .major = -1 };
    /* PTX is text up to its end: a trailing NUL (NVIDIA counts one in the size) is not printed. */
    if (!strcmp(sh.format, "PTX")) while (sh.size > 0 && bin[sh.size - 1] == '\0') sh.size--;
    fprintf(stderr, "clx: %s: %s, %zu bytes\n", file, sh.what, n);
    say_counts(bin, n);
    /* The files inside it go below DIR/dumps/, in a folder named like the file and its bytes: never
     * beside a file someone sent, which may be in a folder that is not the user's to write. */
    char *folder = dumpdir_for_file(o->results_root, file, bin, n);
    pieces(&sh, folder);
    int rc = show(&sh, o->view);
    pieces_free(sh.pcs, sh.npc);
    free(sh.what);
    free(folder);
    free(bin);
    return rc;
}
