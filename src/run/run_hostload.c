/* run_hostload.c — the host's load around a CPU device's sweep or search: marked as it begins and
 * ends, recorded in run.json (host_load) and said at the run's end where others took a notable share
 * (run_hostload.h; a modes run records and says it with the same functions). A GPU's kernels do not share the host's cores: its runs mark nothing and their
 * run.json has no host_load. */
#include "run_impl.h"
#include "run_hostload.h"
#include <math.h>
#include <stdio.h>

/* on_cpu: whether the run's kernels run on the host's cores (CL_DEVICE_TYPE_CPU: PoCL's, Intel's CPU
 * runtime). */
static int on_cpu(const struct runner *r) { return (r->dev.dp.type & CL_DEVICE_TYPE_CPU) != 0; }

void run_hostload_begin(struct runner *r)
{
    r->load_marks = 0;
    if (!on_cpu(r)) return;
    hostload_take(&r->load_from);
    r->load_marks = 1;
}

void run_hostload_finish(struct runner *r)
{
    if (r->load_marks != 1) return;
    hostload_take(&r->load_to);
    r->load_marks = 2;
}

void run_hostload_json(const struct hostload_mark *from, const struct hostload_mark *to, struct rj_host_load *out)
{
    struct hostload h;
    hostload_between(from, to, &h);
    /* Rounded to what the ticks resolve (a share of 1/1000 is a tick of a second on 10 CPUs). */
    *out = (struct rj_host_load){
        .has = 1, .cpus = h.cpus > 0 ? h.cpus : NAN, .seconds = round(h.seconds * 1e3) / 1e3,
        .load_avg_start = h.load_start, .load_avg_end = h.load_end, .others_share = round(h.others * 1e4) / 1e4,
        .clx_share = round(h.own * 1e4) / 1e4,
    };
}

void run_hostload_record(const struct runner *r, struct runjson *j)
{
    if (r->load_marks != 2) return;
    run_hostload_json(&r->load_from, &r->load_to, &j->host_load);
}

void run_hostload_end(const struct runner *r)
{
    if (r->load_marks != 2) return;
    struct runjson j;
    runjson_init(&j);
    run_hostload_record(r, &j);
    run_hostload_say(stdout, NULL, r->o->search.on ? HOSTLOAD_SEARCH : HOSTLOAD_SWEEP, &j.host_load);
    runjson_free(&j);
}

int run_hostload_notable(const struct rj_host_load *h)
{
    return h->has && hostload_notable(h->others_share);
}

int run_hostload_say(FILE *out, const char *on, enum hostload_over over, const struct rj_host_load *h)
{
    static const char *const during[] = { [HOSTLOAD_SWEEP] = "sweep", [HOSTLOAD_MODES] = "modes",
                                          [HOSTLOAD_SEARCH] = "search" };
    int modes = over == HOSTLOAD_MODES;
    if (!run_hostload_notable(h)) return 0;
    struct sbuf at = {0};
    if (h->cpus > 0) sb_printf(&at, "%.0f logical CPU%s", h->cpus, h->cpus == 1 ? "" : "s");
    if (!isnan(h->load_avg_start) && !isnan(h->load_avg_end))
        sb_printf(&at, "%sload average %.2f at its start, %.2f at its end", at.len ? "; " : "", h->load_avg_start,
                  h->load_avg_end);
    /* Why it matters, and where it is kept: a comparison of two sweeps says it again (clx compare and
     * history take a sweep's folder, not a modes run's). */
    fprintf(out, "clx: host load%s%s: other processes took %.0f%% of the host's CPU time during the %s%s%s%s: the "
                 "CPU device ran its kernels on the cores they used, so its times are slower than on a quiet host, and "
                 "a run under another load differs by the load alone (run.json host_load%s)\n", on ? " on " : "",
            on ? on : "", 100 * h->others_share, during[over], at.len ? " (" : "", at.len ? at.s : "",
            at.len ? ")" : "", modes ? "" : "; clx compare and clx history name runs that ran under other loads");
    sb_free(&at);
    return 1;
}
