/* names.c — names looked up for the user: the nearest of a list to a word mistyped ("did you mean"),
 * and a table's row by its name (names.h). */
#include "names.h"
#include "util.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* edit_distance: the edit distance of a and b: insertions, deletions, substitutions, and two
 * neighbours swapped (IPL for ILP: the commonest slip of typing) each count one. */
static int edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), w = lb + 1;
    int *d = xmalloc(sizeof *d * (la + 1) * w);
    for (size_t i = 0; i <= la; i++) d[i * w] = (int)i;
    for (size_t j = 0; j <= lb; j++) d[j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int best = d[(i - 1) * w + j - 1] + (a[i - 1] != b[j - 1]);
            if (d[(i - 1) * w + j] + 1 < best) best = d[(i - 1) * w + j] + 1;
            if (d[i * w + j - 1] + 1 < best) best = d[i * w + j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[(i - 2) * w + j - 2] + 1 < best)
                best = d[(i - 2) * w + j - 2] + 1;
            d[i * w + j] = best;
        }
    int r = d[la * w + lb];
    free(d);
    return r;
}

/* row_name: the name of row i of a table that name_row reads. */
static const char *row_name(const char *const *first, int i, size_t stride)
{
    return *(const char *const *)((const char *)first + (size_t)i * stride);
}

int name_row(const char *const *first, int n, size_t stride, const char *name)
{
    for (int i = 0; name && i < n; i++)
        if (!strcmp(row_name(first, i, stride), name)) return i;
    return -1;
}

void name_rows_join(char *buf, size_t size, const char *const *first, int n, size_t stride, const char *last)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && at < size; i++)
        at += (size_t)snprintf(buf + at, size - at, "%s%s", i == 0 ? "" : i == n - 1 ? last : ", ", row_name(first, i, stride));
}

int name_given(const char *word, char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(word, names[i])) return i;
    return -1;
}

const char *nearest_name(const char *word, char *const *names, int n)
{
    int limit = (int)strlen(word) / 3, best = limit + 1;
    if (limit > 3) limit = 3;
    if (best > 4) best = 4;
    const char *found = NULL;
    /* One that differs only in case is the one meant (--set nx for NX), however short: offered, never
     * taken unasked (name_given). */
    for (int i = 0; i < n; i++)
        if (!strcasecmp(word, names[i])) return names[i];
    for (int i = 0; i < n; i++) {
        int d = edit_distance(word, names[i]);
        if (d <= limit && d < best) { best = d; found = names[i]; }
    }
    return found;
}

/* prefix_name: the one of names[0..n-1] that begins word or that word begins (VEC for VECTOR), both
 * of 3 letters or more, the nearest in length; NULL where none is, or two are as near. */
static const char *prefix_name(const char *word, char *const *names, int n)
{
    size_t lw = strlen(word);
    const char *found = NULL;
    size_t best = (size_t)-1;
    int tie = 0;
    for (int i = 0; i < n; i++) {
        size_t ln = strlen(names[i]), shorter = ln < lw ? ln : lw;
        if (shorter < 3 || ln == lw || strncasecmp(word, names[i], shorter)) continue;
        size_t apart = ln > lw ? ln - lw : lw - ln;
        if (apart < best) { best = apart; found = names[i]; tie = 0; }
        else if (apart == best) tie = 1;
    }
    return tie ? NULL : found;
}

/* doubled_name: the one of names[0..n-1] that word is with one of its letters typed twice (N for
 * NN, which is too short for an edit distance to say); NULL where none is. */
static const char *doubled_name(const char *word, char *const *names, int n)
{
    size_t lw = strlen(word);
    for (int i = 0; i < n; i++) {
        if (strlen(names[i]) + 1 != lw) continue;
        for (size_t k = 1; k < lw; k++)
            if (word[k] == word[k - 1] && !strncmp(word, names[i], k) && !strcmp(word + k + 1, names[i] + k)) return names[i];
    }
    return NULL;
}

/* shortened_name: the shortest of names[0..n-1] that word is written short of, its letters dropped
 * but none added nor moved (lcl for local, 3 letters at least, the first kept), where an edit
 * distance finds too many letters apart; NULL where none is, or two are as short. */
static const char *shortened_name(const char *word, char *const *names, int n)
{
    size_t lw = strlen(word), best = (size_t)-1;
    const char *found = NULL;
    int tie = 0;
    for (int i = 0; i < n && lw >= 3; i++) {
        size_t ln = strlen(names[i]), k = 0;
        if (ln <= lw || tolower((unsigned char)*word) != tolower((unsigned char)*names[i])) continue;
        for (size_t j = 0; j < ln && k < lw; j++)
            if (tolower((unsigned char)names[i][j]) == tolower((unsigned char)word[k])) k++;
        if (k < lw) continue;
        if (ln < best) { best = ln; found = names[i]; tie = 0; }
        else if (ln == best && strcmp(found, names[i])) tie = 1;    /* a name listed twice is one */
    }
    return tie ? NULL : found;
}

/* letter_name: for a word of one capital letter (M), the one name of one capital letter (N), the
 * single-letter size the spec has, which no distance can tell from a letter far away; NULL where
 * the names have none, or several. */
static const char *letter_name(const char *word, char *const *names, int n)
{
    if (!isupper((unsigned char)word[0]) || word[1]) return NULL;
    const char *found = NULL;
    for (int i = 0; i < n; i++) {
        if (!isupper((unsigned char)names[i][0]) || names[i][1] || (found && !strcmp(found, names[i]))) continue;
        if (found) return NULL;
        found = names[i];
    }
    return found;
}

char *did_you_mean(const char *word, char *const *names, int n)
{
    const char *near = nearest_name(word, names, n);
    if (!near) near = prefix_name(word, names, n);
    if (!near) near = doubled_name(word, names, n);
    if (!near) near = shortened_name(word, names, n);
    if (!near) near = letter_name(word, names, n);
    return near ? xasprintf(": did you mean %s?", near) : xstrdup("");
}

char *name_rows_did_you_mean(const char *const *first, int n, size_t stride, const char *word)
{
    char **names = xcalloc((size_t)n + 1, sizeof *names);
    for (int i = 0; i < n; i++) names[i] = (char *)row_name(first, i, stride);
    char *said = did_you_mean(word, names, n);
    free(names);
    return said;
}
