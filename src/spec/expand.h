/* expand.h — runs GNU m4 on a template (never through a shell) to make one kernel variant's source,
 * and finds clx's own files (templates, the m4 library). */
#ifndef EXPAND_H
#define EXPAND_H
#include "lib/util.h"

/* clx_home: the folder holding templates/ and m4/: $CLX_HOME, else the folder of the running
 * executable when it has templates/, else the installed data folder. */
const char *clx_home(void);

/* expand_variant: runs `m4 -P -s -I m4 -I cl -I TPL_DIR m4/clx-safe.m4 -DKEY=VALUE... TPL` in clx_home() (TPL
 * relative to it or absolute) and returns the source with a header comment naming the template and
 * every parameter (a new string). clx-safe.m4 removes the builtins that run commands or write
 * files, and a template that read a file outside its folder, m4/ and cl/ is refused. On failure
 * returns NULL and *err holds m4's messages ("templates/x.cl.m4:12: ..."). */
/* expand_allow_shell: on (--allow-shell), templates keep every m4 builtin and may include any file. */
void expand_allow_shell(int on);
/* expand_time_limit: the seconds m4 may take per expansion (--m4-timeout; default 10). */
void expand_time_limit(double seconds);
char *expand_variant(const char *tpl, const struct strlist *keys, const struct strlist *values,
                     const char *header_note, char **err);
#endif
