/* lockholders.h — the flocks held on this host, read from /proc/locks once and asked many times: a
 * reader of many folders (clx history of hundreds of runs, each asked whether a merge holds it) reads
 * the host's lock table, as long as the host's locks are many, once, not once a folder. */
#ifndef LOCKHOLDERS_H
#define LOCKHOLDERS_H

/* One FLOCK held: the file (its device's major:minor and its inode) and the PID holding it. */
struct lockheld {
    unsigned maj, min;
    unsigned long long ino;
    long pid;
    int line;                  /* its place in /proc/locks: of several holders, the first is said */
};

/* The host's held flocks as read (sorted by file, then line); zeroed ({0}) before its first ask. */
struct lockholders {
    int read;                  /* /proc/locks read (or found missing): asked again from v alone */
    int n;
    struct lockheld *v;
};

/* lockholders_pid: the PID of the process holding the flock on path (a file or a folder), as
 * /proc/locks said it when h first needed it (the PID as this process sees it): read at the first
 * ask of a path that exists, never again for h; 0 where none held it then, where path does not exist,
 * or where this system cannot say (no /proc/locks). */
long lockholders_pid(struct lockholders *h, const char *path);
/* lockholders_free: what h read let go; h zeroed (a later ask reads /proc/locks again). */
void lockholders_free(struct lockholders *h);
#endif
