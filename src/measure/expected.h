/* expected.h — what a variant's outputs must be, and the check against them. */
#ifndef EXPECTED_H
#define EXPECTED_H
#include "basefail.h"
#include "bench.h"
#include "spec/plan.h"
#include "spec/spec.h"
#include "store/rowstatus.h"
#include <stdint.h>

struct expect;
struct verify_device;
/* The expected outputs known at the current launch point (a small cache, capped in memory), and
 * where outputs are compared with them. */
struct expected {
    struct expect *e;
    int n;
    cl_context ctx;
    cl_command_queue q;
    struct verify_device *dc;         /* compares on the device; NULL: always on the host (--verify host) */
    cl_ulong global_mem;
    size_t dev_held;             /* bytes of expected values on the device */
    long device_checks, host_checks;    /* output buffers compared on each side */
    int warned;                  /* the device check's failure was said */
    size_t *sample, sample_n, sample_count;   /* the last sampled indices, for count elements */
    uint64_t sample_seed;
    int ref_reads_geometry;      /* the reference read local, GLOBAL...: answers are kept per geometry */
    int ref_reads_params;        /* the reference read a template parameter: answers are kept per variant */
    int ref_probed;              /* the run's first answer was computed again over other output contents */
    char *ref_reads_output;      /* what that found: the reference read an output before writing it
                                  * (NULL: it did not), the note of every row it checks */
    char *ref_reads_before;      /* that second run read before an input's start, which the first did unseen: what
                                  * it said (NULL: it did not), the error of every row after it in this worker */
    char *ref_probe_fault;       /* that second run faulted: what it said (NULL: it did not), the note of the row
                                  * it ran for; the worker then ends, and the supervisor has the next one not
                                  * probe again (run_opts.ref_unprobed) */
    double probe_postponed;      /* the probe was due at an answer whose buffers left the host no room for its
                                  * copies (bufset.probe_no_room; expected_probe.h's probe_reads_output): the least
                                  * of those bytes, the probe left due for the next answer; 0: it never was. Where
                                  * it never ran, the run's end says so (expected_probe_unmade) */
    int probe_made_before;       /* an earlier worker of the run made the probe (run_opts.ref_probe_made): it ran,
                                  * whatever this worker postponed */
    struct basefail lost;        /* why the baseline variant has no answer at this point, where it has none */
    int outputs_on_host;         /* the host copies already hold the outputs, joined from several devices
                                  * (modes): never read back over them */
};

/* What checking one configuration's outputs found. */
struct outcome {
    enum row_status status;  /* ok, FAIL, error (no reference answer), or unverified (the baseline itself) */
    char *note;              /* the first differing elements, or why there is no answer (caller frees) */
    double max_rel_err;      /* over the compared elements; NAN when nothing was compared */
    double cpu_ms;           /* the host reference's time when it computed every element, else 0 */
};

/* expected_init: an empty cache whose checks run on the device through dc (NULL: on the host). */
void expected_init(struct expected *x, cl_context ctx, cl_command_queue q, struct verify_device *dc,
                   const struct devprops *dp);
/* expected_check: checks the outputs in bs of variant v at the variables vv against the spec's
 * host reference (computed once per point and parameter set) or its baseline variant (whose
 * own output becomes the answer). */
void expected_check(struct expected *x, const struct spec *s, const struct plan *p, int v, struct bufset *bs,
                    const struct vars *vv, uint64_t seed, struct outcome *o);
/* expected_baseline_failed: variant v's configuration at the variables vv is over with status st
 * (why: its reason, may be NULL) without an answer: where v is the spec's baseline variant, the
 * others at that point say so rather than that it has none. */
void expected_baseline_failed(struct expected *x, const struct spec *s, const struct plan *p, int v,
                              const struct vars *vv, enum row_status st, const char *why);
/* expected_clear: forgets every answer (at a new launch point). */
void expected_clear(struct expected *x);
/* expected_free: forgets everything (the run is over). */
void expected_free(struct expected *x);
#endif
