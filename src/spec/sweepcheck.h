/* sweepcheck.h — a plot's or a finding's conditions against the rows the spec's own sweep has (its
 * plan without overrides or quick, as plan_table names them), when the spec is read: a value of a
 * build, a variant or a template parameter that no row has (a missing comma joins "" and
 * "-cl-opt-disable" into one build, and build=default then picks nothing), and a finding's
 * selector that picks several rows of the full sweep (it names no value of an axis the sweep has
 * several of), which no sweep of the spec decides. A spec with restrictions, or whose sweep is
 * large, is not checked: its rows are not known cheaply. */
#ifndef SWEEPCHECK_H
#define SWEEPCHECK_H
#include "plan.h"
#include "select.h"
#include "lib/table.h"

struct sweepcheck { const struct spec *s; struct plan p; struct table t; int known; };

/* sweepcheck_open: c for s (c->known: 0 where its rows are not known, and every check says
 * nothing); sweepcheck_close frees it. */
void sweepcheck_open(const struct spec *s, struct sweepcheck *c);
void sweepcheck_close(struct sweepcheck *c);
/* sweepcheck_none: NULL where some row of the sweep meets f's conditions on a build, a variant or a
 * template parameter (those on launch axes are finding_swept's, the others a run's); else why not:
 * "build=default excludes all 8 rows the other conditions leave (build there: -cl-opt-disable)", the
 * rows counted among those f's launch-axis conditions leave, and no count ("excludes every row")
 * where a condition is not judged on the sweep's rows (a launch value only quick has, a column the
 * plan lacks, an extreme). A new string. */
char *sweepcheck_none(const struct sweepcheck *c, const struct filter *f);
/* sweepcheck_several: NULL unless sel, one row's (no aggregate) with the where's conditions on the
 * columns it does not name, picks several rows of the sweep; then "gbs[variant=f4] is ambiguous: 2
 * rows of the spec's sweep match (they differ in N: 4M/16M)", in the words of a run's ambiguous
 * selector (FINDING_AMBIGUOUS). NULL too where a condition is on a column the sweep's rows do not
 * hold (a derived value, a measured one) or picks an extreme (gbs=max): it may pick one row. */
char *sweepcheck_several(const struct sweepcheck *c, const struct selector *sel, const struct filter *where);
#endif
