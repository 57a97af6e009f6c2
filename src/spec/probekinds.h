/* probekinds.h — the probes a spec may ask for, as one table: the spec reader checks names
 * against it, and measure/probes.c runs each kind by its index, so adding a probe is a row here
 * and a function there (probes.c asserts that every kind has one). */
#ifndef PROBEKINDS_H
#define PROBEKINDS_H

enum probe_kind { PROBE_LAUNCH, PROBE_TRANSFERS, PROBE_LATENCY, PROBE_LOCAL, PROBE_ATOMICS, PROBE_CACHEBW,
                  PROBE_LOCAL_LATENCY, PROBE_CHAIN_LATENCY, PROBE_KINDS };

/* probe_kind_name: the name a spec writes ("launch"); probe_kind_what: what it measures. */
const char *probe_kind_name(enum probe_kind k);
const char *probe_kind_what(enum probe_kind k);
/* probe_kind_of: the kind a name names, or -1. */
int probe_kind_of(const char *name);
/* probe_kind_names: every name, comma-separated ("launch, transfers, ..."), for messages. */
const char *probe_kind_names(void);
#endif
