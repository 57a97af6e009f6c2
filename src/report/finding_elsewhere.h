/* finding_elsewhere.h — where a finding that does not hold on a run holds on the same device under
 * another OpenCL implementation (a run beside it in its results folder): then the device is not
 * the cause (its peak, its clock), the implementation's code is. */
#ifndef FINDING_ELSEWHERE_H
#define FINDING_ELSEWHERE_H
#include "spec/spec.h"
#include "store/rundir.h"

/* The runs beside one: of its experiment, finished, on the same device under another platform,
 * --quick where it is and full where it is (the two measure other configurations), newest first,
 * each opened once for a report's findings (a results folder may hold hundreds of runs, and several
 * findings may ask). */
struct finding_peers { struct rundir *runs; int n; };

/* finding_same_device: whether runs a and b timed the same device: one host, and one device name,
 * or (another implementation names a CPU otherwise: PoCL "cpu-haswell-AMD EPYC ...", Intel's "AMD
 * EPYC ...") as many compute units and one FP32 peak, which clx derives from the hardware. */
int finding_same_device(const struct runjson *a, const struct runjson *b);
/* finding_peers_read: r's peers, from r's results folder (r's parent), into *p (none where it
 * cannot be read); finding_peers_free frees them. */
void finding_peers_read(const struct rundir *r, struct finding_peers *p);
void finding_peers_free(struct finding_peers *p);
/* finding_elsewhere: for f, which does not hold on its run, the newest of the run's peers p where
 * f holds, said as "it holds on the same device under another implementation, PLATFORM: PART =
 * VALUE (DIR): ..."; NULL where there is none (a new string). */
char *finding_elsewhere(const struct finding_peers *p, const struct spec_finding *f);
#endif
