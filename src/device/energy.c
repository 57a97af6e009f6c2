/* energy.c — energy sources as a table (NVML, amdgpu hwmon, RAPL through powercap), each with an
 * open and a read; and what a window of readings says: joules counted (wrap-around included),
 * power integrated, and how long a window a counter's update period asks for. */
#include "energy.h"
#include "lib/util.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A source: whose devices it serves (open returns 1 when dev is not one of them), and its read. */
struct energy_kind {
    const char *name;
    int (*open)(struct energy *e, cl_device_id dev, const struct clocks *clk);
    int (*read)(const struct energy *e, struct energy_reading *r);
};

static void why(struct energy *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void why(struct energy *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->why, sizeof e->why, fmt, ap);
    va_end(ap);
}

/* ---- NVML: the clocks' device, its total-energy counter and its power ----------------------- */

static int nvml_read(const struct energy *e, struct energy_reading *r)
{
    r->have_counter = e->counter && clocks_nvml_energy_j(e->clk, &r->raw_j[0]) == 0;
    r->have_power = e->power && clocks_nvml_power_w(e->clk, &r->power_w) == 0;
    return r->have_counter || r->have_power ? 0 : -1;
}

static int nvml_open(struct energy *e, cl_device_id dev, const struct clocks *clk)
{
    (void)dev;
    if (!clk->source || strcmp(clk->source, "NVML")) return 1;
    double x;
    e->clk = clk;
    e->counter = clocks_nvml_energy_j(clk, &x) == 0;
    e->power = clocks_nvml_power_w(clk, &x) == 0;
    if (!e->counter && !e->power) {
        why(e, "NVML gives neither the total energy (nvmlDeviceGetTotalEnergyConsumption, Volta and later) nor the power");
        return -1;
    }
    if (!e->counter) why(e, "NVML has no total-energy counter for this device (Volta and later): power integrated alone");
    return 0;
}

/* ---- amdgpu: hwmon's energy1_input (uJ) where the card has it, power1_average or power1_input (uW) */

static int amd_power(const struct energy *e, double *w)
{
    double uw;
    if (read_number_file(e->dir, "power1_average", &uw) && read_number_file(e->dir, "power1_input", &uw)) return -1;
    *w = uw * 1e-6;
    return 0;
}

static int amd_read(const struct energy *e, struct energy_reading *r)
{
    double uj;
    r->have_counter = e->counter && read_number_file(e->dir, "energy1_input", &uj) == 0;
    if (r->have_counter) r->raw_j[0] = uj * 1e-6;
    r->have_power = e->power && amd_power(e, &r->power_w) == 0;
    return r->have_counter || r->have_power ? 0 : -1;
}

static int amd_open(struct energy *e, cl_device_id dev, const struct clocks *clk)
{
    (void)dev;
    if (!clk->amd_dir[0]) return 1;
    return energy_open_amdgpu(e, clk->amd_dir);
}

/* ---- RAPL: every package zone (intel-rapl:N, not its subzones intel-rapl:N:M) ---------------- */

static int rapl_read(const struct energy *e, struct energy_reading *r)
{
    r->have_counter = 1;
    for (int z = 0; z < e->nzones && r->have_counter; z++) {
        double uj;
        r->have_counter = read_number_file(e->zone[z], "energy_uj", &uj) == 0;
        r->raw_j[z] = uj * 1e-6;
    }
    return r->have_counter ? 0 : -1;
}

static int is_package_zone(const char *name)
{
    const char *p = "intel-rapl:";
    if (strncmp(name, p, strlen(p)) || !name[strlen(p)]) return 0;
    for (const char *c = name + strlen(p); *c; c++)
        if (!isdigit((unsigned char)*c)) return 0;
    return 1;
}

static int rapl_open(struct energy *e, cl_device_id dev, const struct clocks *clk)
{
    (void)clk;
    cl_device_type type = 0;
    clGetDeviceInfo(dev, CL_DEVICE_TYPE, sizeof type, &type, NULL);
    if (!(type & CL_DEVICE_TYPE_CPU)) return 1;
    /* CLX_SYSFS: another sysfs root, so that a test can give a CPU device a fake RAPL tree. */
    const char *root = getenv("CLX_SYSFS");
    return energy_open_rapl(e, root && *root ? root : "/sys");
}

static const struct energy_kind kinds[] = {
    { "NVML", nvml_open, nvml_read },
    { "amdgpu hwmon", amd_open, amd_read },
    { "RAPL (powercap)", rapl_open, rapl_read },
};

int energy_open_amdgpu(struct energy *e, const char *devdir)
{
    memset(e, 0, sizeof *e);
    if (clocks_amd_hwmon(devdir, e->dir, sizeof e->dir)) {
        why(e, "no hwmon folder in %s/hwmon", devdir);
        return -1;
    }
    double x;
    e->counter = read_number_file(e->dir, "energy1_input", &x) == 0;
    e->power = amd_power(e, &x) == 0;
    if (!e->counter && !e->power) {
        why(e, "the amdgpu card's hwmon (%s) has no readable energy1_input, power1_average or power1_input", e->dir);
        return -1;
    }
    if (!e->counter) why(e, "the amdgpu card's hwmon has no energy1_input: power integrated alone");
    e->kind = &kinds[1];
    e->source = kinds[1].name;
    return 0;
}

int energy_open_rapl(struct energy *e, const char *root)
{
    memset(e, 0, sizeof *e);
    char *dir = xasprintf("%s/class/powercap", root);
    DIR *d = opendir(dir);
    if (!d) {
        why(e, "no RAPL: %s not readable (%s)", dir, strerror(errno));
        free(dir);
        return -1;
    }
    struct strlist names = {0};
    for (struct dirent *de; (de = readdir(d));)
        if (is_package_zone(de->d_name)) sl_push(&names, de->d_name);
    closedir(d);
    sl_sort(&names);
    int rc = 0;
    if (names.n == 0 || names.n > ENERGY_ZONES) {
        why(e, names.n ? "no RAPL: %s has more package zones than clx reads" : "no RAPL: no intel-rapl zone in %s", dir);
        rc = -1;
    }
    for (int z = 0; z < names.n && rc == 0; z++) {
        snprintf(e->zone[z], sizeof e->zone[z], "%s/%s", dir, names.v[z]);
        double uj, range;
        if (read_number_file(e->zone[z], "energy_uj", &uj)) {
            why(e, "no RAPL: %s/energy_uj not readable (%s%s)", e->zone[z], strerror(errno),
                errno == EACCES ? "; root only since Linux 5.10" : "");
            rc = -1;
            break;
        }
        e->range_j[z] = read_number_file(e->zone[z], "max_energy_range_uj", &range) == 0 ? range * 1e-6 : 0;
        char *path = path_join(e->zone[z], "name"), *name = read_file(path, NULL);
        size_t used = strlen(e->zones);
        snprintf(e->zones + used, sizeof e->zones - used, "%s%s", z ? ", " : "", name ? str_trim(name) : names.v[z]);
        free(path);
        free(name);
    }
    e->nzones = rc ? 0 : names.n;
    sl_free(&names);
    free(dir);
    if (rc) return rc;
    e->counter = 1;
    e->kind = &kinds[2];
    e->source = kinds[2].name;
    return 0;
}

int energy_open(struct energy *e, cl_device_id dev, const struct clocks *clk)
{
    memset(e, 0, sizeof *e);
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
        int rc = kinds[k].open(e, dev, clk);
        if (rc > 0) continue;
        if (rc == 0) {
            e->kind = &kinds[k];
            e->source = kinds[k].name;
        }
        return rc;
    }
    why(e, "no energy source for this device (sources: NVML on NVIDIA, amdgpu hwmon on AMD GPUs, RAPL on CPU devices)%s%s",
        clk->why ? "; clocks: " : "", clk->why ? clk->why : "");
    return -1;
}

int energy_read(const struct energy *e, struct energy_reading *r)
{
    memset(r, 0, sizeof *r);
    r->t = now_seconds();
    return e->kind ? e->kind->read(e, r) : -1;
}

double energy_wrapped(double a, double b, double range)
{
    if (b >= a) return b - a;
    return range > 0 && a <= range ? range - a + b : NAN;
}

double energy_between(const struct energy *e, const struct energy_reading *a, const struct energy_reading *b)
{
    if (!a->have_counter || !b->have_counter) return NAN;
    int zones = e->nzones ? e->nzones : 1;
    double j = 0;
    for (int z = 0; z < zones; z++) j += energy_wrapped(a->raw_j[z], b->raw_j[z], e->range_j[z]);
    return j;
}

double energy_integrate(const double *t, const double *w, int n)
{
    if (n < 2) return NAN;
    double j = 0;
    for (int i = 1; i < n; i++) j += (w[i] + w[i - 1]) / 2 * (t[i] - t[i - 1]);
    return j;
}

double energy_period_of(const double *t, int n)
{
    return n < 2 ? 0 : (t[n - 1] - t[0]) / (n - 1);
}

int energy_measure_period(struct energy *e, double max_s)
{
    if (!e->counter) return 0;
    struct energy_reading r0, r;
    energy_read(e, &r0);
    double changed[5], t0 = r0.t;
    int n = 0;
    const struct timespec nap = { 0, 200000 };    /* 0.2 ms: finer than any counter clx knows */
    while (n < 5 && now_seconds() - t0 < max_s) {
        nanosleep(&nap, NULL);
        if (energy_read(e, &r) || !r.have_counter) break;
        if (memcmp(r.raw_j, r0.raw_j, sizeof r.raw_j)) { changed[n++] = r.t; r0 = r; }
    }
    /* The first change ends an update period that began before the readings: only the times
     * between changes count. */
    e->period_s = energy_period_of(changed, n);
    if (n >= 2) return 0;
    why(e, "the %s counter changed %d time%s in %.1f s: its update period is not known, so no window can be sized",
        e->source, n, n == 1 ? "" : "s", max_s);
    e->counter = 0;
    return -1;
}

double energy_window_for(double period_s, int aligned)
{
    double w = (aligned ? ENERGY_ALIGNED_PERIODS : ENERGY_PERIODS) * period_s;
    return w > ENERGY_WINDOW_MIN_S ? w : ENERGY_WINDOW_MIN_S;
}

char *energy_window_short(double window_s, double period_s)
{
    if (!(period_s > 0) || window_s >= ENERGY_PERIODS_MIN * period_s) return NULL;
    return xasprintf("the energy window (%.3g s) is under %d updates of the counter (every %.3g s): energy not given",
                     window_s, ENERGY_PERIODS_MIN, period_s);
}
