/* devlock.c — the device's turn for timed work: locks on files in $TMPDIR shared by every user. */
#include "devlock.h"
#include "lib/util.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

char *devlock_identity(const struct devprops *p)
{
    /* Every CPU device of the host (PoCL's, Intel's runtime, rusticl's llvmpipe) runs on the same
     * cores: a sweep on one disturbs a sweep on another as much as a second sweep on the same
     * device would, so they take one turn. It is a device lock of its own, not the host lock
     * (hostlock.h) that host references and offload wall times take: a CPU sweep holds its turn
     * for minutes or hours, and the host lock held so long would stop every GPU run's host work
     * (per user, for seconds at a time) behind it, and the sweep's own references would wait on
     * the lock their own process holds. What is left: another clx's host reference may still
     * run during a CPU sweep for its seconds, which the sweep's rounds see as noise (noisy).
     * An integrated GPU (a GPU whose memory is the host's, CL_DEVICE_HOST_UNIFIED_MEMORY) takes the
     * same turn: it shares the host's memory and its power budget, so a CPU sweep beside an iGPU
     * sweep takes bandwidth and turbo from it and it from the CPU's. A discrete GPU says false.
     * The identity keeps its old words, so a clx from before this rule and one after it still
     * meet on one lock file for the CPU devices. */
    if (ocl_host_memory_shared(p)) return xstrdup("cpu: this host's cores");
    if (p->pci[0]) return xasprintf("pci %s", p->pci);
    /* AMD's topology has no domain: taken as 0000, as on most hosts, so that its runtime and a
     * driver with cl_khr_pci_bus_info (rusticl) on the same GPU meet; on a host with several PCI
     * domains two AMD GPUs at the same bus, device and function of two domains take one turn. */
    if (p->amd_bus[0]) return xasprintf("pci 0000:%s", p->amd_bus);
    if (p->uuid[0]) return xasprintf("uuid %s", p->uuid);
    /* Nothing that tells the hardware apart: two identical GPUs (one name, one platform) take one
     * turn, a wait too many rather than two runs timing one GPU at once. */
    return xasprintf("%s|%s", p->platform, p->name);
}

char *devlock_path(const char *identity, const char *suffix)
{
    const char *tmp = getenv("TMPDIR");
    uint64_t h = fnv1a(FNV1A_START, identity, strlen(identity));
    return xasprintf("%s/clx-device-%016llx.lock%s", tmp && *tmp ? tmp : "/tmp", (unsigned long long)h, suffix);
}

/* open_shared: every user's runs time the same device: the file is readable and writable by all
 * (a lock on a read-only descriptor still counts where another user made the file). Never through
 * a symbolic link: the holder truncates the file it opens. */
static int open_shared(const char *path)
{
    mode_t was = umask(0);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
    umask(was);
    if (fd < 0) fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    return fd;
}

/* holder: what the holder wrote into the lock file ("pid N: command"), or "another clx". */
static char *holder(int fd)
{
    char buf[512];
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0) return xstrdup("another clx");
    buf[n] = '\0';
    char *nl = strchr(buf, '\n');
    if (nl) *nl = '\0';
    return xstrdup(buf);
}

static void write_holder(int fd, const char *device_name)
{
    char cmd[256] = "";
    FILE *f = fopen("/proc/self/cmdline", "rb");
    if (f) {
        size_t n = fread(cmd, 1, sizeof cmd - 1, f);
        fclose(f);
        for (size_t i = 0; i + 1 < n; i++) if (!cmd[i]) cmd[i] = ' ';
        cmd[n] = '\0';
    }
    char *t = xasprintf("pid %ld, %s: %s\n", (long)getpid(), device_name, *cmd ? cmd : "clx");
    if (ftruncate(fd, 0) == 0 && pwrite(fd, t, strlen(t), 0) < 0) { /* only a courtesy to waiters */ }
    free(t);
}

/* The sharers' file: each --share-device run holds an fcntl read lock on its byte 0 from
 * devlock_take, before it times anything, and whether some other process holds one is F_GETLK
 * asking for a write lock there, which every other process's read lock blocks and the asker's own
 * never does (fcntl locks belong to the process). flock cannot say it: a sharer's shared lock
 * stops its own test for an exclusive one, so a sharer could tell no other sharer from itself,
 * and two --share-device runs saw nothing of each other. The kernel lets the lock go when the
 * descriptor closes or the process ends however it ends: a sharer that has ended counts no more.
 * The device's lock file keeps its meaning: flock, held exclusively by the holder of the turn. */
static void sharer_mark(int fd)
{
    struct flock fl = { .l_type = F_RDLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 1 };
    /* No clx takes a write lock there: refused only by a file system that keeps no locks, and then
     * this sharer goes unseen, as a run whose files cannot be opened goes unlocked. */
    if (fd >= 0) fcntl(fd, F_SETLK, &fl);
}

static int sharer_elsewhere(int fd)
{
    struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 1 };
    return fd >= 0 && fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK;
}

/* The sharers' file's generation: a count that every run bumps as it starts timing (a sharer when
 * it marks itself, a holder when it gets its turn), the file's text ("%20llu\n"). Who sees only who
 * is alive before and after a row misses a run that started and ended within it; the count moved
 * tells of that one too. It is read and written under an fcntl lock on byte 1 (write to bump, read
 * to read: the count never seen half written), apart from byte 0's marks, and let go at once. */
#define GEN_BYTE 1
#define GEN_WIDTH 21

static int gen_lock(int fd, short type)
{
    struct flock fl = { .l_type = type, .l_whence = SEEK_SET, .l_start = GEN_BYTE, .l_len = 1 };
    return fcntl(fd, F_SETLKW, &fl);
}

static uint64_t gen_read_locked(int fd)
{
    char buf[GEN_WIDTH + 1];
    ssize_t n = pread(fd, buf, GEN_WIDTH, 0);
    if (n <= 0) return 0;
    buf[n] = '\0';
    return strtoull(buf, NULL, 10);
}

/* generation_bump: adds one to the count. On a descriptor opened read-only (another user's file
 * that this one may not write: open_shared) or a file system that keeps no locks, nothing: this run
 * is then seen only while it is alive, as before the count existed. */
static void generation_bump(int fd)
{
    if (fd < 0 || gen_lock(fd, F_WRLCK) != 0) return;
    char buf[GEN_WIDTH + 1];
    snprintf(buf, sizeof buf, "%20llu\n", (unsigned long long)(gen_read_locked(fd) + 1));
    if (pwrite(fd, buf, GEN_WIDTH, 0) != GEN_WIDTH) { /* unseen but alive, as above */ }
    gen_lock(fd, F_UNLCK);
}

uint64_t devlock_generation(const struct devlock *l)
{
    if (l->sharers_fd < 0) return 0;
    /* A lock refused (no locks kept there) still reads: a count torn by a bump at that instant
     * reads as moved, which flags a row, never hides one. */
    int locked = gen_lock(l->sharers_fd, F_RDLCK) == 0;
    uint64_t g = gen_read_locked(l->sharers_fd);
    if (locked) gen_lock(l->sharers_fd, F_UNLCK);
    return g;
}

/* How often a waiting run looks again at the lock and at who holds it. */
#define WAIT_LOOK_NS 250000000L

/* wait_turn: waits for the device's turn (fd's flock), saying who holds it, and again each time
 * another clx holds it (the one named first ended, and another took its turn first): one blocking
 * flock said only the first, and a user saw a finished run blamed for a wait that went on. A look
 * every WAIT_LOOK_NS, the stops blocked between two looks and let in only while it sleeps (pselect),
 * so that a stop ends the wait as it ended the blocking flock (EINTR), never lost between a look and
 * the sleep. 1 with the turn taken; -1 when a signal ended the wait; 0 where flock fails otherwise
 * (the run goes on unlocked). */
static int wait_turn(int fd, const char *device_name, int offer_share)
{
    sigset_t stops, was;
    sigemptyset(&stops);
    sigaddset(&stops, SIGINT);
    sigaddset(&stops, SIGTERM);
    sigaddset(&stops, SIGHUP);
    sigaddset(&stops, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &stops, &was);
    char *said = NULL;
    int rc;
    for (;;) {
        if (flock(fd, LOCK_EX | LOCK_NB) == 0) { rc = 1; break; }
        if (errno != EWOULDBLOCK && errno != EINTR) { rc = 0; break; }
        /* The file is empty between one holder's end and the next one's words: nothing new yet. */
        char *who = holder(fd);
        if (!said || (strcmp(who, "another clx") && strcmp(who, said))) {
            if (!said)
                fprintf(stderr, "clx: %s is being timed by another clx (%s); waiting for its turn (^C stops%s)\n",
                        device_name, who, offer_share ? "; --share-device runs now, its rows flagged shared" : "");
            else
                fprintf(stderr, "clx: %s is now being timed by another clx (%s); still waiting for its turn\n",
                        device_name, who);
            free(said);
            said = who;
        } else {
            free(who);
        }
        struct timespec look = { 0, WAIT_LOOK_NS };
        if (pselect(0, NULL, NULL, NULL, &look, &was) < 0 && errno == EINTR) { rc = -1; break; }
    }
    free(said);
    pthread_sigmask(SIG_SETMASK, &was, NULL);
    return rc;
}

int devlock_take(struct devlock *l, const char *identity, const char *device_name, int share)
{
    memset(l, 0, sizeof *l);
    l->fd = l->sharers_fd = -1;
    l->share = share == DEVLOCK_SHARE;
    char *path = devlock_path(identity, ""), *spath = devlock_path(identity, ".sharers");
    l->fd = open_shared(path);
    l->sharers_fd = open_shared(spath);
    l->path = path;
    free(spath);
    if (l->fd < 0) return 0;
    if (l->share) {
        sharer_mark(l->sharers_fd);
        generation_bump(l->sharers_fd);
        return 0;
    }
    if (flock(l->fd, LOCK_EX | LOCK_NB) != 0) {
        int rc = wait_turn(l->fd, device_name, share == DEVLOCK_WAIT);
        if (rc <= 0) return rc;
        fprintf(stderr, "clx: %s is free now; this run goes on\n", device_name);
    }
    l->owner = 1;
    write_holder(l->fd, device_name);
    generation_bump(l->sharers_fd);
    return 0;
}

int devlock_take_device(struct devlock *l, const struct devprops *p, int share)
{
    char *identity = devlock_identity(p);
    int rc = devlock_take(l, identity, p->name, share);
    free(identity);
    return rc;
}

/* could_take: whether a lock of kind op on fd could be taken now (then it is let go at once). */
static int could_take(int fd, int op)
{
    if (flock(fd, op | LOCK_NB) != 0) return 0;
    flock(fd, LOCK_UN);
    return 1;
}

int devlock_shared_now(const struct devlock *l)
{
    if (!l->owner && !(l->share && l->fd >= 0)) return 0;   /* unlocked: its files could not be opened */
    /* A sharer sees a holder of the turn; a holder or a sharer, a sharer other than itself. */
    if (l->share && !could_take(l->fd, LOCK_SH)) return 1;
    return sharer_elsewhere(l->sharers_fd);
}

void devlock_watch_start(const struct devlock *l, struct devlock_watch *w)
{
    w->generation = devlock_generation(l);
    w->seen = devlock_shared_now(l);
}

int devlock_watch_end(const struct devlock *l, const struct devlock_watch *w)
{
    if (!l->owner && !(l->share && l->fd >= 0)) return 0;   /* unlocked: as devlock_shared_now */
    int alive = devlock_shared_now(l);
    return devlock_watch_shared(w->seen, w->generation, alive, devlock_generation(l));
}

int devlock_watch_shared(int seen_before, uint64_t gen_before, int seen_after, uint64_t gen_after)
{
    return seen_before || seen_after || gen_after != gen_before;
}

void devlock_give(struct devlock *l)
{
    if (l->fd >= 0) {
        if (l->owner && ftruncate(l->fd, 0) != 0) { /* the next holder overwrites it anyway */ }
        flock(l->fd, LOCK_UN);
        close(l->fd);
    }
    if (l->sharers_fd >= 0) close(l->sharers_fd);
    free(l->path);
    l->path = NULL;
    l->fd = l->sharers_fd = -1;
    l->owner = 0;
}
