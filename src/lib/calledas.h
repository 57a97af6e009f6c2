/* calledas.h — the command a user types to run this clx again, for the commands messages suggest. */
#ifndef CALLEDAS_H
#define CALLEDAS_H

/* called_as_set: remember argv[0] (main calls it once; forked workers keep it). */
void called_as_set(const char *argv0);
/* clx_cmd: "clx" where clx was found on PATH (argv[0] without a '/'), else argv[0] as typed
 * ("./clx", "build/clx"), shell-quoted where it needs it; "clx" before called_as_set. So that a
 * command a message suggests runs when pasted in the shell the user typed theirs in. */
const char *clx_cmd(void);
/* called_as_under: the command clx must run under to see the device the suggested commands name
 * (a simulator's: "oclgrind"; or the environment a driver needs to offer it: "RUSTICL_ENABLE=llvmpipe"),
 * put before clx_cmd()'s words from now on: "oclgrind ./clx"; NULL or "" for none. Who calls it
 * knows the device (run: the one it opened; report: run.json's). */
void called_as_under(const char *wrapper);
/* called_as_for: called_as_under(wrapper) for the words about one run among several, each its own
 * device (clx compare's sides, clx history's runs); returns the wrapper it replaced (a new string),
 * which called_as_back puts back and frees. */
char *called_as_for(const char *wrapper);
void called_as_back(char *was);
/* clx_doc_cmd: how report.md's runnable commands name clx: "clx" (the installed name, as a document
 * read elsewhere says it), after called_as_under's wrapper where there is one: "oclgrind clx". */
const char *clx_doc_cmd(void);
/* shell_word: s as one word a POSIX shell reads back as s: itself where no character of it is one
 * a shell splits or expands, else in single quotes ('' for ""). A new string. */
char *shell_word(const char *s);
/* clx_resume_cmd: the command that goes on with the run in dir, as a message suggests it: "clx run
 * --resume DIR" (clx_cmd(), DIR a shell_word). A new string. Every command a message suggests quotes
 * its paths so, a folder with a space in it included. */
char *clx_resume_cmd(const char *dir);
/* sb_word: " WORD" onto b, WORD s as a shell_word (a command's next word). */
struct sbuf;
void sb_word(struct sbuf *b, const char *s);
#endif
