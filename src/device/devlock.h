/* devlock.h — one timing run per device: an advisory lock that a second clx waits on (saying who
 * holds it), or with --share-device runs beside, its rows and the holder's flagged `shared`. */
#ifndef DEVLOCK_H
#define DEVLOCK_H
#include "ocl.h"
#include <stdint.h>

struct devlock {
    int fd;            /* the device's lock file; -1 when there is none (unwritable $TMPDIR: unlocked) */
    int sharers_fd;    /* the sharers' file: each --share-device run holds a lock in it while it runs, and
                        * its count (devlock_generation) tells of every run that started */
    int share;         /* this run shares (takes no turn) */
    int owner;         /* this run holds the device's turn */
    char *path;        /* the lock file (run.json's device_lock) */
};

/* devlock_identity: the hardware a device times on, the same whatever OpenCL implementation and
 * ICD files name it (never its P:D, an index into the loader's list): every CPU device and every
 * integrated GPU (CL_DEVICE_HOST_UNIFIED_MEMORY: ocl_host_memory_shared) one identity, the host's
 * cores, memory and power; another device its PCI address (cl_khr_pci_bus_info, NVIDIA's
 * attributes, AMD's topology), else its UUID (cl_khr_device_uuid), else its platform and name
 * (new string). */
char *devlock_identity(const struct devprops *p);
/* devlock_path: the lock file for a device identity (devlock_identity's):
 * $TMPDIR (else /tmp)/clx-device-HASH.lock, in a new string; suffix "" or ".sharers". */
char *devlock_path(const char *identity, const char *suffix);

/* How a run takes the device's turn: DEVLOCK_WAIT waits, offering --share-device in its words;
 * DEVLOCK_SHARE takes no turn; DEVLOCK_WAIT_ONLY waits without that offer (a --resume, whose options
 * are its run's own and which refuses --share-device). */
enum { DEVLOCK_WAIT = 0, DEVLOCK_SHARE = 1, DEVLOCK_WAIT_ONLY = 2 };
/* devlock_take: share DEVLOCK_WAIT or DEVLOCK_WAIT_ONLY: waits for the device's turn, saying on
 * stderr who holds it (a signal ends the wait: returns -1); DEVLOCK_SHARE: takes no turn, waits for
 * nothing. 0 otherwise, also when the files cannot be opened (the run goes on unlocked, as before
 * the lock existed). */
int devlock_take(struct devlock *l, const char *identity, const char *device_name, int share);

/* devlock_take_device: devlock_take for the device p describes (its devlock_identity), named by its
 * name in the wait's message: what a sweep and a modes run each take before timing anything. */
int devlock_take_device(struct devlock *l, const struct devprops *p, int share);

/* devlock_shared_now: whether another clx times the device now (for a holder: a --share-device
 * run; for a sharer: a holder, or another --share-device run). */
int devlock_shared_now(const struct devlock *l);

/* devlock_generation: the sharers' file's count of runs that started timing the device, each one's
 * start (a --share-device run's, or a holder's on getting its turn) adding one; 0 where there is no
 * file. */
uint64_t devlock_generation(const struct devlock *l);

/* A watch over one stretch of timed work (a configuration's round, a mode's trials): whether
 * another clx timed the device at any time during it. Another run alive at its start or at its end
 * is seen alive; one that started and ended within it moved the generation. */
struct devlock_watch { uint64_t generation; int seen; };
/* devlock_watch_start: before the work: the generation, then who is alive. */
void devlock_watch_start(const struct devlock *l, struct devlock_watch *w);
/* devlock_watch_end: after it: whether another clx timed the device meanwhile (who is alive now,
 * then the generation, judged by devlock_watch_shared); 0 for a run that went on unlocked. */
int devlock_watch_end(const struct devlock *l, const struct devlock_watch *w);
/* devlock_watch_shared: the rule: shared when another run was alive before or after, or the
 * generation moved between them (a run that started within the stretch, and may have ended in it). */
int devlock_watch_shared(int seen_before, uint64_t gen_before, int seen_after, uint64_t gen_after);

void devlock_give(struct devlock *l);
#endif
