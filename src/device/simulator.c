/* simulator.c — whether a device is a simulator, and what is said of one (simulator.h). */
#include "simulator.h"
#include "lib/util.h"
#include <stdio.h>
#include <string.h>

/* The simulators clx knows, by their platform's name (Oclgrind's device is "Oclgrind Simulator",
 * its platform "Oclgrind"; its CL_DEVICE_TYPE says GPU, CPU and accelerator at once, so the type
 * cannot tell). To add one: its platform's name as the driver says it, and the command a program
 * runs under to see its device (NULL where the loader finds it without one). */
static const struct sim_row { const char *platform; struct simulator sim; } rows[] = {
    { "Oclgrind", { "Oclgrind", "oclgrind" } },
};

const struct simulator *simulator_of(const char *platform, const char *name)
{
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
        if ((platform && str_icontains(platform, rows[i].platform)) || (name && str_icontains(name, rows[i].platform)))
            return &rows[i].sim;
    return NULL;
}

const char *simulator_why(const struct simulator *sim)
{
    static char b[160];
    snprintf(b, sizeof b, "a simulator (%s): its times are not the device's", sim->name);
    return b;
}

const char *simulator_said(const struct simulator *sim)
{
    static char b[320];
    snprintf(b, sizeof b, "%s is a simulator: it interprets each work-item's instructions one by one, so its times "
             "are not performance (no peaks, percentages or speed of light); it checks what kernels do (docs/devices.md)",
             sim->name);
    return b;
}
