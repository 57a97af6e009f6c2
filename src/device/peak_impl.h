/* peak_impl.h — what peak.c shares with peak_vendors.c (the other vendors' rates) and peak_env.c
 * (the CLX_PEAK_* variables); not for files outside the three. */
#ifndef PEAK_IMPL_H
#define PEAK_IMPL_H
#include "peak.h"

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

/* peak_name_matches: whether a device name matches a table's pattern: case-insensitive; the parts
 * of pattern between '*' must occur in name in order. */
int peak_name_matches(const char *name, const char *pattern);

/* peak_vendor_lanes: FP32 lanes per compute unit of a device that is not NVIDIA's (the vendor's
 * row, or its architecture's own FP32 rate), 0 when unknown; *why gets a static text naming the row. */
int peak_vendor_lanes(const struct devprops *p, const char **why);

/* An AMD or Intel GPU's FP64 and FP16 results per clock per compute unit as its driver counts
 * units (0: no vendor source), the architecture they are of (NULL: none recognised), and the AMD
 * CUs in each unit (2 where AMD's runtime reports an RDNA GPU's work-group processors, else 1). */
struct vendor_rates { int fp64, fp16, cus_per_unit; const char *why; };
/* peak_vendor_rates: those of device p; all 0, NULL and 1 for NVIDIA's devices and CPUs. */
void peak_vendor_rates(const struct devprops *p, struct vendor_rates *out);

/* peak_env_apply: the CLX_PEAK_* variables set to a positive number replace the peaks derived in pk,
 * each source saying so; one set to anything else is a warning and changes nothing. */
void peak_env_apply(struct peak *pk);
#endif
