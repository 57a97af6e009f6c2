/* probes_hosttimed.c — the latency probes on a device whose events do not time kernels (rusticl's):
 * each trial is then one launch timed by the host, enqueue to finish, launch cost included, and a
 * chase or chain shorter than a few launches measures the launch, not a latency (rusticl on
 * llvmpipe: 629 us a launch, a 4096-load chase "203 ns a load"). A latency row whose whole trial is
 * not well above the launch's cost (probe_host_launch, in probes.c beside the launch probe: the
 * figure of hostlaunch.h, which the launch floor takes too) is set aside. */
#include "probes_impl.h"
#include <stdlib.h>
#include <string.h>

int probe_host_too_short(double whole_ns, double launch_ns)
{
    return launch_ns > 0 && whole_ns < PROBE_HOST_LEAST_LAUNCHES * launch_ns;
}

static int is_latency(const struct probe_row *r)
{
    return !strcmp(r->probe, "latency") || !strcmp(r->probe, "local_latency") || !strcmp(r->probe, "chain_latency");
}

void probe_host_latencies(struct probe_run *p)
{
    if (!p->by_host) return;
    for (int i = 0; i < p->nrows; i++) {
        struct probe_row *r = &p->rows[i];
        if (!is_latency(r) || r->status != RS_OK) continue;
        if (!(p->launch_ns > 0)) {
            r->status = RS_SKIPPED;
            probe_note_add(r, "not measurable on a host-timed device: the events do not time kernels and an empty "
                              "launch's cost could not be measured to set against it", 1);
        } else if (probe_host_too_short(r->whole_ns, p->launch_ns)) {
            r->status = RS_SKIPPED;
            char *s = xasprintf("not measurable on a host-timed device: a trial took %.4g us by the host clock, under "
                                "%d times an empty launch's %.4g us in this run, so its figure is mostly the launch's "
                                "cost, not a latency", r->whole_ns * 1e-3, PROBE_HOST_LEAST_LAUNCHES, p->launch_ns * 1e-3);
            probe_note_add(r, s, 1);
            free(s);
        }
        /* Its figure is no latency: not written as one (the note keeps the trial's time). */
        if (r->status == RS_SKIPPED) memset(&r->st, 0, sizeof r->st);
    }
}
