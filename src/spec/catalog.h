/* catalog.h — where experiments come from: the search path (CLX_PATH, the user's data folder, clx's
 * templates/), a spec found by name along it, and what clx list shows. */
#ifndef CATALOG_H
#define CATALOG_H
#include "lib/util.h"
#include <stdio.h>

/* catalog_dirs: the folders searched for NAME.spec, first match winning: each of CLX_PATH's
 * (colon-separated; empty entries skipped), then $XDG_DATA_HOME/clx/templates (else
 * ~/.local/share/clx/templates), then clx's own templates/. Folders that do not exist are kept
 * (a caller skips them); one folder named twice is kept once. */
void catalog_dirs(struct strlist *dirs);
/* catalog_shipped_dir: clx's own templates/ (a new string). */
char *catalog_shipped_dir(void);
/* catalog_check_home: dies (exit 4) where CLX_HOME is set and holds no templates/ folder; clx list
 * and catalog_spec_path call it. */
void catalog_check_home(void);
/* catalog_is_shipped: whether dir is clx's own templates/ (links resolved). */
int catalog_is_shipped(const char *dir);
/* catalog_origin: "shipped" for clx's templates/, else dir itself (a new string). */
char *catalog_origin(const char *dir);
/* catalog_find: the first NAME.spec along catalog_dirs, or NULL (a new string). */
char *catalog_find(const char *name);
/* catalog_spec_path: the spec file for what a command was given: a path when it has a '/' or ends
 * in .spec, else a name found along the search path; dies naming the folders when there is none.
 * A new string. */
char *catalog_spec_path(const char *exp);
/* catalog_files: the names of the files in dir ending in suffix (and longer than it), sorted, added
 * to names; 0, or -1 (errno) when dir cannot be read; a folder that does not exist has none. */
int catalog_files(const char *dir, const char *suffix, struct strlist *names);
/* catalog_list: one line per experiment along the search path (name, origin, description; a name
 * hidden by an earlier folder is left out). Returns 1 when a spec could not be read (said on
 * stderr), else 0. */
int catalog_list(FILE *out);
/* catalog_with_modes: the names of the experiments clx list shows whose spec has a modes section
 * (clx run EXP --modes runs), appended to names; a spec that cannot be read is left out unsaid. */
void catalog_with_modes(struct strlist *names);
/* catalog_list_refs: one line per host reference: the shipped ones (compiled in), then those the
 * .ref.c files in the search path's other folders declare (read from their text, not compiled);
 * name, origin, description. Returns 1 when a file could not be read, else 0. */
int catalog_list_refs(FILE *out);
#endif
