/* dirfile.h — clx run --dir-file FILE: the run's folder named, a line, in a file a script chose, as
 * soon as the folder exists: a script learns it without reading the console (whose reader, gone,
 * stops the run) or the latest link (which another run into the same --out may move, and a run in
 * which nothing ran leaves on an older one). */
#ifndef DIRFILE_H
#define DIRFILE_H

/* dirfile_clear: FILE emptied (made where it is not), so that a run that makes no folder leaves no
 * folder of an earlier run there. 0, or -1 with *err (a new string: what and why: a folder that is
 * not there, a path that is no regular file). */
int dirfile_clear(const char *file, char **err);
/* dirfile_write: FILE holds dirs[0..n), a line each (none: empty), replaced whole (a temporary file
 * beside it renamed over it), so that a reader sees the lines before or after, never half of one.
 * 0, or -1 with errno. */
int dirfile_write(const char *file, const char *const *dirs, int n);
/* dirfile_say: dirfile_write, a failure said on stderr (the run goes on: its rows are whole, and
 * its console names the folder). */
void dirfile_say(const char *file, const char *const *dirs, int n);
#endif
