/* stdfds.c — descriptors 0, 1 and 2 open from the start (stdfds.h). */
#include "stdfds.h"
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

int stdfds_open(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        /* Not close-on-exec: m4 and gnuplot inherit it as they would the user's. */
        int n = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (n < 0) return -1;
        /* The lowest free number, so fd itself (the ones below it are open by now); in case not: */
        if (n != fd) {
            int d = dup2(n, fd), e = errno;
            close(n);
            if (d < 0) { errno = e; return -1; }
        }
    }
    return 0;
}
