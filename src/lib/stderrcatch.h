/* stderrcatch.h — what a library writes on descriptor 2 during one call caught in a file, not shown
 * on the console: PoCL's clang prints "1 error generated." straight to stderr inside clBuildProgram,
 * where it stood between clx's own lines tied to no variant; the caller puts it in that call's log.
 *
 * Descriptor 2 is the process's: while a catch is on, whatever any thread writes to stderr lands in
 * the file. So a catch is only for a call on the thread that writes clx's console, made while no other
 * thread of clx's says anything (threads that only call the driver may: their text is caught with
 * the call's). Catches are serialized by a lock of their own. */
#ifndef STDERRCATCH_H
#define STDERRCATCH_H

struct stderrcatch {
    int saved;                  /* descriptor 2 as it was (a dup), -1 when the catch is off */
    int fd;                     /* the file descriptor 2 is on meanwhile */
    char *path;                 /* the file's name, NULL when it is an unlinked temporary one */
};

/* stderrcatch_begin: descriptor 2 moved onto the file path (created or emptied), a file on disk so
 * that what the call wrote stays there if the process dies in it; NULL, or a path that cannot be
 * made, takes an unlinked temporary file. stderr is flushed first, so that clx's own text already
 * written goes where it was going. 0; or -1, descriptor 2 untouched, where no file could be made or
 * descriptor 2 not moved (then stderrcatch_end gives ""). */
int stderrcatch_begin(struct stderrcatch *c, const char *path);
/* stderrcatch_end: descriptor 2 back where it was, on every path; what was caught (a new string,
 * "" when nothing), and the file removed. */
char *stderrcatch_end(struct stderrcatch *c);
#endif
