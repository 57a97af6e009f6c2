/* unkept.h — the rows a plot or a finding matched but cannot take: those that did not pass (by
 * status) and those that passed but are set aside above the device's peak (flag IMPOSSIBLE), counted
 * apart, so that an ok row above the peak is said as what it is, never "not measured (1 ok)". */
#ifndef UNKEPT_H
#define UNKEPT_H
#include "store/rowstatus.h"
#include "store/rundir.h"

struct unkept { struct status_counts failed; int above_peak, rows; };

/* unkept_add: row i, which is not rundir_row_ok, counted: above the peak (rundir_above_peak), else
 * by its status. */
void unkept_add(struct unkept *u, const struct rundir *r, int i);
/* unkept_aside_said: where some are above the peak, the u->rows rows named by `which` ("it names",
 * "with it") said as "the 2 rows it names are set aside: above the device's peak (flag IMPOSSIBLE)",
 * or with those that did not pass, "the 3 rows it names: 2 did not pass (2 FAIL), 1 set aside: ...",
 * failed_one and failed_many the verb of those ("did not pass", "was not measured"); a new string;
 * NULL where none is above the peak (the caller's words for the statuses hold). */
char *unkept_aside_said(const struct unkept *u, const char *which, const char *failed_one, const char *failed_many);
#endif
