/* compare_devsetup.h — what of the device and its driver two runs of one device model ran under
 * otherwise, as their run.json device objects record it: the driver's variables (PoCL's
 * POCL_WORK_GROUP_METHOD), the compute units (POCL_MAX_PTHREAD_COUNT=1 gave 1 of 2, and every
 * configuration 0.35-0.58x), the host CPUs it may use, its limits. A change clx records is a
 * change: compare and history name it beside the template's and the spec's ("ran otherwise"), and
 * the runs are then not of one setup (their whole run's shift is not called their own level). */
#ifndef COMPARE_DEVSETUP_H
#define COMPARE_DEVSETUP_H
#include "store/rundir.h"

/* cmp_devsetup_differs: what run b (named bn) ran under otherwise than run a (named an): "the
 * driver's variables (POCL_WORK_GROUP_METHOD=loops in B, none in A), the compute units (1 in B, 2
 * in A)"; NULL where nothing differs, where either run did not record an item (an older clx, a
 * modes run's names alone), or where the runs are of other device models or platforms (their
 * properties differ as the devices do: compare says "ran on another device" instead). A new
 * string. */
char *cmp_devsetup_differs(const struct rundir *a, const char *an, const struct rundir *b, const char *bn);
#endif
