/* run_stop.c — stopping a sweep: ^C, SIGTERM (a batch system's time limit), SIGHUP or a closed
 * stdout (SIGPIPE: clx run ... | head) starts nothing new and keeps every row written; the sweep's
 * loops ask run_stop_signal between trials. A write to results.tsv that failed stops it too
 * (run_must_stop), and is said as what stopped it (run_stop_why). A host reference's fault ends the
 * worker's sweep short too, a new worker going on (run_ref_suspect). */
#include "run_impl.h"
#include "lib/calledas.h"
#include "lib/stopcatch.h"
#include "lib/util.h"
#include "lib/worker.h"
#include "spec/refs.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int run_stop_signal(void) { return stopcatch_signal(); }

int run_must_stop(const struct runner *r)
{
    return run_stop_signal() || r->context_lost || r->out.res.tsv.failed;
}

const char *run_stop_name(int sig)
{
    /* The worker's SIGTERM where its supervisor died outright (kill -9, the OOM killer) is that death's. */
    if (sig == SIGTERM && stopcatch_orphaned())
        return "the death of its supervising clx process (killed outright: SIGKILL, or the kernel's out-of-memory killer)";
    return stopcatch_name(sig);
}

const char *run_stop_why(const struct runner *r)
{
    /* The write first: a resume needs room on the disk before anything else. */
    static char wrote[160];
    if (r->out.res.tsv.failed) {
        snprintf(wrote, sizeof wrote, "a failed write to results.tsv (%s)", strerror(r->out.res.tsv.err));
        return wrote;
    }
    /* Rows measured again that could not take the places of those a stop cut short: the file keeps
     * those, so the run is no more finished than at that stop (run.c ends it as stopped). */
    if (r->out.redone_failed) {
        snprintf(wrote, sizeof wrote, "a failed rewrite of results.tsv (%s)", strerror(r->out.redone_err));
        return wrote;
    }
    int sig = run_stop_signal();
    return run_stop_name(sig);
}

int run_stop_ended(int sig)
{
    fflush(stdout);                        /* below the run's last lines */
    fprintf(stderr, "clx: stopped by %s as the run ended: its results are complete (run.json says finished)\n",
            run_stop_name(sig));
    return 128 + sig;
}

/* Why a new worker and not the rest of the run here: the faulted call jumped out of the reference
 * (lib/hostguard.h), so whatever lock it held (malloc's, if it faulted there) stays held and the
 * next reference could hang on it; the supervisor already starts a new worker after a crash, which
 * goes on from results.tsv (resume.c), so the rows after the fault are measured and verified there
 * as they would have been, and the faulted row is an error row (not the 'stopped' rows a crash
 * leaves its variant). */
int run_ref_suspect(const struct runner *r)
{
    return refs_faulted() && worker_attached() && !r->o->search.on;
}

void run_stop_catch(void) { stopcatch_catch(worker_attached()); }

void run_stop_group(void)
{
    /* A worker that catches its stops hears its own first: once its device wait has ended, a stop that
     * comes before any other ends it by the default action (stopcatch_end_wait), and the supervisor's
     * copy could land first on a loaded host (a test saw "died of signal 2" where the abort it made
     * was to end the worker). One that does not catch them yet (in its set-up) dies of its own, so
     * the supervisor has its stop first, to read that death as the stop's. */
    int catching = stopcatch_catching();
    if (catching) raise(SIGINT);
    if (worker_attached()) kill(getppid(), SIGINT);
    if (!catching) raise(SIGINT);
}

/* hold_a_minute: a test hook's wait, until a stop comes (until_stop) or the worker is killed, a minute
 * at most: a test whose stop never comes costs a minute, not a hang. */
static void hold_a_minute(int until_stop)
{
    for (int i = 0; i < 6000 && !(until_stop && run_stop_signal()); i++) usleep(10000);
}

void run_stop_hold(long rounds)
{
    fprintf(stderr, "clx: CLX_HOLD_AFTER_ROUNDS: held after round %ld until a stop comes\n", rounds);
    fflush(stderr);
    hold_a_minute(1);
}

void run_stop_after_sweep(const struct run_opts *o)
{
    if (!o->stop_after_sweep) return;
    /* The signal itself, through the handler that has to be there. */
    if (!o->stop_twice || !worker_attached()) { raise(SIGINT); return; }
    run_stop_group();
    kill(getppid(), SIGTERM);
    hold_a_minute(0);    /* until the supervisor kills it */
}

/* second_stop_in_catch: CLX_STOP_TWICE's second stop (SIGTERM to the supervisor, which kills this
 * worker for it), the worker held until it is killed. Bounded: a minute, not a hang. */
static void second_stop_in_catch(void)
{
    kill(getppid(), SIGTERM);
    hold_a_minute(0);
}

void run_stop_in_build(const struct runner *r)
{
    static long builds;
    if (r->o->stop_in_build <= 0 || ++builds != r->o->stop_in_build) return;
    if (!worker_attached()) { raise(SIGINT); return; }
    /* The supervisor stops the run as it reads this build's line (supervise_stopwords.c): the build
     * is held until that stop lands, so that it lands in this build however loaded the host, never
     * after the sweep has begun. */
    hold_a_minute(1);
    /* CLX_STOP_TWICE: the second stop, a user's second ^C, from inside the compile's catch of the
     * driver's stderr (device/build.h), so that the kill lands while the catch is on. */
    if (r->o->stop_twice) build_catch_hold(second_stop_in_catch);
}

double run_take_turn(struct runner *r)
{
    /* Stopped already (a stdout closed before the start): no wait, which another clx may hold for
     * hours; the sweep stops at its first look, its folder made. */
    if (run_stop_signal()) return 0;
    double t0 = now_seconds();
    /* A stop in the wait (flock, no SA_RESTART) ends it with EINTR: caught, it is this run's to say.
     * Killed by its default action instead, the worker said nothing, and neither did its supervisor,
     * which had no folder to speak of. */
    worker_turn(1);
    run_stop_catch();
    devlock_take_device(&r->dev.lock, &r->dev.dp, r->o->share_device ? DEVLOCK_SHARE : r->o->resume_dir ? DEVLOCK_WAIT_ONLY
                                                                                                       : DEVLOCK_WAIT);
    /* Not stopcatch_default: a terminal's ^C reaches the worker twice (from the terminal, and passed
     * on by its supervisor), and the copy that landed after the first had ended the wait killed it by
     * the default action, before or after its line: its supervisor said "before the run began" too. */
    stopcatch_end_wait();
    worker_turn(0);
    run_turn_stopped(r->o->resume_dir);
    return now_seconds() - t0;
}

void run_turn_stopped(const char *resume_dir)
{
    int sig = run_stop_signal();
    if (!sig) return;
    fflush(stdout);
    /* A resume's folder is there already: "no results folder made" read as if it had gone. */
    if (resume_dir) {
        char *again = clx_resume_cmd(resume_dir);
        fprintf(stderr, "clx: stopped by %s while waiting for the device's turn: nothing was run; %s is as it was: "
                "%s goes on with it\n", run_stop_name(sig), resume_dir, again);
        free(again);
    } else
        fprintf(stderr, "clx: stopped by %s while waiting for the device's turn: nothing was run, no results folder "
                "made\n", run_stop_name(sig));
    exit(128 + sig);
}

void run_say_cut_span(const struct runner *r)
{
    const struct bench_opts *bo = &r->o->bench;
    if (!(bo->round_gap > 0) || bo->rounds < 2) return;
    /* Why so many are cut: a row's rounds are spread --round-gap apart while the sweep has other
     * configurations' rounds to run between them, so every row begun in the last (rounds - 1) gaps
     * is still in flight, and in a sweep shorter than that, every row. The gap is not the rounds'
     * least: where nothing is left to run between them (the sweep's last rows; a short sweep's or a
     * resume's every row) they follow each other (span_finish), which this says too, so that a
     * resume done in seconds does not contradict it. */
    fprintf(stderr, "clx: they began in the last %.0f s: a row takes its %d rounds at least --round-gap %g s apart while the "
            "sweep has other configurations to run between them (more for an episode or --target-se), so a stop cuts "
            "every row begun in about its last %.0f s or more; where nothing is left to run between them (the last "
            "rows, or a short resume's) they follow each other\n",
            r->tally.cut_at - r->tally.cut_began, bo->rounds, bo->round_gap, (bo->rounds - 1) * bo->round_gap);
}
