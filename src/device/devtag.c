/* devtag.c — what the name of a results folder or of a dumped binary says of its device: its name,
 * and its implementation where the name does not say it. */
#include "devtag.h"
#include "platword.h"
#include "lib/util.h"

char *devtag(const char *name, const char *platform, int is_cpu)
{
    char word[64];
    platword_of(platform, word, sizeof word);
    if (!*word || platword_names_say(platform) || (!is_cpu && str_icontains(name, word))) return xstrdup(name);
    return xasprintf("%s-%s", name, word);
}
