/* sessions.h — run.json "interruptions": each earlier session of a resumed run that ended before
 * its sweep did (a stop, or a worker's crash or a launch past --timeout that left rows for a resume),
 * with the clx it ran under and what it counted itself; store/resume.c builds it, run/ adds it up. */
#ifndef SESSIONS_H
#define SESSIONS_H
#include "runjson.h"
#include "lib/table.h"
#include <time.h>

/* sessions_of: "interruptions" for the run that goes on from was (its run.json): its own list, and
 * was's session when it stopped (interrupted) or finished with rows (rows: its results.tsv) that a
 * crash or a timeout left: when, by what, its clx and its own counts (its run.json's cover the
 * sessions before it too). A session that said neither (killed outright whole, or a run.json its
 * end could not write: a full disk, a folder not writable) has an entry too, SESSIONS_SILENT_WHY,
 * when results.tsv was last written (silent_end, its modification time) or the session began, the
 * later (it ended at or after it), and the rows it held, no counts; silent_end 0: was is the worker
 * this session goes on from after a crash, no session's end (a new array). */
#define SESSIONS_SILENT_WHY "ended without a word: killed outright, the host stopped, or run.json could not be " \
                            "written (a full disk, a folder not writable)"
cJSON *sessions_of(const struct runjson *was, const struct table *rows, time_t silent_end);
/* sessions_counted: key's counts (builds_compiled, outputs_checked_on_device, ...) in the sessions of
 * list (each one's own), added up: what a resumed run's counts add to its own. */
double sessions_counted(const cJSON *list, const char *key);
/* sessions_causes: how a session's workers ended, as its entry's interrupted_by says it: "the worker
 * process HOW" for each of hows (run_mark_how's words, "died of signal 11 (Segmentation fault)"),
 * each once, "; " between, then "a launch ran past its limit (--timeout)" where timeouts; NULL where
 * neither (a new string). One home for the words: the session's run.json says its own
 * (session_crashes), so that a resume's entry names that session's alone, not an earlier one's rows. */
char *sessions_causes(const struct strlist *hows, int timeouts);
#endif
