/* build.h — builds one variant's source with one option set and gathers what the compiler did:
 * build log, program binary (PTX on NVIDIA), kernel resource info, registers on NVIDIA. */
#ifndef BUILD_H
#define BUILD_H
#include "ocl.h"

struct build {
    int ok;                      /* program and kernel exist */
    char *error;                 /* why not: "CL_BUILD_PROGRAM_FAILURE" + first log lines */
    char *log;                   /* full build log */
    char *verbose_log;           /* NVIDIA: the -cl-nv-verbose build's log (ptxas info) */
    cl_program program;
    cl_kernel kernel;
    unsigned char *binary; size_t binary_size;
    const char *binary_format, *binary_ext;
    size_t wg_max, wg_multiple;  /* CL_KERNEL_WORK_GROUP_SIZE, ..._PREFERRED_..._MULTIPLE */
    cl_ulong local_mem, private_mem;
    int registers;               /* per work-item, NVIDIA only; -1 unknown */
    int ptx_instructions;        /* in the kernel's .entry; -1 when not PTX */
    int isa_instructions;        /* machine instructions of the kernel's function (isa.h); -1 when not counted */
    char isa[32];                /* what they are: "x86-64", "gfx90a"; "" when not counted */
    char *isa_why;               /* why not counted, NULL when counted or when there is no binary */
    double build_seconds;
    int cached;                  /* loaded from clx's build cache (cache.h), not compiled in this run */
    char *params;                /* the kernel's parameters as the driver names them (kparams.h), NULL
                                  * where it gives none */
    int no_kernel;               /* the program built but has no kernel of the name asked (error says
                                  * which it has) */
};

/* build_variant_ahead: the compile build_variant will make of source with options started on a
 * thread of its own (buildahead.h), unless it is already; 0, or -1 when no thread could start. What
 * the driver writes on stderr meanwhile is caught as build_variant's is, with catch_in its marker
 * (build_catch_in), and ends the log of the build that takes it. */
int build_variant_ahead(cl_context ctx, cl_device_id dev, const struct devprops *dp, const char *source,
                        const char *options, const char *catch_in);

/* build_catch_in: the marker of a build's stray stderr (stderrcatch.h) while it runs: a run's
 * logs/VARIANT__BUILD.stderr, which says where in the file the driver's text is caught in (beside it
 * in logs/, shared with builds ahead) that build's text begins, so that it is kept if the process
 * dies in the build; the supervisor and the next worker read it back after a crash
 * (stderrcatch_said: run_build.c `died_said`, supervise_say.c `driver_said`). NULL: no marker, the
 * text in an unlinked temporary file where no other build has one on, as before any call. The marker
 * is removed when the build ends. */
void build_catch_in(const char *path);
/* build_catch_hold: a test's hold (run_stop.c's, CLX_STOP_IN_BUILD with CLX_STOP_TWICE), called once
 * inside the catch of the main thread's next compile, between its marker's making and the driver's
 * call, so that a kill lands while the catch is on however fast the compile; NULL: none. */
void build_catch_hold(void (*hold)(void));

/* build_variant: clBuildProgram(source, options) on the device, then clCreateKernel(kernel).
 * A failure is not fatal: b->ok is 0 and b->error says why. The build is made with
 * -cl-kernel-arg-info added where the device takes it (kparams.h says why it changes no code), so
 * that b->params says the kernel's parameters. What the driver writes on stderr meanwhile ends b->log,
 * not on the console (build_catch_in): call it on the thread that writes clx's console. */
void build_variant(cl_context ctx, cl_device_id dev, const struct devprops *dp, const char *source,
                   const char *options, const char *kernel, struct build *b);
/* build_from_binary: a program from a binary this device made before (clCreateProgramWithBinary +
 * clBuildProgram + clCreateKernel + kernel queries); 0, or -1 with b->error. b->binary is a copy of
 * binary, b->log the log of this load, b->build_seconds its time; registers and machine
 * instructions stay unknown (-1: the cache keeps them, build_count_isa counts them). */
int build_from_binary(cl_context ctx, cl_device_id dev, const unsigned char *binary, size_t size, const char *options,
                      const char *kernel, struct build *b);
/* build_count_isa: b's isa_instructions, isa and isa_why from its binary (isa.h: one disassembler
 * process where the binary holds machine code, none otherwise). llvm_major: the driver's LLVM, -1
 * unknown. */
void build_count_isa(struct build *b, const char *kernel, int llvm_major);
void build_free(struct build *b);
/* build_log_map_lines: a copy of log where each "<kernel>:N:" or "<source>:N:" (compilers that
 * ignore #line, NVIDIA's among them) is followed by the template position the #line markers of
 * source give for line N, e.g. "<kernel>:18:5 [templates/x.cl.m4:10]". */
char *build_log_map_lines(const char *log, const char *source);
#endif
