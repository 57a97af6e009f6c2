/* run_resume_spec.c — a resume of a run whose spec was edited since in what no row reads (a finding,
 * a plot, grid_stride): whether it goes on (spec/specdiff.h's classes, passed down to store/resume.c,
 * which cannot call them), the spec text its run.json records, and the line that says so; where it is
 * refused, what of it is and where in the spec file (spec/specrefused.h). */
#include "run_impl.h"
#include "spec/specdiff.h"
#include "spec/specrefused.h"
#include "spec/expand.h"
#include "lib/spectext.h"
#include <stdio.h>
#include <stdlib.h>

int run_resume_spec_unread(const char *was, const char *now, const char *file, char **refused)
{
    struct specdiff d;
    specdiff_make(was, now, &d);
    int unread = specdiff_unread_only(&d);
    /* Refused: the settings why, each where it is in the file (the first line that differs may be a
     * finding's, which is not why). A shipped spec's file is named from clx's home: from another
     * folder, the path an editor opens. */
    char *home = file[0] != '/' && !file_exists(file) ? path_join(clx_home(), file) : NULL;
    *refused = unread ? NULL : specrefused_said(&d, was, now, home && file_exists(home) ? home : file);
    free(home);
    specdiff_free(&d);
    return unread;
}

const char *run_resume_spec_text(const struct runner *r)
{
    const struct resume *rs = &r->out.resume;
    /* Said the same (comments, line ends): the run's as it began, one spec for the run. Edited in
     * what no row reads: this one, what its report and compare are to read (the finding as edited);
     * but a shard's stays the run's, the text its sibling shards recorded: clx merge joins shards of
     * one spec text (and of one sweep hash, made of it). */
    if (!rs->spec_was || (rs->spec_unread && !r->o->shard.n)) return r->s->text;
    return rs->spec_was;
}

void run_resume_spec_say(const struct runner *r)
{
    const struct resume *rs = &r->out.resume;
    if (!rs->spec_was) return;
    if (!rs->spec_unread) {
        printf("clx: resuming: the spec's %s differ from the run's (edited since): they change nothing measured, so "
               "the run goes on, and its run.json keeps the spec as the run began\n", spectext_unsaid(rs->spec_was, r->s->text));
        return;
    }
    struct specdiff d;
    specdiff_make(rs->spec_was, r->s->text, &d);
    char *said = specdiff_said(&d, "the run's", "this one");
    printf("clx: resuming: this run differs from the interrupted one in %s: the run goes on, and its run.json %s\n",
           said ? said : "the spec", r->o->shard.n ? "keeps the spec as the run began, as its sibling shards' do (clx "
           "merge joins shards of one spec)" : "records the spec as it is now");
    free(said);
    specdiff_free(&d);
}
