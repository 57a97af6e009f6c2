/* runfixture.h — a run's folder made for the unit tests from its results.tsv text and run.json: what
 * clx report and the speed of light's readers open, with no run behind it. */
#ifndef RUNFIXTURE_H
#define RUNFIXTURE_H
#include "check.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* write_run: dir made, with results.tsv holding tsv (len bytes) and run.json json. */
static inline void write_run(const char *dir, const char *tsv, size_t len, const char *json)
{
    char *t = path_join(dir, "results.tsv"), *rj = path_join(dir, "run.json");
    CHECK(mkdir_p(dir) == 0);
    CHECK(write_file_atomic(t, tsv, len) == 0);
    CHECK(write_file_atomic(rj, json, strlen(json)) == 0);
    free(t);
    free(rj);
}
#endif
