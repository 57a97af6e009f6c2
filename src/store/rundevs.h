/* rundevs.h — the devices a run's rows ran on, the one home that says whether they are several: a
 * run's one device, or a --split-any's parts (clx run --split-any, clx merge --split-any: run.json's
 * "split" part lists each part's) on devices of different models, platforms or drivers, whose rows
 * side by side compare the devices as much as the variants. report.md's title and header, the plot
 * titles (rundir_title), the findings' heading, compare's sides and history's refusal ask it, so
 * that no one of them names such a run by its first part's device. */
#ifndef RUNDEVS_H
#define RUNDEVS_H
#include "runjson.h"

/* rundevs_count: how many devices of their own (name, platform and driver) j's rows ran on: 1 for
 * a run on one device, and for a --split over devices of one model and driver (their rows are of
 * one device model); more for a --split-any whose parts' devices differ. */
int rundevs_count(const struct runjson *j);

/* rundevs_words: j's devices in words, a new string. One device: its name ("AMD EPYC"), full: with
 * its platform and driver ("AMD EPYC (Intel(R) OpenCL, driver 2026.22)"). Several: "2 devices: "
 * and each once, "A and B" ("A, B and C"), full as above; not full, a name two of them share is
 * told apart by its platform, then its driver. */
char *rundevs_words(const struct runjson *j, int full);

/* rundevs_parts: where j's rows ran on several devices, each part's P:D and device in full,
 * "0:0 AMD EPYC (Intel(R) OpenCL, driver 2026.22); 1:0 pthread-... (Portable Computing Language,
 * driver 3.1+debian)" (a new string); NULL for one device. */
char *rundevs_parts(const struct runjson *j);

/* rundevs_mix_same: whether runs a and b are alike in this: each of one device (which one, the
 * caller compares: a history asks for one model, compare says another driver), or both of the same
 * several devices in full, in the same order. 0 where one ran on several and the other on one, or
 * on other several: their rows are then not of one device model. */
int rundevs_mix_same(const struct runjson *a, const struct runjson *b);
#endif
