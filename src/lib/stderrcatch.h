/* stderrcatch.h — what a library writes on descriptor 2 during one call caught in a file, not shown
 * on the console: PoCL's clang prints "1 error generated." straight to stderr inside clBuildProgram,
 * where it stood between clx's own lines tied to no variant; the caller puts it in that call's log.
 *
 * Descriptor 2 is the process's, and builds ahead call the driver on threads of their own beside the
 * main thread's: so catches may overlap, and while one catch or more is on, descriptor 2 is on one
 * file that each catch takes its part of (what was written on it between its begin and its end).
 * What overlapping calls wrote cannot be told apart there: a catch that had others beside it says so
 * (shared). clx's own messages (warn, die) go to the console's descriptor meanwhile (console.h);
 * other text clx writes on stderr would be caught, so none is written by the thread that says things
 * while a catch is on. */
#ifndef STDERRCATCH_H
#define STDERRCATCH_H

struct stderrcatch {
    int on;                     /* between a begin that moved descriptor 2 and its end */
    long long from;             /* where the shared file stood at its begin */
    unsigned long begun;        /* the count of catches begun, this one included, at its begin */
    int shared;                 /* after stderrcatch_end: another catch was on for some of its time */
};

/* stderrcatch_begin: descriptor 2 moved onto a file, where no catch has it already: the file path
 * (created or emptied), a file on disk so that what the call wrote stays there if the process dies
 * in it; NULL, or a path that cannot be made, takes a temporary file. Where other catches have it on
 * a file already, that file is renamed path where it can be, for the same reason. stderr is flushed
 * first, so that clx's own text already written goes where it was going. 0; or -1, descriptor 2
 * untouched, where no file could be made or descriptor 2 not moved (then stderrcatch_end gives ""). */
int stderrcatch_begin(struct stderrcatch *c, const char *path);
/* stderrcatch_end: what was written on descriptor 2 since c's begin (a new string, "" when nothing),
 * c->shared set; descriptor 2 back where it was once no catch is on, and the file removed then (the
 * others still on, it keeps its name till the next catch with a path renames it, or the last ends). */
char *stderrcatch_end(struct stderrcatch *c);
#endif
