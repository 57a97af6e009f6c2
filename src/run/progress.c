/* progress.c — the in-place status line of a sweep on a terminal. */
#include "progress.h"
#include "estimate.h"
#include "lib/util.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* The line being drawn, so that a warning printed from anywhere erases it first. */
static struct progress *active;

static void clear_active(void) { if (active) progress_clear(active); }

static void hms(char *buf, size_t n, double s)
{
    long t = (long)(s + 0.5);
    if (t >= 3600) snprintf(buf, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else snprintf(buf, n, "%ld:%02ld", t / 60, t % 60);
}

static void draw(struct progress *p, int force)
{
    if (!p->on) return;
    double now = now_seconds();
    if (!force && p->drawn && now - p->last_draw < 0.1) return;   /* a few redraws a second at most */
    p->last_draw = now;
    char el[32], left[48] = "";
    hms(el, sizeof el, now - p->t0);
    double left_s = p->estimate && p->configs > p->configs_done ? estimate_left_s(p->estimate) : -1;
    if (left_s < 0 && p->configs_done > 0 && p->configs > p->configs_done)
        left_s = (now - p->sweep_t0) / (double)p->configs_done * (double)(p->configs - p->configs_done);
    if (left_s >= 0) {
        char t[32];
        hms(t, sizeof t, left_s);
        snprintf(left, sizeof left, ", ~%s left", t);
    }
    char line[256], configs[64] = "", budget[32] = "?";
    if (isfinite(p->budget)) snprintf(budget, sizeof budget, "%.1f", p->budget);
    if (p->configs) snprintf(configs, sizeof configs, ", configurations %ld/%ld", p->configs_done, p->configs);
    int n = p->search
          ? snprintf(line, sizeof line, "search: %.1f of %s device seconds, %d measured, best %s, %s elapsed  %s", p->spent,
                     budget, p->measured, p->best, el, p->current)
          : snprintf(line, sizeof line, "built %d/%d%s, %s elapsed%s  %s", p->builds_done, p->builds, configs, el, left,
                     p->current);
    struct winsize ws;
    int width = ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 10 ? ws.ws_col - 1 : 79;
    if (n > width) line[width] = '\0';   /* a wrapped line could not be erased in place */
    printf("\r\033[K%s", line);
    fflush(stdout);
    p->drawn = 1;
}

void progress_begin(struct progress *p, int wanted, int builds)
{
    memset(p, 0, sizeof *p);
    p->on = wanted && isatty(STDOUT_FILENO);
    p->builds = builds;
    p->t0 = p->sweep_t0 = now_seconds();
    if (p->on) { active = p; util_before_message = clear_active; }
}

void progress_build_done(struct progress *p) { p->builds_done++; draw(p, 0); }

void progress_building(struct progress *p, const char *what)
{
    snprintf(p->current, sizeof p->current, "%s", what);
    draw(p, 0);
}

void progress_search(struct progress *p, double spent, double budget, int measured, const char *best)
{
    p->search = 1;
    p->spent = spent;
    p->budget = budget;
    p->measured = measured;
    snprintf(p->best, sizeof p->best, "%s", best);
    draw(p, 0);
}

void progress_estimate(struct progress *p, const struct estimate *e) { p->estimate = e; }

void progress_sweep(struct progress *p, long configs)
{
    p->configs = configs;
    p->sweep_t0 = now_seconds();
    draw(p, 1);
}

void progress_config(struct progress *p, const char *what)
{
    snprintf(p->current, sizeof p->current, "%s", what);
    draw(p, 0);
}

void progress_config_done(struct progress *p) { p->configs_done++; draw(p, 0); }

void progress_clear(struct progress *p)
{
    if (!p->on || !p->drawn) return;
    printf("\r\033[K");
    fflush(stdout);
    p->drawn = 0;
}

void progress_end(struct progress *p)
{
    progress_clear(p);
    if (active == p) { active = NULL; util_before_message = NULL; }
    p->on = 0;
}
