/* verify_device.h — outputs checked on the device: a small kernel per element type compares an output
 * buffer with the expected values (also in device memory) under the same rule as verify.c, and
 * only per-work-group counts and maxima come back to the host. */
#ifndef VERIFY_DEVICE_H
#define VERIFY_DEVICE_H
#include "device/ocl.h"
#include "lib/types.h"
#include "verify.h"

struct verify_device {
    cl_context ctx;
    cl_device_id dev;
    cl_command_queue q;
    cl_uint groups_per_cu, cu;
    cl_program prog[CT_COUNT];
    cl_kernel kern[CT_COUNT];
    char *why[CT_COUNT];          /* why type t cannot be checked here (its build failed); NULL if it can */
    size_t wg[CT_COUNT];          /* the check kernel's work-group size for type t */
    cl_mem partial;               /* 4 doubles per work-group: mismatches, checked, max abs, max rel */
    size_t partial_groups;
    char *off;                    /* why the device cannot check at all (no fp64); NULL when it can */
};

/* verify_device_init: ready to check on dev; dc->off says why not (the comparison needs double precision
 * to give the host's answers exactly). Programs are built on first use of each type. */
void verify_device_init(struct verify_device *dc, cl_context ctx, cl_device_id dev, cl_command_queue q,
                   const struct devprops *dp);
void verify_device_free(struct verify_device *dc);
/* verify_device_options: the build options of type t's check program, "-DT=float -DIS_FLOAT=1 ..."
 * (new string; tests/unit/test_kernels.c builds with the same). */
char *verify_device_options(enum cltype t);

/* The elements to compare: got[i] with want[at_i ? i : k] for i = idx ? idx[k] : k, k < n; indices
 * at or beyond count are not compared. idx is a device buffer of n cl_ulong, or NULL for all. */
struct verify_device_job {
    enum cltype type;
    cl_mem got, want, idx;
    size_t count, n;
    int want_at_i;
    double rtol, atol;
};

/* verify_device_run: compares on the device; fills r's checked, mismatches, max_abs_err and max_rel_err
 * (report is left empty: the caller reads the elements back to name them). 0, or -1 with *why when
 * the device cannot do it (the caller checks on the host instead). */
int verify_device_run(struct verify_device *dc, const struct verify_device_job *j, struct verify_result *r, char **why);
#endif
