/* syntaxsaid.c — a spec that libconfig cannot read, said with its likely fix (syntaxsaid.h): its
 * own words ("syntax error" at the line after a string left open) name the symptom, not the
 * mistake a first spec's writer makes. */
#include "syntaxsaid.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* line_at: the start of line n (from 1) of text, or NULL past its end; *len its length. */
static const char *line_at(const char *text, int n, size_t *len)
{
    const char *p = text;
    for (int i = 1; i < n && p; i++) {
        p = strchr(p, '\n');
        if (p) p++;
    }
    if (!p || !*p) return NULL;
    const char *e = strchr(p, '\n');
    *len = e ? (size_t)(e - p) : strlen(p);
    return p;
}

/* code_of: line l (len bytes) without its comment (# or // outside a string) nor blanks at either
 * end, into a new string; *quotes: how many of its '"' open or close a string. */
static char *code_of(const char *l, size_t len, int *quotes)
{
    int in = 0;
    size_t end = len;
    *quotes = 0;
    for (size_t i = 0; i < len; i++) {
        if (in && l[i] == '\\') { i++; continue; }
        if (l[i] == '"') { in = !in; ++*quotes; continue; }
        if (!in && (l[i] == '#' || (l[i] == '/' && i + 1 < len && l[i + 1] == '/'))) { end = i; break; }
    }
    size_t b = 0;
    while (b < end && (l[b] == ' ' || l[b] == '\t' || l[b] == '\r')) b++;
    while (end > b && (l[end - 1] == ' ' || l[end - 1] == '\t' || l[end - 1] == '\r')) end--;
    return xasprintf("%.*s", (int)(end - b), l + b);
}

/* comma_missing: whether line n begins a group right after one closed, on the line before it that
 * holds code or on its own ("{ ... } { ... }"), where a list needs a ',' between. */
static int comma_missing(const char *text, int n)
{
    size_t len;
    int q;
    const char *l = line_at(text, n, &len);
    if (!l) return 0;
    char *c = code_of(l, len, &q);
    int missing = 0;
    for (char *p = strchr(c, '}'); p && !missing; p = strchr(p + 1, '}')) {
        const char *a = p + 1;
        while (*a == ' ' || *a == '\t') a++;
        missing = *a == '{';
    }
    if (!missing && c[0] == '{')
        for (int i = n - 1; i >= 1; i--) {
            char *b = code_of(line_at(text, i, &len), len, &q);
            int empty = !*b;
            missing = !empty && b[strlen(b) - 1] == '}';
            free(b);
            if (!empty) break;
        }
    free(c);
    return missing;
}

/* open_string: the first line before line n with an odd number of '"', which opens a string that
 * libconfig then reads on into later lines; 0 where none has. */
static int open_string(const char *text, int n)
{
    size_t len;
    int q;
    for (int i = 1; i < n; i++) {
        const char *l = line_at(text, i, &len);
        if (!l) break;
        free(code_of(l, len, &q));
        if (q % 2) return i;
    }
    return 0;
}

static int name_start(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '*'; }
static int name_char(char c) { return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '_'; }

/* skipped: where *p is at a line's end, a string or a comment, it past that (on its last character,
 * or at the text's end: '\0'), *line counted on; 1 then, else 0 and *p as it was. How libconfig
 * reads the text: what is in a string or a comment is no bracket or setting. */
static int skipped(const char **pp, int *line)
{
    const char *p = *pp;
    if (*p == '\n') {
        ++*line;
    } else if (*p == '"') {
        for (p++; *p && *p != '"'; p++) {
            if (*p == '\\' && p[1]) p++;
            else if (*p == '\n') ++*line;
        }
    } else if (*p == '#' || (*p == '/' && p[1] == '/')) {
        while (p[1] && p[1] != '\n') p++;
    } else if (*p == '/' && p[1] == '*') {
        for (p += 2; *p && !(*p == '*' && p[1] == '/'); p++) *line += *p == '\n';
        if (*p) p++;
    } else {
        return 0;
    }
    *pp = p;
    return 1;
}

/* a_setting: whether line n of text begins a setting ("launch = {", "N: 3"), which no array or
 * list holds. */
static int a_setting(const char *text, int n)
{
    size_t len;
    int q;
    const char *l = line_at(text, n, &len);
    if (!l) return 0;
    char *c = code_of(l, len, &q), *p = c;
    int yes = name_start(*p);
    while (yes && name_char(*p)) p++;
    while (*p == ' ' || *p == '\t') p++;
    yes = yes && (*p == '=' || *p == ':');
    free(c);
    return yes;
}

/* The brackets open at a point of the text, as libconfig nests them: each one's kind ('[', '(', '{')
 * and line, the innermost last; past BRACKETS_KEPT deep only counted. */
#define BRACKETS_KEPT 64
struct brackets { char kind[BRACKETS_KEPT]; int line[BRACKETS_KEPT], depth; };

/* brackets_step: c pushed where it opens a bracket, the innermost popped where it closes one. */
static void brackets_step(struct brackets *b, char c, int line)
{
    if (c == '[' || c == '(' || c == '{') {
        if (b->depth < BRACKETS_KEPT) { b->kind[b->depth] = c; b->line[b->depth] = line; }
        b->depth++;
    } else if ((c == ']' || c == ')' || c == '}') && b->depth > 0) b->depth--;
}

/* brackets_top: the innermost open bracket and *line its line; 0 where none is (or it is past those kept). */
static char brackets_top(const struct brackets *b, int *line)
{
    if (b->depth <= 0 || b->depth > BRACKETS_KEPT) return 0;
    if (line) *line = b->line[b->depth - 1];
    return b->kind[b->depth - 1];
}

/* bracket_word, bracket_close: what the bracket that c opens is called, and what closes it. */
static const char *bracket_word(char c) { return c == '[' ? "array" : c == '(' ? "list" : "group"; }
static char bracket_close(char c) { return c == '[' ? ']' : c == '(' ? ')' : '}'; }

/* open_list: where line n begins a setting and the innermost bracket open before that line is an
 * array's '[' or a list's '(' (its ']' or ')' left out: `builds = [ "",` and the next setting), that
 * bracket and *at its line; else 0. Strings and comments are skipped as libconfig reads them. */
static char open_list(const char *text, int n, int *at)
{
    struct brackets b = {0};
    int line = 1;
    if (!a_setting(text, n)) return 0;
    for (const char *p = text; *p && line < n; p++) {
        if (skipped(&p, &line)) {
            if (!*p) break;
        } else brackets_step(&b, *p, line);
    }
    char top = brackets_top(&b, at);
    return top == '{' ? 0 : top;
}

/* open_at_end: where libconfig stopped past the text's last line that holds code (it read to the end
 * looking for a bracket's close) and a bracket is open there, the innermost one and *at its line;
 * else 0. A group's '{' left open takes every setting after it as its own (`launch = { ... ;` with
 * its '}' left out), so libconfig says only "syntax error" at the end of the file, lines past the
 * mistake. Strings and comments are skipped as libconfig reads them. */
static char open_at_end(const char *text, int n, int *at)
{
    struct brackets b = {0};
    int line = 1, last = 0;
    for (const char *p = text; *p; p++) {
        if (skipped(&p, &line)) {
            if (!*p) break;
            continue;
        }
        if (*p != ' ' && *p != '\t' && *p != '\r') last = line;
        brackets_step(&b, *p, line);
    }
    return n <= last ? 0 : brackets_top(&b, at);
}

/* bracket_slip: on line n, the first ';' inside an array or list (its values are parted by ','), or
 * the first ']', ')' or '}' that closes another kind of bracket, said with the bracket open there and
 * its line: a new string, else NULL. Strings and comments are skipped as libconfig reads them. */
static char *bracket_slip(const char *text, int n)
{
    struct brackets b = {0};
    int line = 1;
    for (const char *p = text; *p && line <= n; p++) {
        if (skipped(&p, &line)) {
            if (!*p) break;
            continue;
        }
        int at = 0;
        char top = line == n ? brackets_top(&b, &at) : 0;
        if (top && (*p == ']' || *p == ')' || *p == '}') && *p != bracket_close(top))
            return xasprintf("the %s '%c' opened on line %d is closed with '%c', not '%c'?", bracket_word(top), top, at,
                             *p, bracket_close(top));
        if (*p == ';' && (top == '[' || top == '('))
            return xasprintf("a ';' inside the %s '%c' opened on line %d, whose values are parted by ',' and which "
                             "ends with '%c'?", bracket_word(top), top, at, bracket_close(top));
        brackets_step(&b, *p, line);
    }
    return NULL;
}

/* unquoted: where line n's code holds a ' (outside strings and comments), or is a setting whose
 * value is a bare word (`template = scale.cl.m4;`; not true or false, which libconfig reads), what a
 * string is written in: a new string, else NULL. libconfig's strings take double quotes only. */
static char *unquoted(const char *text, int n)
{
    size_t len;
    int q;
    const char *l = line_at(text, n, &len);
    if (!l) return NULL;
    char *c = code_of(l, len, &q), *said = NULL;
    int in = 0;
    for (const char *p = c; *p && !said; p++) {
        if (in && *p == '\\' && p[1]) { p++; continue; }
        if (*p == '"') in = !in;
        else if (!in && *p == '\'') said = xstrdup("a string is written in double quotes, \"...\", not '...'");
    }
    const char *v = c;
    while (!said && name_char(*v)) v++;
    while (*v == ' ' || *v == '\t') v++;
    if (!said && v > c && (*v == '=' || *v == ':')) {
        for (v++; *v == ' ' || *v == '\t'; v++) {}
        size_t w = 0;
        while (v[w] && !strchr(";,", v[w])) w++;
        while (w && (v[w - 1] == ' ' || v[w - 1] == '\t')) w--;
        int word = w && ((*v >= 'A' && *v <= 'Z') || (*v >= 'a' && *v <= 'z'));
        if (word && strncasecmp(v, "true", w) && strncasecmp(v, "false", w))
            said = xasprintf("a string is written in double quotes: %.*s\"%.*s\"", (int)(v - c), c, (int)w, v);
    }
    free(c);
    return said;
}

/* duplicate_name: the first setting named twice in one group of text (libconfig stops at it and says
 * only "duplicate setting name"), walking the text as libconfig reads it: strings and comments
 * skipped, each '{' a group of its own (each group of a list too). A new string "NAME" and *first
 * the line of its first setting, or NULL where the walk finds none. */
static char *duplicate_name(const char *text, int *first)
{
    struct strlist seen = {0};      /* "GROUP NAME" of each setting read */
    int *lines = NULL, stack[64] = {0}, depth = 0, groups = 0, line = 1;
    char *dup = NULL;
    for (const char *p = text; *p && !dup; p++) {
        if (skipped(&p, &line)) {
            if (!*p) break;
        } else if (*p == '{') {
            if (depth + 1 < (int)(sizeof stack / sizeof *stack)) stack[++depth] = ++groups;
        } else if (*p == '}') {
            if (depth > 0) depth--;
        } else if (name_start(*p) && (p == text || !name_char(p[-1]))) {
            const char *n = p, *a;
            while (name_char(p[1])) p++;
            for (a = p + 1; *a == ' ' || *a == '\t' || *a == '\r' || *a == '\n'; a++) {}
            if (*a != '=' && *a != ':') continue;
            char *key = xasprintf("%d %.*s", stack[depth], (int)(p - n + 1), n);
            for (int i = 0; i < seen.n && !dup; i++)
                if (!strcmp(seen.v[i], key)) {
                    dup = xasprintf("%.*s", (int)(p - n + 1), n);
                    *first = lines[i];
                }
            lines = xrealloc(lines, (size_t)(seen.n + 1) * sizeof *lines);
            lines[seen.n] = line;
            sl_push_own(&seen, key);
        }
    }
    free(lines);
    sl_free(&seen);
    return dup;
}

/* The kinds of scalar an array's values are to libconfig, which holds one kind an array. */
enum kind { K_STRING, K_INT, K_INT64, K_FLOAT, K_OTHER };

/* kind_of: the kind of the bare word w (n bytes) of an array: an integer (decimal or 0x), one of
 * 64 bits with its L, a float with a '.' or an exponent; K_OTHER for true, false and the rest. */
static enum kind kind_of(const char *w, size_t n)
{
    size_t i = n && (*w == '-' || *w == '+'), d = 0;
    if (n > i + 2 && w[i] == '0' && (w[i + 1] == 'x' || w[i + 1] == 'X')) {
        for (i += 2; i < n && strchr("0123456789abcdefABCDEF", w[i]); i++) d++;
    } else {
        int point = 0, exp = 0;
        for (; i < n; i++) {
            if (w[i] >= '0' && w[i] <= '9') d++;
            else if (w[i] == '.' && !point && !exp) point = 1;
            else if ((w[i] == 'e' || w[i] == 'E') && d && !exp) {
                exp = 1;
                if (i + 1 < n && (w[i + 1] == '-' || w[i + 1] == '+')) i++;
            } else break;
        }
        if (d && i == n && (point || exp)) return K_FLOAT;
        if (point || exp) return K_OTHER;
    }
    if (!d) return K_OTHER;
    if (i == n) return K_INT;
    return (w[i] == 'L' && (i + 1 == n || (i + 2 == n && w[i + 1] == 'L'))) ? K_INT64 : K_OTHER;
}

/* array_mix: the first array [ ] of text with values of two kinds, read as libconfig reads it (it
 * stops at the first value not of the first value's kind): that value's line, its word (*other) and
 * kind, and the first value's (*first); 0 (and nothing set) where none is. The words are new
 * strings. */
static int array_mix(const char *text, char **first, enum kind *kf, char **other, enum kind *ko)
{
    int line = 1;
    for (const char *p = text; *p; p++) {
        if (skipped(&p, &line)) {
            if (!*p) break;
            continue;
        }
        if (*p != '[') continue;
        const char *w0 = NULL;
        size_t n0 = 0;
        for (p++; *p && *p != ']'; p++) {
            if (*p == ',' || *p == ' ' || *p == '\t' || *p == '\r') continue;
            const char *w = p;
            enum kind k = K_STRING;
            if (*p != '"' && skipped(&p, &line)) {          /* a line's end or a comment */
                if (!*p) return 0;
                continue;
            }
            if (*p == '"') {
                skipped(&p, &line);
                if (!*p) return 0;
            } else {
                while (p[1] && !strchr(",] \t\r\n#/", p[1])) p++;
                k = kind_of(w, (size_t)(p - w + 1));
            }
            if (!w0) {
                w0 = w;
                n0 = (size_t)(p - w + 1);
                *kf = k;
            } else if (k != *kf) {
                *first = xasprintf("%.*s", (int)n0, w0);
                *other = xasprintf("%.*s", (int)(p - w + 1), w);
                *ko = k;
                return line;
            }
        }
        if (!*p) break;
    }
    return 0;
}

/* numbers_mixed: for "mismatched element type in array" at line, where the array's values are all
 * numbers but of two kinds (an integer beside a float, or beside a 64-bit one written with an L),
 * what to write instead; NULL where they are not (a string beside a number: the general hint). */
static char *numbers_mixed(const char *text, int line)
{
    char *a = NULL, *b = NULL, *said = NULL;
    enum kind ka = K_OTHER, kb = K_OTHER;
    if (array_mix(text, &a, &ka, &b, &kb) != line) goto out;
    if ((ka == K_FLOAT) != (kb == K_FLOAT) && ka != K_STRING && kb != K_STRING && ka != K_OTHER && kb != K_OTHER) {
        const char *i = ka == K_FLOAT ? b : a, *f = ka == K_FLOAT ? a : b;
        size_t s = *i == '-' || *i == '+';
        int plain = i[s] && strspn(i + s, "0123456789") == strlen(i + s);   /* not 0x: no ".0" to add */
        said = xasprintf("libconfig reads %s as an integer, %s as a float: write the integers as floats%s%s%s", i, f,
                         plain ? " (" : "", plain ? i : "", plain ? ".0)" : "");
    } else if ((ka == K_INT && kb == K_INT64) || (ka == K_INT64 && kb == K_INT)) {
        const char *i = ka == K_INT ? a : b, *l = ka == K_INT ? b : a;
        said = xasprintf("libconfig reads %s as a 32-bit integer, %s (with its L) as a 64-bit one: write every "
                         "integer with an L (%sL)", i, l, i);
    }
out:
    free(a);
    free(b);
    return said;
}

char *syntaxsaid(const char *path, const char *text, int line, const char *what)
{
    if (!strcmp(what, "duplicate setting name")) {
        int first = 0;
        char *name = duplicate_name(text, &first);
        if (name) {
            char *said = first == line
                ? xasprintf("%s:%d: %s '%s': set twice in one group, on this line", path, line, what, name)
                : xasprintf("%s:%d: %s '%s': set twice in one group, first on line %d", path, line, what, name, first);
            free(name);
            return said;
        }
    }
    char *mixed = !strcmp(what, "mismatched element type in array") ? numbers_mixed(text, line) : NULL;
    if (mixed) {
        char *said = xasprintf("%s:%d: %s: an array [ ] holds one type, and %s, or use a list ( )", path, line,
                               what, mixed);
        free(mixed);
        return said;
    }
    if (!strcmp(what, "mismatched element type in array"))
        return xasprintf("%s:%d: %s: an array [ ] holds one type: write its values all as numbers or all in quotes "
                         "(256 or \"256\" alike), or use a list ( )", path, line, what);
    if (!strcmp(what, "syntax error") && comma_missing(text, line))
        return xasprintf("%s:%d: %s (a missing ',' between two groups of a list?)", path, line, what);
    int open = !strcmp(what, "syntax error") ? open_string(text, line) : 0;
    if (open) return xasprintf("%s:%d: %s (a string opened on line %d is not closed?)", path, line, what, open);
    int at = 0;
    char list = !strcmp(what, "syntax error") ? open_list(text, line, &at) : 0;
    if (list)
        return xasprintf("%s:%d: %s (the %s '%c' opened on line %d is not closed with '%c' before this setting?)", path,
                         line, what, bracket_word(list), list, at, bracket_close(list));
    char *slip = !strcmp(what, "syntax error") ? bracket_slip(text, line) : NULL;
    if (slip) {
        char *said = xasprintf("%s:%d: %s (%s)", path, line, what, slip);
        free(slip);
        return said;
    }
    char *quotes = !strcmp(what, "syntax error") ? unquoted(text, line) : NULL;
    if (quotes) {
        char *said = xasprintf("%s:%d: %s (%s?)", path, line, what, quotes);
        free(quotes);
        return said;
    }
    char end = !strcmp(what, "syntax error") ? open_at_end(text, line, &at) : 0;
    if (end)
        return xasprintf("%s:%d: %s at the end of the file (the %s '%c' opened on line %d is not closed with '%c'?)", path,
                         line, what, bracket_word(end), end, at, bracket_close(end));
    return xasprintf("%s:%d: %s", path, line, what);
}
