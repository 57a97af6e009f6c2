/* solreason.c — a row's reason for no bound as a summary says it (solreason.h). */
#include "solreason.h"
#include "device/simulator.h"
#include "spec/solkinds.h"
#include "store/columns.h"
#include "lib/util.h"
#include <stdlib.h>
#include <string.h>

/* figure_in: whether the bracket [open, close] holds a digit: a ceiling's figure and source ("(3.689
 * GB/s, cachebw: ... in DIR)"), not a word of the clause ("(not --quick)"). */
static int figure_in(const char *open, const char *close)
{
    for (const char *q = open; q < close; q++)
        if (*q >= '0' && *q <= '9') return 1;
    return 0;
}

/* bracket_end: the ')' that closes the bracket at open ('('), or the end of the string. */
static const char *bracket_end(const char *open)
{
    int depth = 0;
    const char *close = open;
    for (; *close; close++) {
        depth += *close == '(' ? 1 : *close == ')' ? -1 : 0;
        if (!depth) break;
    }
    return close;
}

/* ends_clause: whether the bracket closed at close ends its clause (the text, ";", ":", "," or "."
 * follows it). */
static int ends_clause(const char *close)
{
    return *close && (close[1] == 0 || close[1] == ';' || close[1] == ':' || close[1] == ',' || close[1] == '.');
}

/* figures_left_out: note without its brackets of figures that sit mid-clause ("the measured one (3.689
 * GB/s, ...) bounds nothing here": the clause read on after the bracket, and cut before it the reason
 * became "no l2 ceiling" above a table that lists one); a new string, *cut set where one was left out. */
static char *figures_left_out(const char *note, int *cut)
{
    struct sbuf b = {0};
    const char *from = note, *open;
    *cut = 0;
    while ((open = strstr(from, " ("))) {
        const char *close = bracket_end(open + 1);
        if (!*close || ends_clause(close) || !figure_in(open, close)) {
            sb_printf(&b, "%.*s", (int)(close - from) + (*close != 0), from);
            from = close + (*close != 0);
            continue;
        }
        sb_printf(&b, "%.*s", (int)(open - from), from);
        from = close + 1;
        *cut = 1;
    }
    sb_printf(&b, "%s", from);
    return b.s ? b.s : xstrdup("");
}

/* reason_said: sol_reason_said's head, and where cut, where the rest is (where_rest: a table's line) or
 * nothing (a chart's subtitle, which has no room for it). */
static char *reason_said(const char *whole, int where_rest)
{
    int left_out = 0;
    char *note = figures_left_out(whole, &left_out), *said;
    /* A class's gloss is its name, not an aside: a CPU's "no l2 (the CPU's last-level cache) ceiling
     * that binds: ..." is cut at the bracket after it, as a GPU's "no l2 ceiling that binds: ...". */
    const char *cut = strstr(note, " (");
    for (int g; cut && (g = sol_gloss_len(cut));) cut = strstr(cut + g, " (");
    if (!cut) cut = note + strlen(note);
    else if (!ends_clause(bracket_end(cut + 1))) {
        const char *b = NULL;
        for (const char *q = note; q < cut; q++)
            if ((q[0] == ';' || q[0] == ':') && q[1] == ' ') b = q;
        cut = b ? b : note + strlen(note);
        if (!b) left_out = 0;
    }
    int len = (int)(cut - note);
    if (!*cut && !left_out) said = xstrdup(whole);
    else {
        while (len > 0 && (note[len - 1] == ':' || note[len - 1] == ',' || note[len - 1] == ';')) len--;
        said = xasprintf("%.*s%s", len, note, where_rest ? " (the whole of it: the rows' sol_note in results.tsv)" : "");
    }
    free(note);
    return said;
}


char *sol_reason_said(const char *whole) { return reason_said(whole, 1); }

int sol_reasons_count(struct sol_reasons *s, const struct rundir *r, int i)
{
    int cp = table_col(&r->t, COLUMN(sol_pct)), cn = table_col(&r->t, COLUMN(sol_note));
    if (cp < 0) return -1;
    if (table_num(&r->t, i, cp) >= 0) return 0;
    s->n++;
    const char *note = cn >= 0 ? table_cell(&r->t, i, cn) : "";
    if (*note) sl_push(&s->why, note);
    return 1;
}

char *sol_reason_most(const struct sol_reasons *s, const struct rundir *r, int where_rest)
{
    /* A simulator's reason is the whole story, brackets and all. */
    const struct simulator *sim = simulator_of(r->platform, r->device);
    if (sim) return xstrdup(simulator_why(sim));
    return s->why.n ? reason_said(sl_most(&s->why), where_rest) : xstrdup("their rows give none (an empty sol_note)");
}

void sol_reasons_free(struct sol_reasons *s)
{
    sl_free(&s->why);
    s->n = 0;
}
