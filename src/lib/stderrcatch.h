/* stderrcatch.h — what a library writes on descriptor 2 during one call caught in a file, not shown
 * on the console: PoCL's clang prints "1 error generated." straight to stderr inside clBuildProgram,
 * where it stood between clx's own lines tied to no variant; the caller puts it in that call's log.
 *
 * Descriptor 2 is the process's, and builds ahead call the driver on threads of their own beside the
 * main thread's: so catches may overlap. While one or more is on, descriptor 2 is on one shared file
 * (reference-counted, under a lock); each catch takes its part of it, what was written between its
 * begin and its end, and says when another catch was on meanwhile (shared): what overlapping calls
 * wrote cannot be told apart. clx's own messages (warn, die) go to the console's descriptor meanwhile
 * (console.h); other text clx writes on stderr would be caught, so none is written while a catch is on.
 *
 * The shared file is made in the folder of the first catch's marker (a run's logs/: the same file
 * system, nothing renamed, nothing left in $TMPDIR), named SHARED_PREFIX and six letters, and removed
 * when the last catch ends; without a marker, or where that folder takes no file, it is an unlinked
 * temporary file. A catch's marker is its record for a crash: made at its begin, removed at its end,
 * it says where the catch began in the shared file and whether it was shared, so that after the
 * process died in the call stderrcatch_said gives that call's text (the shared file is left then).
 *
 * Text written on descriptor 2 is no thread's: a catch begun beside the process's other calls to the
 * library outside any catch (a build ahead on its thread while the main thread measures, launching
 * kernels and releasing programs) takes their text too, and says so (beside). clx's own exit (die)
 * ends every catch first, nothing left (stderrcatch_quit); a process that dies in a call leaves them. */
#ifndef STDERRCATCH_H
#define STDERRCATCH_H
struct strlist;

#define STDERRCATCH_SHARED_PREFIX ".driver-stderr-"
/* How a run names a catch's marker: logs/VARIANT__BUILD.stderr (run_build.c, supervise_say.c). */
#define STDERRCATCH_MARKER_EXT ".stderr"

struct stderrcatch {
    int on;                     /* between a begin that moved descriptor 2 (or found it moved) and its end */
    long long from;             /* where the shared file stood at its begin */
    int shared;                 /* another catch was on for some of its time (so far, then at its end) */
    int beside;                 /* begun beside the process's calls outside catches: some text may be theirs */
    char *marker;               /* its crash record, NULL when none */
    struct stderrcatch *next;   /* the other catches on (stderrcatch.c's list) */
};

/* stderrcatch_begin: descriptor 2 on the shared file (made where no catch has it already), the catch's
 * part beginning here, and its marker written at path marker (NULL: none; a marker in another folder
 * than the shared file's, or with the shared file a temporary one, is made empty). beside: the
 * process goes on calling the library outside catches meanwhile (c->beside, and its marker, say so).
 * A marker already at that path is an older crash's record of the same call (a resume builds again a
 * build a worker died in): the shared file it names is removed with it, unless other markers name it.
 * stderr is flushed first, so that text already written goes where it was going. 0; or -1,
 * descriptor 2 untouched, where no file could be made or descriptor 2 not moved, or after
 * stderrcatch_quit (then stderrcatch_end gives ""). */
int stderrcatch_begin(struct stderrcatch *c, const char *marker, int beside);
/* stderrcatch_end: what was written on descriptor 2 since c's begin (a new string, "" when nothing;
 * "" too where stderrcatch_quit ended it), c->shared set; its marker removed; descriptor 2 back where
 * it was and the shared file removed once no catch is on. */
char *stderrcatch_end(struct stderrcatch *c);
/* stderrcatch_said: the text a marker stands for (what was written from its catch's begin to the end
 * of the shared file, the process that wrote it having died), *shared whether other catches were on
 * meanwhile (some of it may be theirs), *beside whether it was begun beside the process's calls
 * outside catches (beside NULL: not asked); a file that is no marker (a run's from before) is its own
 * text, neither. A new string, "" where the shared file is gone; NULL where there is no marker. */
char *stderrcatch_said(const char *marker, int *shared, int *beside);
/* stderrcatch_record: whether name, a file's name in a run's logs/, is a crash's record of a catch
 * (the shared file, or a marker): what a process that died in a call left, which says that it did. */
int stderrcatch_record(const char *name);
/* stderrcatch_files: the names of the shared files now in folder dir (a run's logs/), pushed on files:
 * what a process about to start finds there, so that stderrcatch_drop_new tells its own from older
 * crashes' after it was killed. */
void stderrcatch_files(const char *dir, struct strlist *files);
/* stderrcatch_drop_new: a process killed for no fault of its calls (a stop at once, a launch past its
 * limit), its catches' work to be done again, leaves no record: every shared file in dir not in before
 * (stderrcatch_files before it began) removed, with every marker that names it (its builds ahead's too,
 * which no marker of the build in flight names where that build was not in a catch). */
void stderrcatch_drop_new(const char *dir, const struct strlist *before);
/* stderrcatch_tidy: in folder dir (a finished run's logs/), every marker whose name is not in keep
 * removed (a record no row's log names: a kill's, a crash's whose build was made again), and every
 * shared file no marker left names (an older crash's, orphaned). How many files went. */
int stderrcatch_tidy(const char *dir, const struct strlist *keep);
/* stderrcatch_quit: every catch on ended at once, for clx's own exit (die calls it: util.h's
 * util_before_die, set by stderrcatch_begin): what the shared file holds is written on descriptor 2
 * put back (nobody would read it: no build's log is written now), the file and every marker removed,
 * and no catch begun after. Not for a process dying in a call (a signal, a library's exit): its
 * markers and the file are a crash's record. A no-op within stderrcatch's own calls (an
 * allocation's die there). */
void stderrcatch_quit(void);
#endif
