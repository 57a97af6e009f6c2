/* aside.c — an aside after words, one bracket where they end in one (aside.h). */
#include "aside.h"
#include "util.h"
#include <string.h>

/* closing_bracket_open: where words end in a bracket opened after a space (" (...)"), its '(' (the
 * one that closes last, brackets within it counted), else NULL: "f(x)" is no aside. */
static const char *closing_bracket_open(const char *words, size_t n)
{
    if (!n || words[n - 1] != ')') return NULL;
    int depth = 0;
    for (size_t i = n; i-- > 0;) {
        depth += words[i] == ')' ? 1 : words[i] == '(' ? -1 : 0;
        if (!depth) return i > 0 && words[i - 1] == ' ' ? words + i : NULL;
    }
    return NULL;
}

char *words_aside(const char *words, const char *aside)
{
    size_t n = strlen(words);
    if (closing_bracket_open(words, n)) return xasprintf("%.*s; %s)", (int)(n - 1), words, aside);
    return xasprintf("%s (%s)", words, aside);
}
