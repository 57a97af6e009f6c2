/* build.c — program build, binary retrieval and kernel resource queries for one variant. */
#include "build.h"
#include "buildahead.h"
#include "binfmt.h"
#include "isa.h"
#include "kparams.h"
#include "lib/names.h"
#include "lib/stderrcatch.h"
#include "ptx.h"
#include "lib/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The marker of the main thread's build while it runs (build_catch_in, stderrcatch.h); NULL: none. */
static char *catch_path;

void build_catch_in(const char *path)
{
    free(catch_path);
    catch_path = path ? xstrdup(path) : NULL;
}

/* A test's hold inside the next catch (build_catch_hold), taken by the first that begins. */
static void (*catch_hold)(void);

void build_catch_hold(void (*hold)(void)) { catch_hold = hold; }

/* caught_add: t, what the driver wrote on stderr during a build with options, appended to *caught
 * under a line that says whose it is: shared, other builds ran beside it; ahead, it ran on a thread
 * of its own while the main thread called the driver (launches, releases: stderrcatch.h's beside),
 * whose text is not the build's and cannot be told from it. */
static void caught_add(struct sbuf *caught, const char *options, const char *t, int shared, int ahead)
{
    if (!*t) return;
    sb_printf(caught, "\n# the driver wrote on stderr while the build with options \"%s\" ran",
              options + strspn(options, " "));
    if (ahead)
        sb_printf(caught, " ahead on a thread of its own (maybe not all the build's: the main thread called the driver "
                  "meanwhile%s)", shared ? ", and other builds ran beside it" : "");
    else if (shared)
        sb_printf(caught, " (other builds ran beside it, ahead on threads of their own: some of it may be theirs)");
    sb_printf(caught, ":\n%s%s", t, t[strlen(t) - 1] == '\n' ? "" : "\n");
}

/* built: clBuildProgram, with what the driver wrote on stderr meanwhile (PoCL's clang: "1 error
 * generated.") caught and appended to *caught, for the build's log: on the console it stood between
 * clx's lines, tied to no variant. Builds ahead are caught alike (buildahead.c); where they ran
 * beside it, the text is all the builds' of that time (stderrcatch.h), and said so. */
static cl_int built(cl_program p, cl_device_id dev, const char *options, struct sbuf *caught)
{
    struct stderrcatch c;
    stderrcatch_begin(&c, catch_path, 0);
    void (*hold)(void) = catch_hold;
    catch_hold = NULL;
    if (hold) hold();
    cl_int e = clBuildProgram(p, 1, &dev, options, NULL, NULL);
    char *t = stderrcatch_end(&c);
    caught_add(caught, options, t, c.shared, 0);
    free(t);
    return e;
}

static char *program_log(cl_program prog, cl_device_id dev)
{
    size_t n = 0;
    if (clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) != CL_SUCCESS) return xstrdup("");
    char *log = xcalloc(n + 1, 1);
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, n, log, NULL);
    return log;
}

/* template_pos: the "file:line" that #line markers in source assign to physical line n, or NULL. */
static char *template_pos(const char *source, long n)
{
    long line = 1, mark_at = 0, mark_line = 0;
    char file[512] = "";
    for (const char *s = source; *s && line < n; line++) {
        long k;
        char f[512];
        if (sscanf(s, "#line %ld \"%511[^\"]\"", &k, f) == 2) { mark_at = line; mark_line = k; snprintf(file, sizeof file, "%s", f); }
        else if (sscanf(s, "#line %ld", &k) == 1) { mark_at = line; mark_line = k; }
        const char *e = strchr(s, '\n');
        if (!e) break;
        s = e + 1;
    }
    if (!mark_at || !file[0]) return NULL;
    return xasprintf("%s:%ld", file, mark_line + (n - mark_at - 1));
}

char *build_log_map_lines(const char *log, const char *source)
{
    static const char *const tags[] = {"<kernel>:", "<source>:", NULL};
    struct sbuf b = {0};
    const char *s = log;
    while (*s) {
        const char *hit = NULL, *tag = NULL;
        for (int i = 0; tags[i]; i++) {
            const char *h = strstr(s, tags[i]);
            if (h && (!hit || h < hit)) { hit = h; tag = tags[i]; }
        }
        if (!hit) { sb_printf(&b, "%s", s); break; }
        char *end;
        long n = strtol(hit + strlen(tag), &end, 10);
        const char *after = end;
        while (*after == ':' || (*after >= '0' && *after <= '9')) after++;   /* ":col:" */
        if (after > end && after[-1] == ':') after--;                        /* keep the last ':' */
        sb_putn(&b, s, (size_t)(after - s));
        char *pos = end > hit + strlen(tag) ? template_pos(source, n) : NULL;
        if (pos) sb_printf(&b, " [%s]", pos);
        free(pos);
        s = after;
    }
    if (!b.s) sb_printf(&b, "%s", "");
    return b.s;
}

/* build_log_excerpt: the first max_lines non-empty lines of a log, indented (a new string). */
static char *build_log_excerpt(const char *log, int max_lines)
{
    struct sbuf b = {0};
    int shown = 0;
    while (*log && shown < max_lines) {
        const char *e = strchr(log, '\n');
        size_t n = e ? (size_t)(e - log) : strlen(log);
        if (n > 0 && strspn(log, " \t\r") < n) { sb_printf(&b, "    %.*s\n", (int)n, log); shown++; }
        if (!e) break;
        log = e + 1;
    }
    if (!b.s) sb_printf(&b, "    (empty build log)\n");
    return b.s;
}

static void get_binary(cl_program prog, struct build *b)
{
    size_t size = 0;
    if (clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL) != CL_SUCCESS || size == 0)
        return;
    b->binary = xmalloc(size + 1);
    unsigned char *ptrs[1] = { b->binary };
    if (clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof ptrs, ptrs, NULL) != CL_SUCCESS) {
        free(b->binary);
        b->binary = NULL;
        return;
    }
    b->binary[size] = '\0';      /* PTX is text: keep it a C string */
    b->binary_size = size;
    b->binary_format = binary_format(b->binary, size, &b->binary_ext);
    /* NVIDIA counts the C string's terminator(s) in the size: PTX saved as text ends at the text. */
    if (!strcmp(b->binary_format, "PTX"))
        while (b->binary_size > 0 && b->binary[b->binary_size - 1] == '\0') b->binary_size--;
}

static void kernel_info(cl_kernel k, cl_device_id dev, struct build *b)
{
    clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof b->wg_max, &b->wg_max, NULL);
    clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof b->wg_multiple, &b->wg_multiple, NULL);
    clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof b->local_mem, &b->local_mem, NULL);
    clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof b->private_mem, &b->private_mem, NULL);
    free(b->params);
    b->params = kparams_query(k);
}

/* with_caught: log (taken) with the stray stderr built caught after it (taken too): a build's log. */
static char *with_caught(char *log, struct sbuf *caught)
{
    char *both = caught->s ? xasprintf("%s%s", log, caught->s) : log;
    if (both != log) free(log);
    sb_free(caught);
    return both;
}

/* compile: the program from source with options (compiled ahead where it was: buildahead.h), its
 * compile's seconds in b, the driver's stray stderr appended to *caught (built); 0, or the OpenCL
 * error (b->program kept for its log). */
static cl_int compile(cl_context ctx, cl_device_id dev, const char *source, const char *options, struct build *b,
                      struct sbuf *caught)
{
    cl_int e;
    char *said;
    int shared;
    if (build_ahead_take(source, options, &b->program, &e, &b->build_seconds, &said, &shared)) {
        if (e == CL_SUCCESS) caught_add(caught, options, said, shared, 1);
        free(said);
        if (e == CL_SUCCESS) return e;
        /* Failed on its thread: made again here, so that the error is the source's own (and what the
         * driver says of it on stderr, caught here, is its alone where no build runs beside it). */
        if (b->program) clReleaseProgram(b->program);
        b->program = NULL;
    }
    double t0 = now_seconds();
    b->program = clCreateProgramWithSource(ctx, 1, &source, NULL, &e);
    if (e == CL_SUCCESS) e = built(b->program, dev, options, caught);
    b->build_seconds = now_seconds() - t0;
    return e;
}

/* made_options: the options a build is made with: on NVIDIA with -cl-nv-verbose (build_variant
 * says why), and with -cl-kernel-arg-info where the device has OpenCL 1.2 or later (kparams.h); a
 * new string. */
static char *made_options(const struct devprops *dp, const char *options)
{
    int arg_info = ocl_version_at_least(dp, 1, 2) && !strstr(options, KPARAMS_BUILD_OPTION);
    return xasprintf("%s%s%s%s", options, ocl_is_nvidia(dp) ? " -cl-nv-verbose" : "", arg_info ? " " : "",
                     arg_info ? KPARAMS_BUILD_OPTION : "");
}

/* no_kernel_said: why program p has no kernel named kernel: the kernels it has, and the nearest of
 * several; a new string. */
static char *no_kernel_said(cl_program p, const char *kernel, cl_int e)
{
    char *have = kparams_program_kernels(p);
    if (!have) return xasprintf("clCreateKernel(\"%s\"): %s (is the kernel named so in the template?)", kernel, ocl_err_name(e));
    struct strlist names = {0};
    for (const char *c = have; *c;) {
        size_t n = strcspn(c, ",");
        sl_push_own(&names, xasprintf("%.*s", (int)n, c));
        c += n;
        c += strspn(c, ", ");
    }
    const char *near = names.n > 1 ? nearest_name(kernel, names.v, names.n) : NULL;
    char *t = names.n == 1
        ? xasprintf("clCreateKernel(\"%s\"): %s: the program's one kernel is %s", kernel, ocl_err_name(e), have)
        : xasprintf("clCreateKernel(\"%s\"): %s: the program's kernels are %s%s%s%s", kernel, ocl_err_name(e), have,
                    near ? " (did you mean " : "", near ? near : "", near ? "?)" : "");
    sl_free(&names);
    free(have);
    return t;
}

/* fresh_registers: kernel's registers from a build of source with a kernel of its own appended, so
 * that its PTX is one NVIDIA's JIT cache cannot hold and ptxas runs and logs (a build whose PTX the
 * cache held logged none: jitcache.h); -1 when that build fails or logs none. *log: that build's
 * log (a new string, or NULL), for the build's own: ptxas's statistics (spills too) are what its
 * readers look for. The program is let go: it is made only for its log. */
static int fresh_registers(cl_context ctx, cl_device_id dev, const char *source, const char *options, const char *kernel,
                           char **log)
{
    static unsigned long long made;
    char *src = xasprintf("%s\n__kernel void clx_fresh_%ld_%lld_%llu(void) { }\n", source, (long)getpid(),
                          (long long)time(NULL), made++);
    cl_int e;
    cl_program p = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &e);
    int regs = -1;
    *log = NULL;
    struct sbuf caught = {0};
    if (e == CL_SUCCESS && built(p, dev, options, &caught) == CL_SUCCESS) {
        char *plog = program_log(p, dev);
        regs = ptx_registers(plog, kernel);
        *log = with_caught(plog, &caught);
    }
    sb_free(&caught);
    if (p) clReleaseProgram(p);
    free(src);
    return regs;
}

int build_variant_ahead(cl_context ctx, cl_device_id dev, const struct devprops *dp, const char *source,
                        const char *options, const char *catch_in)
{
    char *opts = made_options(dp, options);
    int rc = build_ahead_start(ctx, dev, source, opts, catch_in);
    free(opts);
    return rc;
}

void build_variant(cl_context ctx, cl_device_id dev, const struct devprops *dp, const char *source,
                   const char *options, const char *kernel, struct build *b)
{
    memset(b, 0, sizeof *b);
    b->registers = b->ptx_instructions = b->isa_instructions = -1;
    /* NVIDIA reports registers only in the log of a -cl-nv-verbose build: it has ptxas print its
     * code generation statistics (ptxas's --verbose), which is no option of what it generates.
     * So on NVIDIA the one build is that one; a second build for the report doubled every
     * build's seconds (over a third of an sgemm search's on an H200). -cl-kernel-arg-info joins it
     * (made_options). Where such a build fails on NVIDIA, or for its options elsewhere, it is made
     * again as asked, so that the error is the options' own; where the driver's JIT cache
     * held its PTX (ptxas did not run: no count), once more from a new PTX (fresh_registers). */
    char *opts = made_options(dp, options);
    struct sbuf caught = {0};
    cl_int e = compile(ctx, dev, source, opts, b, &caught);
    int verbose = ocl_is_nvidia(dp);
    if (e != CL_SUCCESS && strcmp(opts, options) && (verbose || e == CL_INVALID_BUILD_OPTIONS)) {
        if (b->program) clReleaseProgram(b->program);
        b->program = NULL;
        verbose = 0;
        e = compile(ctx, dev, source, options, b, &caught);
    }
    if (!b->program) {
        sb_free(&caught);
        free(opts);
        b->error = xasprintf("clCreateProgramWithSource: %s", ocl_err_name(e));
        return;
    }
    char *raw = program_log(b->program, dev);
    if (verbose) b->registers = ptx_registers(raw, kernel);
    if (verbose && e == CL_SUCCESS && b->registers < 0) {
        char *fresh = NULL;
        b->registers = fresh_registers(ctx, dev, source, opts, kernel, &fresh);
        if (fresh) {
            char *both = xasprintf("%s\n# ptxas's statistics from a second build, a kernel of clx's appended: NVIDIA's JIT "
                                   "cache held this build's PTX, so ptxas did not run for it\n%s", raw, fresh);
            free(raw);
            free(fresh);
            raw = both;
        }
    }
    free(opts);
    b->log = build_log_map_lines(raw, source);
    free(raw);
    /* The console's excerpt of a failure is the driver's log's, the stray stderr's only where the log
     * is empty: "1 error generated." is what clx catches it to keep off the console. */
    char *ex = e == CL_SUCCESS ? NULL : build_log_excerpt(strspn(b->log, " \t\r\n") < strlen(b->log) || !caught.s
                                                          ? b->log : caught.s, 8);
    b->log = with_caught(b->log, &caught);
    if (ex) {
        b->error = xasprintf("clBuildProgram: %s\n%s", ocl_err_name(e), ex);
        free(ex);
        return;
    }
    get_binary(b->program, b);
    b->kernel = clCreateKernel(b->program, kernel, &e);
    if (e != CL_SUCCESS) {
        b->kernel = NULL;
        b->no_kernel = e == CL_INVALID_KERNEL_NAME;
        b->error = no_kernel_said(b->program, kernel, e);
        return;
    }
    kernel_info(b->kernel, dev, b);
    if (b->binary && b->binary_format && !strcmp(b->binary_format, "PTX"))
        b->ptx_instructions = ptx_count_instructions((const char *)b->binary, kernel, NULL);
    build_count_isa(b, kernel, ocl_llvm_major(dp));
    b->ok = 1;
}

int build_from_binary(cl_context ctx, cl_device_id dev, const unsigned char *binary, size_t size, const char *options,
                      const char *kernel, struct build *b)
{
    memset(b, 0, sizeof *b);
    b->registers = b->ptx_instructions = b->isa_instructions = -1;
    if (!binary || size == 0) { b->error = xstrdup("build_from_binary: empty binary"); return -1; }
    /* One NUL past the end, as get_binary keeps it: PTX stays a C string. */
    b->binary = xmalloc(size + 1);
    memcpy(b->binary, binary, size);
    b->binary[size] = '\0';
    b->binary_size = size;
    b->binary_format = binary_format(b->binary, size, &b->binary_ext);
    /* NVIDIA counts PTX's terminating NULs in CL_PROGRAM_BINARY_SIZES and CUDA's PTX loaders want a
     * C string; get_binary dropped the NULs from binary_size, so the text goes back with one NUL
     * counted (driver 580 also takes the bare text; older ones are not known to). */
    size_t load_size = size;
    if (!strcmp(b->binary_format, "PTX") && b->binary[size - 1] != '\0') load_size = size + 1;
    const unsigned char *bins[1] = { b->binary };
    cl_int status = CL_SUCCESS, e;
    double t0 = now_seconds();
    b->program = clCreateProgramWithBinary(ctx, 1, &dev, &load_size, bins, &status, &e);
    if (e != CL_SUCCESS || !b->program) {
        b->error = xasprintf("clCreateProgramWithBinary: %s (binary status %s)", ocl_err_name(e), ocl_err_name(status));
        b->program = NULL;
        return -1;
    }
    /* The options again: on NVIDIA some (-cl-nv-maxrregcount, -cl-nv-opt-level) act when PTX becomes machine code. */
    struct sbuf caught = {0};
    e = built(b->program, dev, options, &caught);
    b->build_seconds = now_seconds() - t0;
    b->log = with_caught(program_log(b->program, dev), &caught);
    if (e != CL_SUCCESS) {
        char *ex = build_log_excerpt(b->log, 8);
        b->error = xasprintf("clBuildProgram (from a binary): %s\n%s", ocl_err_name(e), ex);
        free(ex);
        return -1;
    }
    b->kernel = clCreateKernel(b->program, kernel, &e);
    if (e != CL_SUCCESS) {
        b->kernel = NULL;
        b->error = xasprintf("clCreateKernel(\"%s\") (from a binary): %s", kernel, ocl_err_name(e));
        return -1;
    }
    kernel_info(b->kernel, dev, b);
    if (!strcmp(b->binary_format, "PTX"))
        b->ptx_instructions = ptx_count_instructions((const char *)b->binary, kernel, NULL);
    b->ok = 1;
    return 0;
}

void build_count_isa(struct build *b, const char *kernel, int llvm_major)
{
    struct isa_count c;
    b->isa_instructions = -1;
    b->isa[0] = '\0';
    free(b->isa_why);
    b->isa_why = NULL;
    if (!b->binary) return;
    if (isa_count(b->binary, b->binary_size, kernel, llvm_major, &c) == 0) {
        b->isa_instructions = c.n;
        snprintf(b->isa, sizeof b->isa, "%s", c.isa);
    } else {
        b->isa_why = c.why;
        c.why = NULL;
    }
    isa_count_free(&c);
}

void build_free(struct build *b)
{
    if (b->kernel) clReleaseKernel(b->kernel);
    if (b->program) clReleaseProgram(b->program);
    free(b->error);
    free(b->log);
    free(b->verbose_log);
    free(b->binary);
    free(b->isa_why);
    free(b->params);
    memset(b, 0, sizeof *b);
}
