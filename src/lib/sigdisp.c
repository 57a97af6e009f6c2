/* sigdisp.c — another process's handling of a signal, from /proc/PID/status (sigdisp.h). */
#include "sigdisp.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/* mask_bit: the bit for sig (1-based) in the hexadecimal mask that starts at p (up to end); -1
 * where the mask is not hexadecimal digits. */
static int mask_bit(const char *p, const char *end, int sig)
{
    const char *q = p;
    while (q < end && ((*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'f') || (*q >= 'A' && *q <= 'F'))) q++;
    if (q == p) return -1;
    /* The last digit holds signals 1-4, the one before it 5-8, and so on. */
    long at = (long)(q - p) - 1 - (sig - 1) / 4;
    if (at < 0) return 0;
    char c = p[at];
    int v = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
    return v >> ((sig - 1) % 4) & 1;
}

int sigdisp_parse(const char *text, size_t len, int sig)
{
    static const char *const keys[2] = { "SigIgn:", "SigCgt:" };
    static const int bits[2] = { SIGDISP_IGNORED, SIGDISP_CAUGHT };
    const char *end = text + len;
    int found = 0;
    if (sig < 1) return 0;
    for (const char *line = text; line < end;) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        const char *stop = nl ? nl : end;
        for (int k = 0; k < 2; k++) {
            size_t kl = strlen(keys[k]);
            if ((size_t)(stop - line) < kl || memcmp(line, keys[k], kl)) continue;
            const char *p = line + kl;
            while (p < stop && (*p == ' ' || *p == '\t')) p++;
            if (mask_bit(p, stop, sig) == 1) found |= bits[k];
        }
        line = nl ? nl + 1 : end;
    }
    return found;
}

int sigdisp_of(pid_t pid, int sig)
{
    /* The path built by hand: snprintf is not async-signal-safe. */
    char path[32] = "/proc/", digits[24], buf[4096];
    int nd = 0;
    if (pid <= 0) return 0;
    for (long v = pid; v > 0 && nd < (int)sizeof digits; v /= 10) digits[nd++] = (char)('0' + v % 10);
    size_t at = strlen(path);
    while (nd > 0) path[at++] = digits[--nd];
    memcpy(path + at, "/status", sizeof "/status");
    /* The handler that asks must leave errno as the code it interrupted had it. */
    int saved = errno;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        errno = saved;
        return 0;
    }
    /* SigIgn and SigCgt come after the groups list, within the first two kilobytes or so; beyond
     * the buffer (a process in thousands of groups) they read as neither. */
    size_t n = 0;
    for (ssize_t r; n < sizeof buf && (r = read(fd, buf + n, sizeof buf - n)) != 0;) {
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) break;
        n += (size_t)r;
    }
    close(fd);
    errno = saved;
    return sigdisp_parse(buf, n, sig);
}
