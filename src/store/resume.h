/* resume.h — continuing an interrupted sweep in its own folder (clx run --resume): what run.json
 * recorded must be this run (spec, axes, device, driver, options), the complete rows already in
 * results.tsv are kept (a cut-off last line is dropped) and replayed instead of run again, but for
 * those a stop cut short, which are measured again and written in their own place. */
#ifndef RESUME_H
#define RESUME_H
#include "runjson.h"
#include "lib/table.h"

struct resume {
    struct table rows;           /* the rows results.tsv already holds, in the sweep's order (as written) */
    long keep_bytes;             /* results.tsv's length without a cut-off last line and the 'stopped' rows */
    int dropped;                 /* 'stopped' rows at its end (never measured: a stop, a crash or a timeout): cut off */
    char *redo;                  /* [row]: 1 where a stop cut the row's rounds short (rounds-cut), or a crash left
                                  * it unmeasured ('stopped' before finished rows) or crashed in it (crash-retry):
                                  * measured again, its new row written in its place; the file keeps the old one
                                  * until then */
    int nredo;                   /* rows with redo set */
    int ncrashed;                /* of them, those a crash or a timeout left ('stopped', crash-retry) */
    cJSON *interruptions;        /* run.json "interruptions" of this run so far: every earlier session that
                                  * stopped, or ended with rows a crash or a timeout left, oldest first, the
                                  * one resumed now the last (sessions.c: a new array) */
    char *started;               /* when the run first started */
    char *command_line;          /* the command that started it */
    char *clx_was;               /* the clx version its last session ran under (run.json clx_version) */
    struct strlist resumed;      /* when it was resumed before now */
    char *spec_was;              /* the run's spec text where this one's differs from it and the resume goes
                                  * on: in its comments, blank lines or line ends alone (lib/spectext.h), or
                                  * in what no row reads (spec_unread); else NULL */
    int spec_unread;             /* spec_was says otherwise than this one's, in what no row reads alone (the
                                  * caller's resume_spec_fn let it by): not the same spec, one whose rows are */
    int ref_probed;              /* the probe was made in an earlier session (run.json ref_probed) */
    char *ref_probe_fault;       /* the reference faulted in the probe of whether it reads its output in an
                                  * earlier worker or session, which said this (run.json ref_probe_fault):
                                  * not probed again; NULL: it did not */
    int search_priced_older;     /* a --budget P% search whose run.json has no sweep_builds: a clx from
                                  * before the pricing of a sweep's builds once a variant and build (and of the
                                  * search's very first round once) stopped it, and its log was made under
                                  * that budget: the resume prices it so (race.h's price_older) */
    int row_dev;                 /* results.tsv has the dev_row_avg column a whole sweep adds last (a run
                                  * that finished, or stopped after it): to drop before going on */
};

/* resume_spec_fn: whether the run's spec text (was) and this run's (now, of the spec file file), which
 * say otherwise (lib/spectext.h), differ only in what no row reads (a finding, a plot), so that the rows
 * of one are the rows of the other. Where not, *refused: the settings the refusal names, each where it
 * is in file and with both texts, "the spec's bytes (FILE:21: '12 * N' there, '16 * N' here)", not the
 * first line that differs (an added finding's may come first, which is not why); NULL where the texts
 * read as no spec, and the refusal quotes that line (a new string). The floor above's answer
 * (spec/specdiff.h, spec/specrefused.h), which store, below spec, cannot call; NULL: every edit that
 * says something is refused. */
typedef int (*resume_spec_fn)(const char *was, const char *now, const char *file, char **refused);

/* resume_open: reads dir's run.json and results.tsv and checks them against now (this run's
 * run.json record) and cols (this run's results.tsv columns); a spec edited since goes on where it
 * says the same or where unread says its edit is of what no row reads. NULL when the run can go on in dir,
 * else why not (a new string). continuing: this is a worker its supervisor started after another
 * ended (a crash, a timeout), whose run.json, saying neither finished nor interrupted, is that
 * worker's of this session, not a session that ended without a word (sessions_of). */
char *resume_open(struct resume *rs, const char *dir, const struct runjson *now, const struct strlist *cols,
                  int continuing, resume_spec_fn unread);
/* resume_check: resume_open's checks of dir's run.json alone (what it is, and this run's record
 * now against it), which need no device: a mismatch is said before the wait for its turn. NULL, or
 * why not (a new string). */
char *resume_check(const char *dir, const struct runjson *now, resume_spec_fn unread);
/* resume_edited_way: where a file the run read (file: "the template") was edited since, the two ways
 * on, as a refusal ends: "; to go on with this run, restore FILE as it was when the run began (...),
 * then resume; to time it as it is now, start a new run: clx run ARGS" (was: the run's run.json, for
 * its own arguments; a new string). */
char *resume_edited_way(const char *file, const struct runjson *was);
/* resume_not_a_run: why dir, which clx wrote, is no stopped run to resume (a new string), else
 * NULL: clx merge's join of shards (run.json "merged": its "finished" is the last shard's end, not
 * the sweep's, and a partial one lacks rows no resume could make), or the folder of a --split whose
 * parts stopped before their merge (a parts/ folder and no run.json), or a --modes run (it has no
 * resume: run again). Says what finishes it. */
char *resume_not_a_run(const char *dir);
/* resume_finished: where the run in dir was (its run.json) finished, why there is nothing to
 * resume: a sweep has a row for every configuration, a search ended (a new string); NULL where it
 * did not finish (stopped, or still running), or finished with rows a resume measures (again)
 * (resume_remeasured). */
char *resume_finished(const struct runjson *was, const char *dir);
/* resume_remeasured: the rows of dir's results.tsv that a resume measures again: every one from the
 * first that is 'stopped' (never measured), flagged rounds-cut (a stop cut its rounds short) or
 * crash-retry (crashed its worker once) on, since results.tsv keeps the sweep's order; 0 where
 * there are none or the file cannot be read. */
int resume_remeasured(const char *dir);

/* The configurations a resume tries once more: the rows flagged crash-retry among those it drops,
 * their cells (in cols' order) one row after another. Read by the supervising process before its
 * first worker, so that every worker of the resume knows them (the first one cuts results.tsv). */
struct resume_retry {
    struct strlist cols;
    struct strlist cells;        /* cols.n a row */
    int n;
};
/* resume_retry_read: dir's such rows into rt (none where results.tsv cannot be read). */
void resume_retry_read(const char *dir, struct resume_retry *rt);
/* resume_retry_has: whether one of rt's rows has the values of the row (cols, vals) in every
 * column of names. */
int resume_retry_has(const struct resume_retry *rt, const struct strlist *names, const struct strlist *cols,
                     const struct strlist *vals);
void resume_retry_free(struct resume_retry *rt);
/* resume_reread: rs's rows, and what of them a resume measures (again), read anew from dir's
 * results.tsv once this resume rewrote it otherwise than row for row (results_relayout); the rest of
 * rs as it was. 0, or -1 (rs as it was) where it cannot be read. */
int resume_reread(struct resume *rs, const char *dir);
void resume_free(struct resume *rs);
#endif
