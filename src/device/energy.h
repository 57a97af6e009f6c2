/* energy.h — the energy a device draws, where something on the machine counts it: NVML's
 * total-energy counter and power (NVIDIA), the amdgpu card's hwmon energy or power files (AMD
 * GPUs), RAPL's package counters in the powercap sysfs tree (CPU devices); elsewhere none, and why.
 * The sysfs sources take their folder as an argument, so a fake tree tests them. */
#ifndef ENERGY_H
#define ENERGY_H
#include "clocks.h"
#include <CL/cl.h>

/* RAPL has one package zone per socket; more than this is a machine clx has not met. */
#define ENERGY_ZONES 8
/* A window is this many counter updates long at least (each end of it may miss one update, so the
 * counter's step is at most 1/ENERGY_PERIODS of the window's energy), and never shorter than
 * ENERGY_WINDOW_MIN_S. Under ENERGY_PERIODS_MIN updates a row's energy is not given. A window whose
 * ends wait for the counter's steps (aligned: run_energy.c) misses none, and ENERGY_ALIGNED_PERIODS
 * suffice: on an H200, 2 s windows so (20 of NVML's 100 ms steps) repeated within 2% over three
 * runs for 40 of 42 configurations, where 2 s read as they fell did for 71% (docs/energy.md). */
#define ENERGY_PERIODS 100
#define ENERGY_ALIGNED_PERIODS 20
#define ENERGY_PERIODS_MIN 10
#define ENERGY_WINDOW_MIN_S 0.2
/* The timing_note of a row whose window's ends could not wait for the counter's steps (what merge
 * counts them by). */
#define ENERGY_NOTE_UNALIGNED "the energy counter did not step within four periods at an end of the window"
/* Integrated power and the counter disagreeing by more than this flag the row. */
#define ENERGY_MISMATCH 0.05

struct energy_kind;
struct energy {
    const struct energy_kind *kind;   /* the source (NULL: none) */
    const char *source;               /* its name for run.json: "NVML", "amdgpu hwmon", "RAPL (powercap)" */
    char why[512];                    /* why there is none, or why its counter is not used */
    int counter;                      /* it has an energy counter */
    int power;                        /* it reads the power now, for integrating over a window */
    const struct clocks *clk;         /* NVML: the device the clocks found */
    char dir[512];                    /* amdgpu: the card's hwmon folder */
    int nzones;                       /* RAPL: the package zones, summed */
    char zone[ENERGY_ZONES][512];
    double range_j[ENERGY_ZONES];     /* where a zone's counter wraps to 0 (max_energy_range_uj), J; 0: never */
    char zones[256];                  /* RAPL: the zones' names ("package-0, package-1") */
    double period_s;                  /* the counter's update period as measured (0: unknown) */
};

/* One reading: the counter (per zone, J) and the power (W) where the source has them. */
struct energy_reading {
    double t;                         /* now_seconds() when read */
    int have_counter, have_power;
    double raw_j[ENERGY_ZONES];
    double power_w;
};

/* energy_open: the source for dev (clk: its clocks, already open); 0, or -1 with e->why. */
int energy_open(struct energy *e, cl_device_id dev, const struct clocks *clk);
/* energy_open_rapl: RAPL's package zones under root ("/sys": root/class/powercap/intel-rapl:N);
 * 0, or -1 with e->why ("no RAPL: ... not readable (Permission denied)"). */
int energy_open_rapl(struct energy *e, const char *root);
/* energy_open_amdgpu: the card whose device folder is devdir: its hwmon's energy1_input (uJ) and
 * power1_average, else power1_input (uW); 0, or -1 with e->why. */
int energy_open_amdgpu(struct energy *e, const char *devdir);
/* energy_read: the source's values now; 0, or -1 when neither could be read. */
int energy_read(const struct energy *e, struct energy_reading *r);
/* energy_wrapped: a counter's advance from a to b, where it wraps to 0 past range (0: it never
 * wraps; then a fall is no advance: NAN). */
double energy_wrapped(double a, double b, double range);
/* energy_between: joules counted from a to b (every zone's advance added); NAN without a counter. */
double energy_between(const struct energy *e, const struct energy_reading *a, const struct energy_reading *b);
/* energy_integrate: power samples (t in s, W) integrated by the trapezoid rule, in J; NAN for fewer than 2. */
double energy_integrate(const double *t, const double *w, int n);
/* energy_measure_period: reads the counter until it has changed 4 times, or max_s has passed, and
 * sets e->period_s to the mean time between changes. 0, or -1 (e->counter cleared, e->why says
 * so) when it changed fewer than twice. */
int energy_measure_period(struct energy *e, double max_s);
/* energy_period_of: the update period of a counter seen at times t[0..n) (the value changed at
 * each); 0 when n < 2. Split out of energy_measure_period to be tested. */
double energy_period_of(const double *t, int n);
/* energy_window_for: how long a row's window must be for a counter updated every period_s, its
 * ends at the counter's steps (aligned) or where they fall. */
double energy_window_for(double period_s, int aligned);
/* energy_window_short: why window_s is too short for a counter updated every period_s (a new
 * string), or NULL when it is long enough. */
char *energy_window_short(double window_s, double period_s);
#endif
