/* report_hostload.h — report.md's word on the host's load during a CPU device's sweep (run.json
 * host_load), where other processes took a notable share of it: once near the top, and again above
 * the findings' verdicts, with what it means for them. The console said it at the run's end
 * (run/run_hostload.c); report.md, read later and alone, said nothing. */
#ifndef REPORT_HOSTLOAD_H
#define REPORT_HOSTLOAD_H
#include "spec/spec.h"
#include "store/runjson.h"
#include <stdio.h>

/* report_hostload_top: where j's host_load is notable, a paragraph "**Host load:** other processes
 * took 72% of the host's CPU time during the sweep (...)" (a merged run's: "in the busiest of its 3
 * shards, shard 3 (...); in the others 18% (shard 1) and 35% (shard 2)"), pointing to the findings'
 * word on it where the report has findings, and 1; else nothing and 0. */
int report_hostload_top(FILE *out, const struct runjson *j, int findings);
/* report_hostload_findings: where j's host_load is notable, a paragraph for above the findings'
 * table: what the load means for their verdicts; and 1; else nothing and 0. */
int report_hostload_findings(FILE *out, const struct runjson *j);
/* report_hostload_free_hold: where j's host_load is notable and f is a size that load alone moves into
 * its claimed range (one selector of a rate claimed below a value only, of a time above one), the
 * words its line adds to a *holds* ("under load (above): a rate claimed to stay below a value may hold
 * only because the load slowed the rows"), a new string; else NULL. */
char *report_hostload_free_hold(const struct runjson *j, const struct spec_finding *f);
#endif
