/* probekinds.c — the table of probe kinds (probekinds.h): names and what each measures. */
#include "probekinds.h"
#include "lib/util.h"
#include "lib/names.h"
#include <stddef.h>

static const struct { const char *name, *what; } kinds[PROBE_KINDS] = {
    [PROBE_LAUNCH]    = { "launch", "kernel launch latency: an empty kernel's queued->start, start->end and the "
                                    "host's enqueue-to-finish round trip" },
    [PROBE_TRANSFERS] = { "transfers", "host->device and device->host, pageable (also staged by the host's "
                                       "threads) and pinned, both at once, device->device" },
    [PROBE_LATENCY]   = { "latency", "load latency by pointer chasing over growing footprints (caches, then DRAM), and "
                                  "the levels found in the curve" },
    [PROBE_LOCAL]     = { "local", "local memory bandwidth" },
    [PROBE_ATOMICS]   = { "atomics", "atomic adds on one address and on one address per work-item" },
    [PROBE_CACHEBW]   = { "cachebw", "read bandwidth of a footprint the last-level cache holds, and of one it does not" },
    [PROBE_LOCAL_LATENCY] = { "local_latency", "local memory load latency by pointer chasing (one work-item)" },
    [PROBE_CHAIN_LATENCY] = { "chain_latency", "the latency of a dependent fp32 fma and int32 multiply-add (one "
                                               "work-item's chain): the speed of light's latency bound" },
};

const char *probe_kind_name(enum probe_kind k) { return k >= 0 && k < PROBE_KINDS ? kinds[k].name : "?"; }

const char *probe_kind_what(enum probe_kind k) { return k >= 0 && k < PROBE_KINDS ? kinds[k].what : ""; }

int probe_kind_of(const char *name) { return name_row(&kinds[0].name, PROBE_KINDS, sizeof kinds[0], name); }

const char *probe_kind_names(void)
{
    static char list[256];
    if (!list[0]) name_rows_join(list, sizeof list, &kinds[0].name, PROBE_KINDS, sizeof kinds[0], ", ");
    return list;
}
