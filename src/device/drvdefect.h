/* drvdefect.h — known defects of OpenCL drivers that make a correct kernel give wrong answers or
 * crash: which driver and settings have one, and the words a FAIL or crashed row of it says. */
#ifndef DRVDEFECT_H
#define DRVDEFECT_H
#include "ocl.h"

/* drvdefect_words: what a FAIL or crashed row on device dp says of the driver's known defect that can
 * be its cause: a sentence naming the driver, what it gets wrong, where it is written up and how to
 * tell (a static string), or NULL where no known defect applies: another driver or version, a
 * setting that avoids it (PoCL's work-group method other than its vectorizing default, as this
 * process's environment says), a build without optimisation (noopt: -cl-opt-disable), or a kernel
 * whose source (the expanded text; NULL: not known) lacks what the defect needs (PoCL 3.1's:
 * vstoreN and vloadN). */
const char *drvdefect_words(const struct devprops *dp, int noopt, const char *source);
#endif
