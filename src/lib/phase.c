/* phase.c — the time of each phase of a run, summed. One run at a time per process. */
#include "phase.h"
#include "util.h"

static double total[PH_N];
/* Every second given to any phase so far: a phase timed by phase_begin/phase_end keeps only what
 * no other phase took while it was open (kernels inside trials, writes inside a row's bookkeeping). */
static double given;
enum { DEPTH = 8 };
struct open_phase { enum phase p; double t0, given0; };
static struct open_phase open_at[DEPTH];
static int depth;

static const char *const names[PH_N] = {
    "device set-up", "builds", "input generation", "uploads", "kernels", "launch overhead", "cache flushes", "read-back", "host references", "verification",
    "writing results", "probes", "clock readings", "preheat", "blocker holds", "configuration set-up", "guard zones",
    "row bookkeeping", "supervisor messages", "expected outputs", "lead-in launches", "planning",
    "waiting for another clx", "timed-out launches", "earlier workers",
};

void phase_add(enum phase p, double seconds)
{
    total[p] += seconds;
    given += seconds;
}
double phase_get(enum phase p) { return total[p]; }
const char *phase_name(enum phase p) { return names[p]; }

void phase_begin(enum phase p)
{
    if (depth < DEPTH) open_at[depth] = (struct open_phase){ .p = p, .t0 = now_seconds(), .given0 = given };
    depth++;
}

void phase_end(void)
{
    if (depth == 0) return;
    depth--;
    if (depth >= DEPTH) return;
    double own = now_seconds() - open_at[depth].t0 - (given - open_at[depth].given0);
    phase_add(open_at[depth].p, own > 0 ? own : 0);
}

void phase_reset(void)
{
    for (int i = 0; i < PH_N; i++) total[i] = 0;
    given = 0;
    depth = 0;
}
