/* build.c — program build, binary retrieval and kernel resource queries for one variant. */
#include "build.h"
#include "ptx.h"
#include "util.h"
#include <stdlib.h>
#include <string.h>

static char *program_log(cl_program prog, cl_device_id dev)
{
    size_t n = 0;
    if (clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) != CL_SUCCESS) return xstrdup("");
    char *log = xcalloc(n + 1, 1);
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, n, log, NULL);
    return log;
}

char *build_log_excerpt(const char *log, int max_lines)
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
}

/* NVIDIA reports registers only in the log of a -cl-nv-verbose build: build once more with it. */
static void nvidia_registers(cl_context ctx, cl_device_id dev, const char *source, const char *options,
                             const char *kernel, struct build *b)
{
    char *opts = xasprintf("%s -cl-nv-verbose", options);
    cl_int e;
    cl_program p = clCreateProgramWithSource(ctx, 1, &source, NULL, &e);
    if (e == CL_SUCCESS) {
        clBuildProgram(p, 1, &dev, opts, NULL, NULL);
        b->verbose_log = program_log(p, dev);
        b->registers = ptx_registers(b->verbose_log, kernel);
        clReleaseProgram(p);
    }
    free(opts);
}

void build_variant(cl_context ctx, cl_device_id dev, const struct devprops *dp, const char *source,
                   const char *options, const char *kernel, struct build *b)
{
    memset(b, 0, sizeof *b);
    b->registers = b->ptx_instructions = -1;
    cl_int e;
    double t0 = now_seconds();
    b->program = clCreateProgramWithSource(ctx, 1, &source, NULL, &e);
    if (e != CL_SUCCESS) { b->error = xasprintf("clCreateProgramWithSource: %s", ocl_err_name(e)); return; }
    e = clBuildProgram(b->program, 1, &dev, options, NULL, NULL);
    b->build_seconds = now_seconds() - t0;
    b->log = program_log(b->program, dev);
    if (e != CL_SUCCESS) {
        char *ex = build_log_excerpt(b->log, 8);
        b->error = xasprintf("clBuildProgram: %s\n%s", ocl_err_name(e), ex);
        free(ex);
        return;
    }
    get_binary(b->program, b);
    b->kernel = clCreateKernel(b->program, kernel, &e);
    if (e != CL_SUCCESS) {
        b->error = xasprintf("clCreateKernel(\"%s\"): %s (is the kernel named so in the template?)", kernel, ocl_err_name(e));
        return;
    }
    kernel_info(b->kernel, dev, b);
    if (b->binary && b->binary_format && !strcmp(b->binary_format, "PTX"))
        b->ptx_instructions = ptx_count_instructions((const char *)b->binary, kernel, NULL);
    if (ocl_is_nvidia(dp)) nvidia_registers(ctx, dev, source, options, kernel, b);
    b->ok = 1;
}

void build_free(struct build *b)
{
    if (b->kernel) clReleaseKernel(b->kernel);
    if (b->program) clReleaseProgram(b->program);
    free(b->error);
    free(b->log);
    free(b->verbose_log);
    free(b->binary);
    memset(b, 0, sizeof *b);
}
