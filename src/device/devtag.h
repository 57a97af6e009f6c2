/* devtag.h — what the name of a results folder or of a dumped binary says of its device: its name,
 * and its implementation where the name does not say it. */
#ifndef DEVTAG_H
#define DEVTAG_H

/* devtag: the device's part of such a name (not yet slugged; a new string): the device's name, then
 * "-" and its platform's word (platword.h) where the name does not say the implementation: a CPU
 * device's name is the processor's, which another implementation reports too (Intel's CPU runtime
 * and PoCL on one CPU: "AMD EPYC-intel" beside PoCL's "pthread-skylake-avx512-AMD EPYC", whose
 * names say it); another device's name says it where it holds the word ("NVIDIA H200"). The name
 * comes first, so that a folder's name starts as it did before the word was added. */
char *devtag(const char *name, const char *platform, int is_cpu);
#endif
