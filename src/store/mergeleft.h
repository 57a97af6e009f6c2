/* mergeleft.h — what a clx merge that did not finish left in its --out: how readers (report,
 * compare, resume) and merge itself know it from a run that lost its run.json, and what finishes it. */
#ifndef MERGELEFT_H
#define MERGELEFT_H

/* The file a merge writes first into its --out (its command line) and removes once its run.json is
 * written: a folder holding it and no run.json is a merge stopped on the way (killed, a full disk). */
#define MERGE_UNFINISHED "merge.unfinished"
/* The line of MERGE_UNFINISHED after the command that names the merge writing it (lib/pidlive.h's
 * stamp): a comment, so that the file still runs as the command. An older clx wrote none. */
#define MERGE_WRITER "# written by "
/* Where a merge over a partial merge of its sweep sets that one aside while it writes (merge_again.c). */
#define MERGE_ASIDE ".partial-merge"

/* The marks, strongest first. An older clx wrote no MERGE_UNFINISHED: its leftover is known by the
 * partial merge it set aside, by a --split's parts/ beside results.tsv (the split's own merge), or
 * by tools/slurm-sweep.sh's merged/ beside that sweep's merge.sbatch. A merge of shards into a folder
 * of another name that an older clx left is none of these: it reads as a run that lost its run.json. */
enum merge_left_mark { ML_NONE, ML_UNFINISHED, ML_ASIDE, ML_SPLIT, ML_SLURM };

/* merge_left_mark: the mark by which dir, holding no run.json, is a merge's leftover; ML_NONE where
 * it has a run.json or no mark. MERGE_UNFINISHED's temporary (MERGE_UNFINISHED.PID.tmp, a merge
 * killed while it wrote it) is ML_UNFINISHED too. */
enum merge_left_mark merge_left_mark(const char *dir);
/* merge_left_words: the mark said in a few words, for "(...)" after "did not finish". */
const char *merge_left_words(enum merge_left_mark k);
/* merge_left_writer: the PID of the clx merge writing dir now (its MERGE_UNFINISHED, or that mark's
 * temporary, names a merge that is running: lib/pidlive.h), not this process; 0 where none (the
 * mark's merge ended, an older clx's mark, or dir has a run.json): a leftover (merge_left_mark) is
 * one only then. merge_left_running: where there is one, "DIR is still being written by a clx merge
 * (pid N, named in its merge.unfinished): THEN" (a new string); NULL where none. */
long merge_left_writer(const char *dir);
char *merge_left_running(const char *dir, const char *then);
/* merge_left_busy: for a merge refused because another holds dir's lock (cluster/merge_lock.c):
 * "another clx merge is writing DIR now (pid N): ..." with what to do, the PID the lock's holder's
 * (lib/lockfile.h), else the writer its MERGE_UNFINISHED names, else none said; a new string. */
char *merge_left_busy(const char *dir);
/* merge_left: where dir is a merge's leftover (merge_left_mark), what it is and what to do: "DIR is
 * what a clx merge left when it did not finish (...), not a run: ...; the same merge run again
 * replaces it: CMD (or remove it: ...)"; where a merge is writing it now, merge_left_running's words
 * ("... read it again once that merge has ended"); a new string. NULL where it is none. */
char *merge_left(const char *dir);
#endif
