/* sweepsetup.h — the device's setup in the refusals of sweepid.h's table (its SWEEPID_DEVICE_SETUP
 * items: the driver's variables, the host CPUs, the compute units, ...): both values, and the way on
 * that a resume or a merge can take, so that rows of two setups never share one results.tsv unsaid. */
#ifndef SWEEPSETUP_H
#define SWEEPSETUP_H
#include "sweepid.h"
#include "lib/util.h"

/* sweepsetup_text: a setup item's value as a refusal shows it: "none" for driver_env's "" (no
 * variable set), else sweepid_text's; NULL where too long to show (a new string). */
char *sweepsetup_text(const cJSON *x);
/* sweepsetup_env: the words to put before a command run where the driver's variables are have (run.json
 * device.driver_env: "NAME=VALUE ..."; NULL as "") so that it runs where they are want: want's
 * assignments have lacks (each VALUE a shell word), after "env -u NAME" for each variable have sets
 * and want does not ("env -u POCL_WORK_GROUP_METHOD", "POCL_WORK_GROUP_METHOD=loops"); "" where
 * they are the same. A new string. */
char *sweepsetup_env(const char *want, const char *have);
/* sweepsetup_resume_why: why clx run --resume of the run in dir (its run.json was, its arguments args)
 * is refused where this run (now, a run.json document) differs in setup item id: the setting, both
 * values, and the two ways on: resume it under the setup it ran under (for the driver's variables
 * the command, set as they were), or time this setup in a new run (its command). A new string. */
char *sweepsetup_resume_why(const struct sweepid_item *id, const cJSON *was, const cJSON *now, const char *dir,
                            const struct strlist *args);
/* sweepsetup_merge_way: what a merge refused at setup item id adds: the parts of one sweep run
 * under one setup, and how the part that differs is run again as the others were ("; ...", a new
 * string). */
char *sweepsetup_merge_way(const struct sweepid_item *id);
#endif
