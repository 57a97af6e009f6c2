/* mergebusy.h — who is writing a clx merge's --out: the stamp in its MERGE_UNFINISHED (mergeleft.h)
 * and the folder's lock; the rule by which a merge clears another's marks, and the one line by which
 * readers (report, compare, history, resume) say a folder a merge is writing now. */
#ifndef MERGEBUSY_H
#define MERGEBUSY_H
#include <stddef.h>

/* Who wrote a MERGE_UNFINISHED, by the stamp on its MERGE_WRITER line (lib/pidlive.h). Only a mark
 * of this host whose merge has ended (MW_ENDED), or one that names none (MW_NONE: an older clx's), is
 * a leftover to clear: another host's (a folder every node of a cluster sees) may be a merge going
 * on there, which this host cannot see. */
enum merge_writer { MW_NONE, MW_RUNNING, MW_ENDED, MW_ELSEWHERE };

/* merge_writer_of: the writer stamp names (NULL: MW_NONE), its PID into *pid (0 for MW_NONE) and, for
 * MW_ELSEWHERE, its host into host (n bytes). This process's own stamp is MW_ENDED: what it wrote
 * is not another's work in progress. */
enum merge_writer merge_writer_of(const char *stamp, long *pid, char *host, size_t n);
/* merge_mark_stamp: the stamp on the MERGE_WRITER line of the mark (or its temporary) at path (a new
 * string); NULL where it has none or cannot be read. */
char *merge_mark_stamp(const char *path);
/* merge_marks_writer: merge_writer_of over dir's MERGE_UNFINISHED and that mark's temporaries
 * (MERGE_UNFINISHED.PID.tmp), the strongest said: MW_RUNNING, then MW_ELSEWHERE, then MW_ENDED, else
 * MW_NONE (no mark, or none with a stamp); *pid and host as merge_writer_of's. */
enum merge_writer merge_marks_writer(const char *dir, long *pid, char *host, size_t n);
/* merge_in_progress: where a clx merge is writing dir now (another process holds the folder's lock,
 * cluster/merge_lock.c, and that process is a clx merge, not a resume holding its run; or its
 * MERGE_UNFINISHED names a merge of this host still running), "a merge
 * into DIR is in progress (pid N on HOST); its results are partial" (a new string), which readers
 * say and go on (report, compare, history) or refuse by (resume); NULL where none is. */
char *merge_in_progress(const char *dir);
/* merge_in_progress_seen: the same, the folder's lock holder asked of locks (lib/lockholders.h: the
 * host's locks read once for many folders, clx history's) rather than of /proc/locks read anew; NULL
 * locks: merge_in_progress. */
struct lockholders;
char *merge_in_progress_seen(const char *dir, struct lockholders *locks);
#endif
