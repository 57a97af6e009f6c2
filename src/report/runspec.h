/* runspec.h — the spec a report of a run reads: --spec, else the experiment's file as it is now
 * where it loads and still fits the run's rows, else the spec run.json recorded. */
#ifndef RUNSPEC_H
#define RUNSPEC_H
#include "spec/spec.h"
#include "store/rundir.h"

/* What the `clx run` commands a report suggests (a quick run's full and small sweeps) name for the
 * experiment where the report reads the spec run.json recorded: they take that spec's parameter
 * names (ILP), which the file as it is now may refuse (renamed CHAINS: exit 2). file: that spec
 * written out in the run's folder (spec/NAME.spec), which runs as the run did, to be named instead of
 * run.json's spec_file; where it cannot be (its template not found from there, or edited since),
 * NULL, and names: the sentence that says the commands use the recorded spec's names. Both NULL
 * where the report reads --spec or the file as it is now: the commands name run.json's spec_file. */
struct runspec_cmd { char *file, *names; };
void runspec_cmd_free(struct runspec_cmd *cmd);

/* runspec_pick: the spec whose plots and findings the report of r uses: override (--spec) as asked,
 * else the experiment's spec file as it is now (so improved findings apply to old runs), else the
 * text run.json recorded: where the file is gone, does not load (a spec mid-edit must not cost the
 * reports of its earlier runs) or no longer fits the run's rows (runspec_misfit: a parameter renamed
 * since), each said in one line. *s is loaded; *source (a new string) says which, for report.md's
 * provenance; *cmd what the report's commands name (runspec_cmd_free frees it); *unread, where the
 * spec file run.json names could not be read (no permission, a folder, gone) and the recorded spec
 * is used, "the spec file FILE could not be read (WHY)" (a new string, for report.md; else NULL),
 * said on the console too. Dies when none can be read. */
void runspec_pick(const struct rundir *r, const char *override, struct spec *s, char **source, struct runspec_cmd *cmd,
                  char **unread);

/* runspec_misfit: where spec s does not describe r's rows, what differs (a new string: "no column
 * CHAINS in results.tsv; the spec names no ILP"), else NULL. A spec fits where each of its
 * parameter axes, launch axes and derived values is a column of the rows, and each parameter and
 * launch axis of the rows is one it names (a named variant's own keys count only where the run
 * has it: a run of some variants lacks the columns of the others). */
char *runspec_misfit(const struct spec *s, const struct rundir *r);

/* runspec_other_experiment: where s (given with --spec) is another experiment's, the template of the
 * run's (a new string), else NULL. Another experiment's spec names a template other than the one of
 * the spec run.json recorded; a copy of the run's spec under another name, its plots or findings
 * edited (docs/report.md's my.spec), names the same template and is not. A run.json with no spec
 * text (an older clx's) cannot say: NULL. */
char *runspec_other_experiment(const struct rundir *r, const struct spec *s);

/* runspec_warn_unpaired: clx report's word on a plot of s that sets builds side by side over a launch
 * axis it leaves free (spec/plot_paired.h), said once on the console as clx run, dump and expand
 * say it at the spec's load: where the report reads the run, with the axes' values r's sweep took
 * (run.json as_run; the spec's, or quick's, where it has none). A run's own report says nothing
 * more: its run said it before the sweep. */
void runspec_warn_unpaired(const struct rundir *r, const struct spec *s);
#endif
