/* staletmp.h — the temporaries a clx killed while it wrote a run's file left in the run's folder. */
#ifndef STALETMP_H
#define STALETMP_H

/* A run's results.tsv and run.json are written whole under NAME.PID.tmp (PID: the writer's) and
 * renamed into place (results.c's rewrite of results.tsv, lib/util.c's write_file_atomic): a
 * SIGKILL (the out-of-memory killer, a batch system's end of the job) between the two leaves the
 * temporary beside the file. No reader takes it (they read the files by their names), but it stays
 * and grows the folder with every kill. To add a file written so, add its name to staletmp.c's
 * table. */

/* staletmp_name: whether name is one such temporary, NAME.PID.tmp of a name in the table with PID
 * digits alone; its PID into *pid (may be NULL). */
int staletmp_name(const char *name, long *pid);
/* staletmp_remove: removes from dir every such temporary whose PID runs no process now
 * (lib/pidlive.h's pidlive_running; never this process's own), for the one that writes the folder
 * next (clx run --resume, once it holds the folder: no other clx writes it then); one whose PID
 * runs (a process that took that PID since, or a writer on another host) is left. Returns the names
 * removed, "results.tsv.4242.tmp, run.json.4242.tmp" (a new string), or NULL where none was. */
char *staletmp_remove(const char *dir);
#endif
