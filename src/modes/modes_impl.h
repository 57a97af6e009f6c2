/* modes_impl.h — what the files of a modes run share: modes_exec.c (devices, programs, buffers,
 * the overlapped execution), modes_columns.c (whether each output can be read back by columns: how
 * the work-items cover the range, and what each output is), modes_out.c (one mode measured,
 * modes.tsv, run.json), modes_run.c (the command and its worker process). */
#ifndef MODES_IMPL_H
#define MODES_IMPL_H
#include "measure/trials.h"
#include "device/hostmem.h"
#include "device/build.h"
#include "device/devlock.h"
#include "measure/expected.h"
#include "spec/modes.h"
#include "spec/plan.h"
#include "store/results.h"
#include "store/rowstatus.h"
#include "run/run.h"
#include "lib/hostload.h"

/* One device of --device, with a compute queue and a copy queue (both profiled). */
struct mdev {
    struct ocl_device dev;
    struct devprops dp;
    cl_context ctx;
    cl_command_queue kq, cq;
    char index[32];              /* "P:D" */
};

/* One variant's program, buffers and launch on one device, shared by the parts that run there. */
enum { SLOT_MAX_UPLOADS = 32 };
struct slot {
    int v, d;                    /* plan variant, device */
    char *why;                   /* NULL, or why it cannot run (build, requires, buffers...) */
    enum row_status why_status;  /* with why, the status of the modes that use it: skipped (a requires
                                  * that is false, buffers the device cannot hold), build-failed, or error
                                  * (as results.tsv says them) */
    struct build bd;
    enum cltype *bt, *at;        /* buffer and argument types of the variant */
    struct vars vv;
    struct bufset bs;
    struct launch L;
    size_t extent;               /* dim-0 work-items the spec asks for: the rows' length */
    cl_event up[SLOT_MAX_UPLOADS]; int nup;
    struct hostmem *pin;         /* per buffer: the pinned host memory that replaced its host side */
};

/* A modes run while it goes. */
struct modes_ctx {
    const struct spec *s;
    const struct run_opts *o;
    const struct spec_modes *m;
    struct mdev *devs; int ndev;
    struct plan plan;
    struct slot *slots; int nslots;
    struct expected x;
    double *cpu_ms;              /* per plan variant: the host reference's time, NAN until known */
    char *dir;
    struct tsv_out tsv;
    /* Modes by status: one count per mode, not per modes.tsv row (a mode writes a row per part). */
    struct status_counts st;
    double longest_s;            /* the longest wall of a mode so far: the watchdog's scale */
    int pinned, pageable;        /* transfers' host sides in pinned memory, and those left pageable */
    struct devlock *locks; int nlocks;   /* each piece of hardware's turn (devlock.h), once each */
    int nshared;                 /* modes timed while another clx timed one of the devices */
    /* With a CPU among the devices, the host's load as the first mode began and as the modes ended
     * (run_hostload.h: the kernels share the host's cores); how many are taken (0, 1, 2). */
    struct hostload_mark load_from, load_to;
    int load_marks;
};

/* What one part measured over the trials, and its range. */
struct part_meas { struct mode_range r; int nchunks; double *kernel_ms, *transfer_ms; int uploads; };

/* modes_exec.c */
/* modes_setup: devices, the plan and the expected outputs; dies on a setup error. */
void modes_setup(struct modes_ctx *c, char *const *sels, int nsel);
/* modes_take_turns: each device's turn, as a sweep takes its own (devlock_take: the same wait and
 * message; --share-device takes none); given back by modes_teardown. A stop ends the wait. */
void modes_take_turns(struct modes_ctx *c);
/* modes_watch_start: a watch on each of the run's devices' turns (devlock_watch_start), in a new
 * array; modes_watch_end: whether another clx timed one of them since (devlock_watch_end: alive at
 * either end, or started between), and frees the array. */
struct devlock_watch *modes_watch_start(const struct modes_ctx *c);
int modes_watch_end(const struct modes_ctx *c, struct devlock_watch *w);
/* modes_slot: the variant's slot on device d, made (built, buffers filled) on first use. */
struct slot *modes_slot(struct modes_ctx *c, const char *variant, int d);
/* modes_device_of: the device index a part runs on: its device, or the only one. */
int modes_device_of(const struct modes_ctx *c, const struct mode_part *p);
/* modes_pin: the host side of every transfer in pinned memory, before the trials: the inputs of each
 * part's slot (on its device) and the outputs of each home (on the home's device); what could not
 * be pinned stays pageable, and *note says so. */
void modes_pin(struct modes_ctx *c, struct slot **slot, struct slot **home, int np, struct sbuf *note);
/* modes_execute: one overlapped execution of a mode's parts: uploads, chunked kernels and reads,
 * every device's work enqueued before any wait. The outputs land in each variant's home slot
 * (home[p]: the first part of p's variant). *wall_ms is the host's time from the first enqueue to
 * the last completion; trial t of each part's meas gets its kernel and transfer time. 0, or -1
 * with *err. */
int modes_execute(struct modes_ctx *c, const struct spec_mode *md, struct slot **slot, struct slot **home,
                  struct part_meas *meas, int t, double *wall_ms, char **err);
void modes_teardown(struct modes_ctx *c);

/* modes_refin.c */
/* modes_ref_inputs: puts each input of sl that lies in pinned memory (modes_pin) into a guarded copy
 * (lib/hostguard.h) for a host reference's call, so that its read past an input's end is caught as
 * in clx run; returns what modes_ref_inputs_done puts back (NULL: none pinned). */
void **modes_ref_inputs(struct slot *sl);
/* modes_ref_inputs_done: frees the copies and gives sl its pinned inputs back, and frees pinned. */
void modes_ref_inputs_done(struct slot *sl, void **pinned);

/* modes_columns.c */
/* modes_stride_refused: why variant (at its variables vv) cannot run under --modes because its
 * work-items stride over the range by get_global_size(0), as the spec's grid_stride says for it (not
 * 0 there), said before its build; or why grid_stride has no value there. NULL where it does not
 * stride; else a new string. */
char *modes_stride_refused(const struct spec *s, const char *variant, const struct vars *vv);
/* modes_columns_refused: why sl's outputs cannot be read back by columns, said before any launch
 * rather than read back wrong: an output each work-item writes as a vector (the spec's buffer
 * declares vector = "VEC" of more than 1, or the kernel's parameter is a float4*, where the driver
 * names the types), or, scalar as far as either says, one not a whole number of rows of the range's
 * extent. NULL where every output can; else a new string. */
char *modes_columns_refused(const struct spec *s, const struct slot *sl);

/* modes_out.c */
/* modes_tsv_columns: modes.tsv's header. */
extern const char *const modes_columns[];
/* modes_one: one mode's trials, verified, its rows in modes.tsv and its line on the console. 0, or
 * -1 when a stop (modes_stop_signal) came first or cut its trials: nothing of it written. */
int modes_one(struct modes_ctx *c, const struct spec_mode *md);
/* The states of a modes run's run.json: going (written at the start, so that a worker that dies
 * leaves a folder its parent can mark interrupted), finished, interrupted (by interrupted_by). */
enum modes_state { MODES_GOING, MODES_FINISHED, MODES_INTERRUPTED };
/* modes_write_json: the run's run.json (started: iso_time_now's text at the start) in state st;
 * by (with MODES_INTERRUPTED) says what stopped it. 0 or -1. */
int modes_write_json(struct modes_ctx *c, const char *started, enum modes_state st, const char *by);
#endif
