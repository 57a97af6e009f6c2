/* platword.h — the short word that names an OpenCL implementation (pocl, intel, rusticl): a platform
 * as --device takes it, and what a results folder's name adds where a device's own name does not
 * say which implementation ran it. */
#ifndef PLATWORD_H
#define PLATWORD_H
#include <stddef.h>

/* platword_of: the word for the platform named platform, into out: the one its users call it where
 * that is not in its name ("pocl" for "Portable Computing Language"), else its name's first word,
 * letters and digits up to the first other character, in lower case ("intel" for "Intel(R)
 * OpenCL", "nvidia", "rusticl", "clover"); "" for an empty name. */
void platword_of(const char *platform, char *out, size_t size);
/* platword_alias: the part of a platform's name that sel stands for where the name does not hold
 * sel ("Portable Computing Language" for "pocl", any case); NULL where sel is no such word. */
const char *platword_alias(const char *sel);
/* platword_names_say: whether the platform's device names tell its devices from another
 * implementation's on one processor by themselves (PoCL's start with its driver: "pthread-",
 * "cpu-", "basic-"). */
int platword_names_say(const char *platform);
#endif
