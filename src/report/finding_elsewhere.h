/* finding_elsewhere.h — where a finding that does not hold on a run holds on the same device under
 * another OpenCL implementation (a run beside it in its results folder): then the device is not
 * the cause (its peak, its clock), the implementation's code is. */
#ifndef FINDING_ELSEWHERE_H
#define FINDING_ELSEWHERE_H
#include "spec/spec.h"
#include "store/rundir.h"

/* finding_same_device: whether runs a and b timed the same device: one host, and one device name,
 * or (another implementation names a CPU otherwise: PoCL "cpu-haswell-AMD EPYC ...", Intel's "AMD
 * EPYC ...") as many compute units and one FP32 peak, which clx derives from the hardware. */
int finding_same_device(const struct runjson *a, const struct runjson *b);
/* finding_elsewhere: for f, which does not hold on r, the newest run of r's experiment in r's
 * results folder (r's parent) on the same device under another platform where f holds, said as
 * "it holds on the same device under PLATFORM: MEASURED (DIR)"; NULL where there is none (a new
 * string). */
char *finding_elsewhere(const struct rundir *r, const struct spec_finding *f);
#endif
