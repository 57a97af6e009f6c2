/* sweepid.h — what makes two run.json files one sweep: the table that clx run --resume (resume.c:
 * the interrupted run and the one that continues it) and clx merge (shard.c's hash, merge.c: the
 * shards of one sweep) both read; an entry one of them leaves out says why. */
#ifndef SWEEPID_H
#define SWEEPID_H
#include <cjson/cJSON.h>

/* Who checks an entry. */
enum { SWEEPID_RESUME = 1, SWEEPID_MERGE = 2, SWEEPID_BOTH = SWEEPID_RESUME | SWEEPID_MERGE };
/* What of the device an entry is (its device member; 0: not the device's). */
enum { SWEEPID_DEVICE_NAME = 1, SWEEPID_DEVICE_SETUP = 2 };

struct sweepid_item {
    const char *path;            /* in run.json: "seed", "device.driver_version" */
    const char *what;            /* for a refusal: "the seed" */
    int checks;                  /* SWEEPID_RESUME, SWEEPID_MERGE or SWEEPID_BOTH */
    int device;                  /* of the device (the parts of a --split-any may differ in it): what names it
                                    (SWEEPID_DEVICE_NAME), or how it was set up to run (SWEEPID_DEVICE_SETUP:
                                    the driver's variables, its threads, the host CPUs; sweepsetup.h says it) */
    int recorded;                /* compared only where both runs recorded it (an older clx did not) */
    const char *file;            /* a file the run read, edited since where it differs ("the template"):
                                    a resume refused says how to go on (restore it, or a new run) */
};
/* In the order refusals name them; ends with a NULL path. */
extern const struct sweepid_item sweepid_items[];

/* sweepid_at: the item at a path of the table in run (NULL when absent). */
const cJSON *sweepid_at(const cJSON *run, const char *path);
/* sweepid_skip: whether id is not to be compared between runs whose items are a and b (one of them
 * did not record a `recorded` item). */
int sweepid_skip(const struct sweepid_item *id, const cJSON *a, const cJSON *b);
/* sweepid_text: an item's value as a refusal shows it: a short string quoted, a number, a short
 * array; "(none)" when absent; NULL when too long to show (a new string). */
char *sweepid_text(const cJSON *x);
/* sweepid_where: where two values that differ (an item's, there and here) differ, for values too
 * large to show (an object such as as_run): *x and *y moved down to the first member that differs,
 * objects by key and arrays by place, until sweepid_text shows both (NULL where a side lacks the
 * member); returns that member's path below the item (".launch.TERMS", ".variants[1].id"; "" where
 * they stay), a new string. So that a refusal names the axis and both its values. */
char *sweepid_where(const cJSON **x, const cJSON **y);
/* sweepid_first_line: where two texts too long to show (a spec's) differ, every line and every byte
 * of them (lib/spectext.h: "line N: 'A' there, 'B' here", cut alike around the difference); NULL
 * where either is not a string or they do not differ (a new string). What a spec says, its comments
 * and line ends aside, is spectext_first_said's. */
char *sweepid_first_line(const cJSON *there, const cJSON *here);
/* sweepid_hash: the hash of run's items that clx merge checks, but for the device's setup (compared
 * item by item), as 16 hex digits (a new string). */
char *sweepid_hash(const cJSON *run);
#endif
