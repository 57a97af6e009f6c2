/* test_devlock.c — the device lock's identity is the hardware, over model devices: every CPU device
 * of the host one turn whatever its implementation, integrated GPUs in that turn, one device one
 * turn whatever the ICD files (P:D is not part of it), GPUs told apart by their PCI address, else
 * their UUID. And who sees whom, between processes: two --share-device runs each other, a holder of
 * the turn and a sharer each other, none itself, and none a run that has ended; and a stretch of
 * timed work that another run started and ended within is flagged all the same (the generation). A
 * waiting run names each holder in turn. */
#include "check.h"
#include "device/devlock.h"
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* model: a device as ocl_query would fill it, with what the identity may read. */
static struct devprops model(cl_device_type type, const char *platform, const char *name)
{
    struct devprops p;
    memset(&p, 0, sizeof p);
    p.type = type;
    snprintf(p.platform, sizeof p.platform, "%s", platform);
    snprintf(p.name, sizeof p.name, "%s", name);
    return p;
}

/* same: whether a and b take one turn (one identity, one lock file). */
static int same(const struct devprops *a, const struct devprops *b)
{
    char *x = devlock_identity(a), *y = devlock_identity(b);
    char *px = devlock_path(x, ""), *py = devlock_path(y, "");
    int r = strcmp(x, y) == 0 && strcmp(px, py) == 0;
    free(x);
    free(y);
    free(px);
    free(py);
    return r;
}

/* Intel's CPU runtime and PoCL on the same host CPU: two OpenCL devices on the same cores. */
static void test_cpu_devices_of_two_platforms_one_turn(void)
{
    struct devprops intel = model(CL_DEVICE_TYPE_CPU, "Intel(R) OpenCL", "AMD EPYC 7B13");
    struct devprops pocl = model(CL_DEVICE_TYPE_CPU, "Portable Computing Language", "pthread-skylake-avx512-AMD EPYC");
    struct devprops llvmpipe = model(CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_DEFAULT, "rusticl", "llvmpipe (LLVM 15.0.6, 256 bits)");
    CHECK(same(&intel, &pocl));
    CHECK(same(&pocl, &llvmpipe));
    /* A UUID or an address a CPU driver reports does not part the host's cores. */
    snprintf(intel.uuid, sizeof intel.uuid, "%s", "8680c7c5000000000000000000000000");
    CHECK(same(&intel, &pocl));
}

/* An integrated GPU (its memory the host's: CL_DEVICE_HOST_UNIFIED_MEMORY) shares the host's memory
 * and power budget with the CPU: a CPU sweep and an iGPU sweep would disturb each other, so they take
 * the host's one turn, whatever its address; a discrete GPU at an address keeps a turn of its own. */
static void test_integrated_gpu_takes_the_hosts_turn(void)
{
    struct devprops cpu = model(CL_DEVICE_TYPE_CPU, "Portable Computing Language", "pthread-alderlake-Intel(R) Core(TM) i7-1265U");
    struct devprops igpu = model(CL_DEVICE_TYPE_GPU, "Intel(R) OpenCL Graphics", "Intel(R) Iris(R) Xe Graphics");
    struct devprops rusticl = model(CL_DEVICE_TYPE_GPU, "rusticl", "Mesa Intel(R) Xe Graphics (ADL GT2)");
    struct devprops dgpu = model(CL_DEVICE_TYPE_GPU, "NVIDIA CUDA", "NVIDIA RTX A2000 Laptop GPU");
    igpu.host_unified = rusticl.host_unified = CL_TRUE;
    snprintf(igpu.pci, sizeof igpu.pci, "%s", "0000:00:02.0");
    snprintf(igpu.uuid, sizeof igpu.uuid, "%s", "8680a846080000000002000000000000");
    snprintf(dgpu.pci, sizeof dgpu.pci, "%s", "0000:01:00.0");
    CHECK(same(&cpu, &igpu));
    CHECK(same(&igpu, &rusticl));
    CHECK(!same(&dgpu, &cpu));
    CHECK(!same(&dgpu, &igpu));
    char *id = devlock_identity(&igpu);
    CHECK_STR(id, "cpu: this host's cores");
    free(id);
    /* The same GPU without unified memory said: its address, as before. */
    igpu.host_unified = CL_FALSE;
    CHECK(!same(&cpu, &igpu));
    id = devlock_identity(&igpu);
    CHECK_STR(id, "pci 0000:00:02.0");
    free(id);
}

/* One PoCL device, 0:0 under one ICD folder and 1:0 under another: the identity is made of what
 * the device says of itself, nothing of where the loader put it (devlock_identity takes no P:D). */
static void test_one_device_whatever_its_index(void)
{
    struct devprops cpu = model(CL_DEVICE_TYPE_CPU, "Portable Computing Language", "pthread-skylake-avx512-AMD EPYC");
    struct devprops gpu = model(CL_DEVICE_TYPE_GPU, "Portable Computing Language", "NVIDIA H200");
    struct devprops cpu2 = cpu, gpu2 = gpu;
    CHECK(same(&cpu, &cpu2));
    CHECK(same(&gpu, &gpu2));
    for (int i = 0; i < 2; i++) {
        char *id = devlock_identity(i ? &gpu : &cpu);
        CHECK(strstr(id, "0:0") == NULL && strstr(id, "1:0") == NULL);
        free(id);
    }
}

static void test_gpus_by_pci_address(void)
{
    struct devprops a = model(CL_DEVICE_TYPE_GPU, "NVIDIA CUDA", "NVIDIA H200");
    struct devprops b = a;
    snprintf(a.pci, sizeof a.pci, "%s", "0000:18:00.0");
    snprintf(b.pci, sizeof b.pci, "%s", "0000:2a:00.0");
    CHECK(!same(&a, &b));
    /* The same GPU through another implementation (PoCL's CUDA device, say): one turn. */
    struct devprops c = model(CL_DEVICE_TYPE_GPU, "Portable Computing Language", "NVIDIA H200");
    snprintf(c.pci, sizeof c.pci, "%s", "0000:18:00.0");
    CHECK(same(&a, &c));
    char *id = devlock_identity(&a);
    CHECK_STR(id, "pci 0000:18:00.0");
    free(id);
}

/* AMD's runtime says bus, device and function without the domain: it meets the address another
 * driver of the same GPU gives with domain 0, and two cards' addresses stay apart. */
static void test_amd_topology_meets_pci_address(void)
{
    struct devprops rocm = model(CL_DEVICE_TYPE_GPU, "AMD Accelerated Parallel Processing", "gfx90a:sramecc+:xnack-");
    struct devprops rusticl = model(CL_DEVICE_TYPE_GPU, "rusticl", "AMD Instinct MI210 (radeonsi, gfx90a, LLVM 15.0.6)");
    struct devprops other = rocm;
    snprintf(rocm.amd_bus, sizeof rocm.amd_bus, "%s", "03:00.0");
    snprintf(rusticl.pci, sizeof rusticl.pci, "%s", "0000:03:00.0");
    snprintf(other.amd_bus, sizeof other.amd_bus, "%s", "83:00.0");
    CHECK(same(&rocm, &rusticl));
    CHECK(!same(&rocm, &other));
}

static void test_uuid_without_address(void)
{
    struct devprops a = model(CL_DEVICE_TYPE_GPU, "Intel(R) OpenCL Graphics", "Intel(R) Data Center GPU Max 1100");
    struct devprops b = a;
    snprintf(a.uuid, sizeof a.uuid, "%s", "8680bd0b080000000000000000000000");
    snprintf(b.uuid, sizeof b.uuid, "%s", "8680bd0b080000000100000000000000");
    CHECK(!same(&a, &b));
    /* The address, where there is one, is what the identity is (a UUID differs between drivers). */
    snprintf(a.pci, sizeof a.pci, "%s", "0000:29:00.0");
    snprintf(b.pci, sizeof b.pci, "%s", "0000:29:00.0");
    CHECK(same(&a, &b));
}

/* Neither address nor UUID: platform and name, so two identical GPUs take one turn (a wait too
 * many), and two models do not. */
static void test_name_and_platform_last(void)
{
    struct devprops a = model(CL_DEVICE_TYPE_GPU, "Clover", "AMD Radeon RX 580");
    struct devprops b = a;
    struct devprops c = model(CL_DEVICE_TYPE_GPU, "Clover", "AMD Radeon RX 6800");
    CHECK(same(&a, &b));
    CHECK(!same(&a, &c));
}

/* Another process on the model device's lock, started and ended by the test: no timing counts, the
 * pipes order everything. */
#define MODEL_ID "model: a device of this test's own"
struct other {
    pid_t pid;
    int release;   /* closed by the test: the other ends */
};

/* other_start: a process that takes the device's turn (share 0) or shares it (1), and holds what it
 * took until other_end; returns once it holds it. */
static struct other other_start(int share, int give_at_end)
{
    int ready[2], release[2];
    struct other o = { -1, -1 };
    if (pipe(ready) || pipe(release)) return o;
    o.pid = fork();
    if (o.pid == 0) {
        close(ready[0]);
        close(release[1]);
        struct devlock l;
        devlock_take(&l, MODEL_ID, "model device", share);
        char c = 'r';
        if (write(ready[1], &c, 1) != 1) _exit(1);
        while (read(release[0], &c, 1) > 0) { }
        /* Without devlock_give: a run that crashed, whose locks the kernel lets go. */
        if (give_at_end) devlock_give(&l);
        _exit(0);
    }
    close(ready[1]);
    close(release[0]);
    char c;
    if (o.pid < 0 || read(ready[0], &c, 1) != 1) CHECK(!"the other process holds its lock");
    close(ready[0]);
    o.release = release[1];
    return o;
}

/* other_end: the other process ends, and is gone when this returns. */
static void other_end(struct other *o)
{
    close(o->release);
    int st = 0;
    CHECK(o->pid > 0 && waitpid(o->pid, &st, 0) == o->pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

/* Two --share-device runs at once: each sees the other (the first before the fix saw nothing, and
 * neither flagged a row); one alone sees nobody, its own lock included; one that ended, with its
 * lock given back or killed, counts no more. */
static void test_sharers_see_each_other(void)
{
    struct devlock a;
    devlock_take(&a, MODEL_ID, "model device", 1);
    CHECK(a.share && !a.owner && a.fd >= 0 && a.sharers_fd >= 0);
    CHECK(!devlock_shared_now(&a));
    struct other b = other_start(1, 1);
    CHECK(devlock_shared_now(&a));
    CHECK(devlock_shared_now(&a));   /* asking takes nothing away */
    other_end(&b);
    CHECK(!devlock_shared_now(&a));
    b = other_start(1, 0);
    CHECK(devlock_shared_now(&a));
    other_end(&b);
    CHECK(!devlock_shared_now(&a));
    devlock_give(&a);
}

/* A holder of the turn and a sharer see each other, either way round; the holder alone sees nobody. */
static void test_holder_and_sharer_see_each_other(void)
{
    struct devlock h;
    devlock_take(&h, MODEL_ID, "model device", 0);
    CHECK(h.owner);
    CHECK(!devlock_shared_now(&h));
    struct other s = other_start(1, 1);
    CHECK(devlock_shared_now(&h));
    other_end(&s);
    CHECK(!devlock_shared_now(&h));
    devlock_give(&h);

    struct devlock a;
    devlock_take(&a, MODEL_ID, "model device", 1);
    struct other o = other_start(0, 1);
    CHECK(devlock_shared_now(&a));
    other_end(&o);
    CHECK(!devlock_shared_now(&a));
    devlock_give(&a);
}

/* A run that starts and ends within one stretch of timed work (a row's round) is alive at neither
 * end, where devlock_shared_now looks: the generation it bumped as it started tells of it, and the
 * watch flags the stretch. Each way round (a sharer watching a sharer or a holder, a holder watching
 * a sharer), one killed without giving its lock back too; a stretch nobody came into is not
 * flagged, and this run's own start is before its watches. */
static void test_watch_sees_a_run_within(void)
{
    struct devlock a;
    devlock_take(&a, MODEL_ID, "model device", 1);
    struct devlock_watch w;
    devlock_watch_start(&a, &w);
    CHECK(!devlock_watch_end(&a, &w));                /* nobody came: its own start is not counted */
    uint64_t g = devlock_generation(&a);
    devlock_watch_start(&a, &w);
    struct other b = other_start(1, 1);               /* a sharer starts ... */
    other_end(&b);                                    /* ... and ends within the stretch */
    CHECK(!devlock_shared_now(&a));                   /* what the ends alone saw: nobody */
    CHECK(devlock_generation(&a) == g + 1);
    CHECK(devlock_watch_end(&a, &w));
    devlock_watch_start(&a, &w);                      /* the next stretch: nobody came into it */
    CHECK(!devlock_watch_end(&a, &w));
    devlock_watch_start(&a, &w);
    b = other_start(1, 0);                            /* killed, its lock let go by the kernel */
    other_end(&b);
    CHECK(devlock_watch_end(&a, &w));
    devlock_watch_start(&a, &w);
    struct other h = other_start(0, 1);               /* a holder takes its turn and gives it back */
    other_end(&h);
    CHECK(devlock_watch_end(&a, &w));
    devlock_give(&a);

    struct devlock o;
    devlock_take(&o, MODEL_ID, "model device", 0);
    CHECK(o.owner);
    devlock_watch_start(&o, &w);
    CHECK(!devlock_watch_end(&o, &w));
    devlock_watch_start(&o, &w);
    b = other_start(1, 1);
    other_end(&b);
    CHECK(!devlock_shared_now(&o) && devlock_watch_end(&o, &w));
    /* Alive at an end is seen as before: one that outlasts the stretch. */
    devlock_watch_start(&o, &w);
    b = other_start(1, 1);
    CHECK(devlock_watch_end(&o, &w));
    other_end(&b);
    devlock_give(&o);
}

/* The rule alone, and a run without lock files (unlocked) that never flags. */
static void test_watch_rule(void)
{
    CHECK(!devlock_watch_shared(0, 7, 0, 7));
    CHECK(devlock_watch_shared(0, 7, 0, 8));         /* started (and ended) within */
    CHECK(devlock_watch_shared(1, 7, 0, 7));         /* alive at the start, gone by the end */
    CHECK(devlock_watch_shared(0, 7, 1, 7));         /* came, still there at the end */
    struct devlock u = { .fd = -1, .sharers_fd = -1, .share = 1 };
    struct devlock_watch w;
    devlock_watch_start(&u, &w);
    CHECK(w.generation == 0 && !w.seen && !devlock_watch_end(&u, &w));
}

/* waiter_start: a process that waits for the turn the test holds, its stderr the pipe *err reads,
 * with a SIGINT caught as clx catches a stop (no SA_RESTART); it exits 0 with the turn, 3 when the
 * wait was ended by a signal. */
static void on_int(int sig) { (void)sig; }
static pid_t waiter_start(FILE **err)
{
    int p[2];
    if (pipe(p)) return -1;
    pid_t pid = fork();
    if (pid == 0) {
        close(p[0]);
        dup2(p[1], 2);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_int;
        sigaction(SIGINT, &sa, NULL);
        struct devlock l;
        int rc = devlock_take(&l, MODEL_ID, "model device", 0);
        _exit(rc < 0 ? 3 : l.owner ? 0 : 1);
    }
    close(p[1]);
    *err = fdopen(p[0], "r");
    if (*err) setvbuf(*err, NULL, _IONBF, 0);   /* nothing read ahead of what poll sees */
    return pid;
}

/* next_line: the waiter's next line into line, or 0 at its end or where none comes within 20 s (the
 * wait said nothing new: a failure, not a hang). */
static int next_line(FILE *err, char *line, int size)
{
    struct pollfd pf = { fileno(err), POLLIN, 0 };
    return err && poll(&pf, 1, 20000) == 1 && fgets(line, size, err) != NULL;
}

/* reaped: the waiter's exit status once it ended, within 20 s; killed after that (a wait that a
 * stop did not end: a failure, not a hang), -1. */
static int reaped(pid_t w)
{
    int st = 0;
    for (int i = 0; i < 200; i++) {
        if (waitpid(w, &st, WNOHANG) == w) return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        usleep(100000);
    }
    kill(w, SIGKILL);
    waitpid(w, &st, 0);
    return -1;
}

/* say_holder: the lock file's words as another holder writes them (empty: between two holders). */
static void say_holder(const struct devlock *h, const char *words)
{
    CHECK(ftruncate(h->fd, 0) == 0);
    CHECK(pwrite(h->fd, words, strlen(words), 0) == (ssize_t)strlen(words));
    usleep(600000);   /* time for the waiter to look (it says the same whether or not it did) */
}

/* A waiting run names the holder it waits for, and names it again each time another one holds the
 * turn (it named only the first, which may have ended long since), never twice the same, nothing
 * between two holders; it says so when its turn comes. A stop ends the wait, as it did. */
static void test_waiter_names_each_holder(void)
{
    struct devlock h;
    devlock_take(&h, MODEL_ID, "model device", 0);
    CHECK(h.owner);
    FILE *err = NULL;
    pid_t w = waiter_start(&err);
    char line[1024], want[256];
    snprintf(want, sizeof want, "clx: model device is being timed by another clx (pid %ld, model device: ", (long)getpid());
    CHECK(err && next_line(err, line, sizeof line) && !strncmp(line, want, strlen(want)) &&
          strstr(line, "); waiting for its turn (^C stops; "));
    say_holder(&h, "pid 999999, model device: clx run second\n");
    CHECK(next_line(err, line, sizeof line));
    CHECK_STR(line, "clx: model device is now being timed by another clx (pid 999999, model device: clx run second); "
                    "still waiting for its turn\n");
    say_holder(&h, "pid 999999, model device: clx run second\n");
    say_holder(&h, "");
    say_holder(&h, "pid 999998, model device: clx run third\n");
    CHECK(next_line(err, line, sizeof line));
    CHECK_STR(line, "clx: model device is now being timed by another clx (pid 999998, model device: clx run third); "
                    "still waiting for its turn\n");
    devlock_give(&h);
    CHECK(next_line(err, line, sizeof line));
    CHECK_STR(line, "clx: model device is free now; this run goes on\n");
    CHECK(!next_line(err, line, sizeof line));
    CHECK(reaped(w) == 0);
    if (err) fclose(err);

    /* ^C in the wait, however soon after its first line: devlock_take returns -1 (a stop between the
     * line and the blocking flock was lost, and the wait went on). */
    devlock_take(&h, MODEL_ID, "model device", 0);
    w = waiter_start(&err);
    CHECK(err && next_line(err, line, sizeof line) && strstr(line, "waiting for its turn"));
    kill(w, SIGINT);
    CHECK(reaped(w) == 3);
    if (err) fclose(err);
    devlock_give(&h);
}

int main(void)
{
    /* The lock files in a folder of this test's own, so that no clx running on this machine takes part. */
    const char *tmp = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/clx-test-devlock-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) { perror(dir); return 1; }
    setenv("TMPDIR", dir, 1);
    RUN(test_cpu_devices_of_two_platforms_one_turn);
    RUN(test_integrated_gpu_takes_the_hosts_turn);
    RUN(test_one_device_whatever_its_index);
    RUN(test_gpus_by_pci_address);
    RUN(test_amd_topology_meets_pci_address);
    RUN(test_uuid_without_address);
    RUN(test_name_and_platform_last);
    RUN(test_sharers_see_each_other);
    RUN(test_holder_and_sharer_see_each_other);
    RUN(test_watch_sees_a_run_within);
    RUN(test_watch_rule);
    RUN(test_waiter_names_each_holder);
    char *lock = devlock_path(MODEL_ID, ""), *sharers = devlock_path(MODEL_ID, ".sharers");
    unlink(lock);
    unlink(sharers);
    rmdir(dir);
    free(lock);
    free(sharers);
    CHECK_EXIT();
}
