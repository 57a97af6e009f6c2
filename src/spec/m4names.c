/* m4names.c — the m4_ names m4 left in a template's expansion, each a mistake said with its line and
 * the macro that was meant (m4names.h). */
#include "m4names.h"
#include "m4prep.h"
#include "lib/ccomment.h"
#include "lib/names.h"
#include "lib/util.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* GNU m4's builtins under -P (m4 1.4). To add one: a row, in alphabetical order. */
static const char *const builtins[] = {
    "m4___file__", "m4___gnu__", "m4___line__", "m4___program__", "m4___unix__", "m4_builtin", "m4_changecom",
    "m4_changequote", "m4_debugfile", "m4_debugmode", "m4_decr", "m4_define", "m4_defn", "m4_divert", "m4_divnum",
    "m4_dnl", "m4_dumpdef", "m4_errprint", "m4_esyscmd", "m4_eval", "m4_format", "m4_ifdef", "m4_ifelse",
    "m4_include", "m4_incr", "m4_index", "m4_indir", "m4_len", "m4_m4exit", "m4_m4wrap", "m4_maketemp",
    "m4_mkstemp", "m4_patsubst", "m4_popdef", "m4_pushdef", "m4_regexp", "m4_shift", "m4_sinclude", "m4_substr",
    "m4_syscmd", "m4_sysval", "m4_traceoff", "m4_traceon", "m4_translit", "m4_undefine", "m4_undivert",
};

/* The loop variables of clx.m4's helpers (m4_ilp_*: m4_k; m4_unroll: m4_u). */
static const char *const lib_loop_vars[] = { "m4_k", "m4_u" };

static int ident(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* defined_names: the names text defines with m4_define(`NAME' or m4_pushdef(`NAME' (into defs), and
 * the m4_ names another macro call takes as its first argument, m4_forloop(`NAME' (into loops: a
 * misspelt m4_forlop(`m4_i' still names its loop variable). */
static void defined_names(const char *text, struct strlist *defs, struct strlist *loops)
{
    for (const char *p = text; (p = strstr(p, "(`m4_")); p++) {
        const char *n = p + 2, *e = n, *m = p;
        while (ident(*e)) e++;
        while (m > text && ident(m[-1])) m--;
        if (*e != '\'' || p - m < 4 || strncmp(m, "m4_", 3)) continue;
        int def = !strncmp(m, "m4_define(", 10) || !strncmp(m, "m4_pushdef(", 11);
        sl_push_own(def ? defs : loops, xasprintf("%.*s", (int)(e - n), n));
    }
}

static int among(const char *w, char *const *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(w, v[i])) return 1;
    return 0;
}

struct known {
    struct strlist all;     /* every name a template may use: builtins, clx.m4's, its own */
    struct strlist lib;     /* clx.m4's */
    struct strlist loops;   /* loop variables: clx.m4's helpers', the template's m4_forloop ones */
    int includes_lib;       /* the template has m4_include(`clx.m4') */
};

static void known_make(struct known *k, const char *tpl_text, const char *lib_text)
{
    memset(k, 0, sizeof *k);
    struct strlist libloops = {0}, own = {0};
    defined_names(lib_text ? lib_text : "", &k->lib, &libloops);
    defined_names(tpl_text, &own, &k->loops);
    for (size_t i = 0; i < sizeof lib_loop_vars / sizeof *lib_loop_vars; i++) sl_push(&k->loops, lib_loop_vars[i]);
    for (size_t i = 0; i < sizeof builtins / sizeof *builtins; i++) sl_push(&k->all, builtins[i]);
    for (int i = 0; i < k->lib.n; i++) sl_push(&k->all, k->lib.v[i]);
    for (int i = 0; i < own.n; i++) sl_push(&k->all, own.v[i]);
    k->includes_lib = strstr(tpl_text, "m4_include(`clx.m4')") != NULL;
    sl_free(&libloops);
    sl_free(&own);
}

static void known_free(struct known *k)
{
    sl_free(&k->all);
    sl_free(&k->lib);
    sl_free(&k->loops);
}

/* is_known: 1 when name is a macro or loop variable a template may use. */
static int is_known(const struct known *k, const char *name)
{
    return among(name, k->all.v, k->all.n) || among(name, k->loops.v, k->loops.n);
}

/* Why a name was left. A loop variable or a macro left unexpanded often follows from a name that is
 * no macro, or from clx.m4 not included (the arguments of a misspelt m4_forlop are copied out as
 * they are, with their m4_i and m4_dnl): W_CAUSES says which do that. */
enum why { W_JOINED, W_NOINCLUDE, W_UNKNOWN, W_LOOPVAR, W_UNEXPANDED };
#define W_CAUSES(w) ((w) == W_NOINCLUDE || (w) == W_UNKNOWN)
#define W_FOLLOWS(w) ((w) == W_LOOPVAR || (w) == W_UNEXPANDED)

static enum why why_left(const struct known *k, const char *word, const char *name)
{
    if (strcmp(word, name)) return W_JOINED;
    if (among(name, k->loops.v, k->loops.n)) return W_LOOPVAR;
    if (among(name, k->lib.v, k->lib.n) && !k->includes_lib) return W_NOINCLUDE;
    return is_known(k, name) ? W_UNEXPANDED : W_UNKNOWN;
}

/* say: why `word` (a whole name; `name` its m4_ part, the same unless joined to a word before it)
 * is left in the output, as "FILE:LINE: ..." into b. */
static void say(struct sbuf *b, const struct known *k, const char *where, const char *word, const char *name)
{
    sb_printf(b, "%s%s: ", b->s ? "\n" : "", where);
    switch (why_left(k, word, name)) {
    case W_JOINED:
        sb_printf(b, "%s: %s joined to the word before it is not expanded (paste them with an empty quote: %.*s`'%s)",
                  word, name, (int)(strlen(word) - strlen(name)), word, name);
        break;
    case W_LOOPVAR:
        sb_printf(b, "%s is a loop variable: it has a value only inside its loop's body", name);
        break;
    case W_NOINCLUDE:
        sb_printf(b, "%s is a macro of clx.m4, which the template does not include: start it with "
                  "m4_include(`clx.m4')m4_dnl", name);
        break;
    case W_UNEXPANDED:
        sb_printf(b, "%s is a macro but was not expanded here (quoted once too often, defined after this line, "
                  "or without the ( of its arguments?)", name);
        break;
    case W_UNKNOWN: {
        /* clx.m4's internal helpers are offered only for a name that is one of theirs, mistyped. */
        struct strlist offer = {0};
        for (int i = 0; i < k->all.n; i++)
            if (strncmp(k->all.v[i], "m4_clx_", 7) || !strncmp(name, "m4_clx_", 7)) sl_push(&offer, k->all.v[i]);
        const char *near = nearest_name(name, offer.v, offer.n);
        if (near) sb_printf(b, "%s is not a macro (did you mean %s?)", name, near);
        else sb_printf(b, "%s is not a macro (docs/m4.md lists those of clx.m4)", name);
        sl_free(&offer);
        break;
    }
    }
}

/* skip_literal: past the C comment or string starting at p (*block: inside a block comment carried
 * from line to line), or p when none starts there. */
static const char *skip_literal(const char *p, const char *end, int *block)
{
    const char *c = ccomment_past(p, end, block);
    if (c != p) return c;
    if (p[0] == '\'' && p + 2 < end && p[1] != '\\' && p[2] == '\'') return p + 3;   /* '"' */
    if (p[0] == '\'' && p + 3 < end && p[1] == '\\' && p[3] == '\'') return p + 4;
    if (p[0] == '"') {
        const char *e = p + 1;
        for (; e < end && *e != '"'; e++)
            if (*e == '\\') e++;
        return e < end ? e + 1 : end;
    }
    return p;
}

/* has_word: whether line l (len bytes) holds word as a whole name. */
static int has_word(const char *l, size_t len, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = l; p + n <= l + len; p++)
        if (!strncmp(p, word, n) && (p == l || !ident(p[-1])) && (p + n == l + len || !ident(p[n]))) return 1;
    return 0;
}

/* source_line: the template's line that word, left on an output line said to be line, is written
 * on. m4_dnl eats its line's newline, so one output line may hold that line's text and the next
 * ones' (clx.m4 not included: m4_assert_in(...)m4_dnl, then m4_assert_range on the line after,
 * both left on line 2's output): the first of line and the lines joined to it that holds word, else
 * line. */
static long source_line(const char *tpl_text, long line, const char *word)
{
    const char *l = tpl_text;
    for (long i = 1; i < line && l; i++) {
        l = strchr(l, '\n');
        if (l) l++;
    }
    for (long at = line; l && *l; at++) {
        const char *nl = strchr(l, '\n');
        size_t len = nl ? (size_t)(nl - l) : strlen(l);
        if (has_word(l, len, word)) return at;
        if (!has_word(l, len, "m4_dnl") || !nl) break;
        l = nl + 1;
    }
    return line;
}

char *m4names_left(const char *out, const char *tpl, const char *tpl_text, const char *lib_text)
{
    struct known k;
    known_make(&k, tpl_text, lib_text);
    /* Each name left, once: the word, its m4_ part's offset, and where it first is. */
    struct strlist words = {0}, wheres = {0};
    char *file = xstrdup(tpl);
    long line = 1;
    int block = 0;
    for (const char *l = out; *l;) {
        const char *nl = strchr(l, '\n'), *end = nl ? nl : l + strlen(l);
        /* m4prep_out's #line directives say where each line comes from. */
        if (m4prep_line_directive(l, (size_t)(end - l), &line, &file)) {
            l = nl ? nl + 1 : end;
            continue;
        }
        for (const char *p = l; p < end;) {
            const char *s = skip_literal(p, end, &block);
            if (s != p) { p = s; continue; }
            if (!ident(*p)) { p++; continue; }
            const char *w = p;
            int ours = 0;
            for (; p < end && ident(*p); p++) ours |= p[0] == 'm' && p + 2 < end && p[1] == '4' && p[2] == '_';
            if (!ours) continue;
            char *word = xasprintf("%.*s", (int)(p - w), w);
            /* A name of ours inside a longer one (valuem4_dnl) is a macro that was not pasted; another
             * (perm4_idx) is a C name. */
            const char *name = strstr(word, "m4_");
            if (name && name != word && !is_known(&k, name)) name = NULL;
            if (name && name[3] && !among(word, words.v, words.n)) {
                sl_push(&words, word);
                long at = strcmp(file, tpl) ? line : source_line(tpl_text, line, word);
                sl_push_own(&wheres, xasprintf("%s:%ld", file, at));
            }
            free(word);
        }
        line++;
        l = nl ? nl + 1 : end;
    }
    /* Where a cause is found, what may follow from it is only counted. */
    int causes = 0;
    for (int i = 0; i < words.n; i++) causes += W_CAUSES(why_left(&k, words.v[i], strstr(words.v[i], "m4_")));
    struct sbuf b = {0};
    int said = 0, capped = 0, follow = 0;
    for (int i = 0; i < words.n; i++) {
        const char *w = words.v[i], *name = strstr(w, "m4_");
        if (causes && W_FOLLOWS(why_left(&k, w, name))) follow++;
        else if (said == 5) capped++;
        else {
            say(&b, &k, wheres.v[i], w, name);
            said++;
        }
    }
    if (capped) sb_printf(&b, "\n(and %d more m4_ name%s left unexpanded)", capped, capped == 1 ? "" : "s");
    if (follow) sb_printf(&b, "\n(%d more m4_ name%s left unexpanded may follow from these)", follow, follow == 1 ? "" : "s");
    free(file);
    sl_free(&words);
    sl_free(&wheres);
    known_free(&k);
    return b.s;
}
