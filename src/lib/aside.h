/* aside.h — an aside in brackets after words, in one bracket where the words end in one of their
 * own: a CPU's "l2 (the CPU's last-level cache)" followed by "(the one series)" or "(from DIR)" read as
 * two asides in a row, "l2 (the CPU's last-level cache) (from DIR)". */
#ifndef ASIDE_H
#define ASIDE_H

/* words_aside: "words (aside)", or where words end in a bracket opened after a space, that bracket
 * with "; aside" added ("l2 (the CPU's last-level cache; the one series)"). A new string. */
char *words_aside(const char *words, const char *aside);
#endif
