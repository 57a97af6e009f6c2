/* simulator.h — whether a device is a simulator (Oclgrind): its times are an interpreter's, not the
 * device's, so it has no peaks, no speed of light, and the commands clx suggests for it run under
 * the simulator's own command. The one home of that question: peaks, sol and the report read it. */
#ifndef SIMULATOR_H
#define SIMULATOR_H

struct simulator {
    const char *name;            /* as said: "Oclgrind" */
    const char *wrapper;         /* the command a program runs under to see it: "oclgrind" */
};

/* simulator_of: the simulator a device of this platform and name is (run.json's device.platform and
 * device.name, or the driver's), NULL where it is a device (either may be NULL or ""). Static. */
const struct simulator *simulator_of(const char *platform, const char *name);
/* simulator_why: why a simulator's rows have no peak or speed of light, the sol_note of every row:
 * "a simulator (Oclgrind): its times are not the device's". Static (one buffer: the last call's). */
const char *simulator_why(const struct simulator *sim);
/* simulator_said: the one line the console and report.md say of a run on it (no trailing newline).
 * Static (one buffer: the last call's). */
const char *simulator_said(const struct simulator *sim);
#endif
