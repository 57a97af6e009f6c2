/* supervise_when.c — when the supervisor kills a worker whose wait is overdue or that a second stop
 * ends: the deadlines watch (supervise.c) keeps, from where the worker said it is (supervise_impl.h). */
#include "supervise_impl.h"

/* supervise_overdue_at: when the wait in f is overdue; asked to stop (at asked), a wait on the device gets
 * f->grace_s more (a second), not the launch's whole limit. 0: no wait. */
double supervise_overdue_at(const struct inflight *f, double asked)
{
    double by = asked + f->grace_s;
    return f->wait_until > 0 && asked && f->wait_until > by ? by : f->wait_until;
}

/* supervise_again_until: after a second stop (at again; the first at asked), when the worker is killed: at
 * once where it has no row measured to write; where it writes the rows its stop keeps (host work),
 * KEEP_GRACE_S after the second stop; else (it is on its way to them, between trials or in a launch)
 * when the first stop's grace for a launch in flight (f->grace_s) runs out. */
double supervise_again_until(const struct inflight *f, double asked, double again)
{
    if (f->keeping >= 0) return again + KEEP_GRACE_S;
    if (f->measured <= 0 || f->at != IN_CONFIG) return again;
    double launch = (asked ? asked : again) + f->grace_s;
    return launch > again ? launch : again;
}
