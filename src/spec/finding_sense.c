/* finding_sense.c — a compare finding whose claimed side of 1 contradicts its claim's words
 * (finding_sense.h). */
#include "finding_sense.h"
#include "finding_form.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* word_at: where text first holds word as a whole word, in any case, or -1. */
static long word_at(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = text; n && *p; p++) {
        if (p > text && isalnum((unsigned char)p[-1])) continue;
        if (strncasecmp(p, word, n) || isalnum((unsigned char)p[n])) continue;
        return p - text;
    }
    return -1;
}

/* has_word: whether text holds word as a whole word, in any case. */
static int has_word(const char *text, const char *word) { return word_at(text, word) >= 0; }

/* claim_side: +1 where the claim's words say faster, -1 slower, 0 where they say neither, both, or
 * a negation may turn them ("no faster than", "not slower", "isn't faster"). */
static int claim_side(const char *claim)
{
    int fast = has_word(claim, "faster"), slow = has_word(claim, "slower");
    if (fast == slow) return 0;
    static const char *const negations[] = {"no", "not", "never", "nor", "neither", "isn't", "aren't", "doesn't",
                                            "don't", "cannot", "without", NULL};
    for (int i = 0; negations[i]; i++)
        if (has_word(claim, negations[i])) return 0;
    return fast ? 1 : -1;
}

/* find_nocase: where needle first stands in text, in any case, or -1. */
static long find_nocase(const char *text, const char *needle)
{
    size_t n = strlen(needle);
    for (const char *p = text; n && *p; p++)
        if (!strncasecmp(p, needle, n)) return p - text;
    return -1;
}

/* first_mention: where the claim first names side's own values (variant=coalesced: "coalesced"),
 * those that are no number and that other's same column does not take too; -1 where it names none. */
static long first_mention(const char *claim, const struct filter *side, const struct filter *other)
{
    long best = -1;
    for (int i = 0; i < side->n; i++) {
        const struct cond *c = &side->c[i];
        if (c->op != OP_EQ) continue;
        for (int k = 0; k < c->alts.n; k++) {
            const char *v = c->alts.v[k];
            char *end;
            (void)strtod(v, &end);
            if (!*v || !*end) continue;
            int shared = 0;
            for (int j = 0; j < other->n && !shared; j++)
                for (int m = 0; !strcmp(other->c[j].col, c->col) && m < other->c[j].alts.n && !shared; m++)
                    shared = !strcmp(other->c[j].alts.v[m], v);
            /* A short name (f4) as a word; a longer one within a word too (func in "a function"). */
            long at = shared ? -1 : strlen(v) < 3 ? word_at(claim, v) : find_nocase(claim, v);
            if (at >= 0 && (best < 0 || at < best)) best = at;
        }
    }
    return best;
}

/* than_clause: "faster than X" up to the end of its clause (a comma, semicolon, colon, bracket, or
 * a sentence's end): what it is faster than. Beyond it the claim may name the other side for another
 * reason ("faster than one would think, only 2% behind naive"). A new string. */
static char *than_clause(const char *than)
{
    size_t n = 0;
    while (than[n] && !strchr(",;:()", than[n]) && !(than[n] == '.' && (!than[n + 1] || isspace((unsigned char)than[n + 1]))))
        n++;
    return xasprintf("%.*s", (int)n, than);
}

/* names_an_object: whether claim has a word that makes the side it names the one compared against. */
static int names_an_object(const char *claim)
{
    static const char *const words[] = {"against", "compared", "relative", "versus", "vs", "over", "than", NULL};
    for (int i = 0; words[i]; i++)
        if (has_word(claim, words[i])) return 1;
    return 0;
}

void finding_sense_warnings(const struct spec *s, struct strlist *warnings)
{
    for (int i = 0; i < s->nfindings; i++) {
        const struct spec_finding *f = &s->findings[i];
        if (!f->compare || !f->claimed || !f->claim) continue;
        int said = claim_side(f->claim);
        struct claim_range r;
        struct compare c;
        char *err = NULL;
        if (!said || claim_range_parse(f->claimed, &r, &err)) {
            free(err);
            continue;
        }
        if (compare_parse(f->compare, &c, &err)) {   /* refused at load with its reason */
            free(err);
            continue;
        }
        const char *metric = c.n && c.pair[0].a.nsel ? c.pair[0].a.sel[0].metric : NULL;
        enum metric_kind kind = metric ? finding_metric_kind(metric) : MK_UNTIMED;
        int side = claim_range_side(&r, 1.0);
        /* The side the range claims for A against B: a rate above 1 or a time below 1 is faster. */
        int claimed = kind == MK_RATE ? side : kind == MK_TIME ? -side : 0;
        /* Whose speed the words state: not the side after "faster than" (or "slower than"), the other;
         * with no "than", the one side they name. Where that cannot be told, nothing is said. */
        const struct filter *fa = c.n && c.pair[0].a.nsel ? &c.pair[0].a.sel[0].f : NULL;
        const struct filter *fb = c.n && c.pair[0].b.nsel ? &c.pair[0].b.sel[0].f : NULL;
        long than = find_nocase(f->claim, said > 0 ? "faster than" : "slower than");
        char *rest = than >= 0 ? than_clause(f->claim + than) : xstrdup(f->claim);
        long pa = fa && fb ? first_mention(rest, fa, fb) : -1, pb = fa && fb ? first_mention(rest, fb, fa) : -1;
        free(rest);
        int subject_b = than >= 0 ? pa >= 0 && pb < 0 : pb >= 0 && pa < 0;
        if ((pa >= 0) == (pb >= 0)) claimed = 0;
        /* With no "than", a side named after "compared with" or "against" is the one measured
         * against, not the one whose speed is stated ("Compared with naive: 1.5x faster"). */
        if (than < 0 && names_an_object(f->claim)) claimed = 0;
        if (subject_b) claimed = -claimed;
        /* What the words would take: "2x faster" of A on a rate is >= 2, of B or on a time <= 0.5. */
        int high = (kind == MK_RATE) ^ subject_b ^ (said < 0);
        if (claimed && claimed != said)
            sl_push_own(warnings, xasprintf(
                "%s:%d: finding %d ('%s'): its words say %s, but claimed '%s' of %s (a %s: A / B is %s 1 where A is "
                "faster) holds only where %s, the side they say is %s, is %s: for 2x %s, claimed = \"%s\"",
                s->path, f->claimed_line > 0 ? f->claimed_line : f->line, i + 1, f->claim, said > 0 ? "faster" : "slower",
                f->claimed, metric, kind == MK_RATE ? "rate" : "time", kind == MK_RATE ? "above" : "below",
                subject_b ? c.pair[0].b.sel[0].text : c.pair[0].a.sel[0].text, said > 0 ? "faster" : "slower",
                said > 0 ? "slower" : "faster", said > 0 ? "faster" : "slower", high ? ">= 2" : "<= 0.5"));
        compare_free(&c);
    }
}
