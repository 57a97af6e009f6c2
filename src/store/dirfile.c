/* dirfile.c — the file clx run --dir-file names: emptied at the start, then the run's folders
 * written whole, one a line (dirfile.h). */
#include "dirfile.h"
#include "lib/util.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int dirfile_clear(const char *file, char **err)
{
    struct stat st;
    /* Replaced by a rename: a FIFO or a device (/dev/stdout) would be replaced by a file, not written. */
    if (!stat(file, &st) && !S_ISREG(st.st_mode)) {
        *err = xasprintf("--dir-file %s: not a regular file (clx replaces it whole, by a rename)", file);
        return -1;
    }
    if (dirfile_write(file, NULL, 0)) {
        *err = xasprintf("--dir-file %s: cannot write it: %s", file, strerror(errno));
        return -1;
    }
    return 0;
}

int dirfile_write(const char *file, const char *const *dirs, int n)
{
    char *tmp = xasprintf("%s.tmp-%ld", file, (long)getpid());
    FILE *f = fopen(tmp, "w");
    int rc = f ? 0 : -1, e = errno;
    for (int i = 0; f && i < n; i++)
        if (fprintf(f, "%s\n", dirs[i]) < 0) rc = -1;
    if (f && fclose(f)) rc = -1;
    if (!rc && rename(tmp, file)) rc = -1;
    if (rc) {
        e = errno;
        unlink(tmp);
    }
    free(tmp);
    errno = e;
    return rc;
}

void dirfile_say(const char *file, const char *const *dirs, int n)
{
    if (dirfile_write(file, dirs, n))
        warn("--dir-file %s: cannot write the run's folder%s into it: %s", file, n > 1 ? "s" : "", strerror(errno));
}
