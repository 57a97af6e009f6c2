/* test_kernels.c — every OpenCL C file of clx's own (src/FOLDER/kernels/NAME.cl, embedded at build
 * time) built on the first device, as the C that uses it builds it: PoCL's in make check, each
 * implementation's in make check-implementations, Oclgrind's in make check-oclgrind. One PASS,
 * FAIL or SKIP line per file; a failed build prints the file, its options and the build log. */
#include "testcl.h"
#include "measure/verify_device.h"
#include "clsrc_all.h"
#include <stdlib.h>

/* The files whose C builds them other than once with no options, by NAME (a file with no row is
 * built that way). To add a row: the NAME and how its C file builds it. */
enum how { PER_TYPE, NVIDIA_ONLY };
static const struct { const char *name; enum how how; } rules[] = {
    { "verify_device", PER_TYPE },    /* one program per element type, with double precision */
    { "trialclock", NVIDIA_ONLY },    /* inline PTX: NVIDIA's compiler alone takes it */
};

static struct testcl t;

/* kernels_in: how many kernels the text declares ("__kernel void" at the start of a line). */
static cl_uint kernels_in(const char *text)
{
    cl_uint n = 0;
    for (const char *s = text; (s = strstr(s, "__kernel void ")); s++)
        if (s == text || s[-1] == '\n') n++;
    return n;
}

/* build: f built with options and every kernel in it made; 0, or -1 with the reason and the build
 * log on stderr. */
static int build(const struct clsrc *f, const char *options)
{
    cl_int e;
    int ok = -1;
    const char *text = f->text;
    cl_program p = clCreateProgramWithSource(t.ctx, 1, &text, NULL, &e);
    if (e != CL_SUCCESS) {
        fprintf(stderr, "  %s: clCreateProgramWithSource: %s\n", f->path, ocl_err_name(e));
        return -1;
    }
    e = clBuildProgram(p, 1, &t.d.id, options, NULL, NULL);
    cl_uint n = 0, want = kernels_in(f->text);
    if (e == CL_SUCCESS) e = clCreateKernelsInProgram(p, 0, NULL, &n);
    if (e != CL_SUCCESS) {
        size_t len = 0;
        clGetProgramBuildInfo(p, t.d.id, CL_PROGRAM_BUILD_LOG, 0, NULL, &len);
        char *log = calloc(len + 1, 1);
        if (log && len) clGetProgramBuildInfo(p, t.d.id, CL_PROGRAM_BUILD_LOG, len, log, NULL);
        fprintf(stderr, "  %s (options \"%s\") on %s: %s; the build log:\n%s\n", f->path, options, t.dp.name,
                ocl_err_name(e), log ? log : "");
        free(log);
    } else if (n != want) {
        fprintf(stderr, "  %s: %u kernels built, %u declared\n", f->path, n, want);
    } else {
        ok = 0;
    }
    clReleaseProgram(p);
    return ok;
}

/* one: f built as its C file builds it; its PASS, FAIL or SKIP line. */
static void one(const struct clsrc *f)
{
    int how = -1, bad = 0;
    for (size_t i = 0; i < sizeof rules / sizeof *rules; i++)
        if (!strcmp(rules[i].name, f->name)) how = (int)rules[i].how;
    if (how == NVIDIA_ONLY && !ocl_is_nvidia(&t.dp)) {
        printf("SKIP kernel %s (inline PTX: built on NVIDIA's OpenCL alone)\n", f->path);
        return;
    }
    if (how == PER_TYPE && !t.dp.has_fp64) {
        printf("SKIP kernel %s (the device has no double precision, and clx checks on the host there)\n", f->path);
        return;
    }
    fflush(stdout);                   /* a build log on stderr comes after the lines before it */
    if (how == PER_TYPE) {
        for (int ty = 0; ty < CT_COUNT; ty++) {
            char *opts = verify_device_options((enum cltype)ty);
            bad |= build(f, opts);
            free(opts);
        }
    } else {
        bad = build(f, "");
    }
    printf("%s kernel %s\n", bad ? "FAIL" : "PASS", f->path);
    check_cases_failed += bad != 0;
}

/* Each file declares a kernel and opens with its purpose (what a reader and the build log show). */
static void test_files(void)
{
    for (size_t i = 0; i < sizeof clsrc_all / sizeof *clsrc_all; i++) {
        CHECK(kernels_in(clsrc_all[i].text) > 0);
        CHECK(!strncmp(clsrc_all[i].text, "/* ", 3));      /* the file's purpose comment comes first */
    }
}

int main(void)
{
    RUN(test_files);
    if (testcl_open(&t) == 0) {
        printf("  on %s (%s)\n", t.dp.name, t.dp.platform);
        for (size_t i = 0; i < sizeof clsrc_all / sizeof *clsrc_all; i++) one(&clsrc_all[i]);
    } else {
        printf("FAIL kernels (no context or queue on the first device)\n");
        check_cases_failed++;
    }
    testcl_close(&t);
    CHECK_EXIT();
}
