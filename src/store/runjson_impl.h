/* runjson_impl.h — what runjson.c (the table of keys, read and written by one walk) shares with
 * the files of its typed objects (runjson_machine.c, runjson_sweep.c). Not for other modules. */
#ifndef RUNJSON_IMPL_H
#define RUNJSON_IMPL_H
#include "runjson.h"

/* How a typed object (or a part's view) is written, read and forgotten. */
struct rj_ops {
    /* put: adds key to doc (what is written so far) when r says it; NULL for a part's view. */
    void (*put)(cJSON *doc, const char *key, const struct runjson *r);
    /* get: reads x, the key's value in the file (never NULL), into r. */
    void (*get)(struct runjson *r, const cJSON *x);
    /* clear: r says it no more: what it held freed, the fields "not said". */
    void (*clear)(struct runjson *r);
};

/* runjson_machine.c */
extern const struct rj_ops rj_device_view, rj_peak_ops, rj_timer_ops, rj_clock_ops, rj_mdevices_ops, rj_host_load_ops;
/* runjson_sweep.c */
extern const struct rj_ops rj_as_run_ops, rj_shard_ops, rj_counts_ops;

#endif
