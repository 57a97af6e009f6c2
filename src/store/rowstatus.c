/* rowstatus.c — row status words, counts and the summary line: one home for what a row's status means. */
#include "rowstatus.h"
#include "lib/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const words[RS_N] = { "ok", "cut", "unverified", "FAIL", "error", "skipped", "build-failed", "crashed",
                                           "timeout", "stopped" };
static const char *const keys[RS_N] = { "ok", "cut", "unverified", "fail", "error", "skipped", "build_failed", "crashed",
                                          "timeout", "stopped" };

const char *row_status_word(enum row_status s) { return s >= 0 && s < RS_N ? words[s] : "error"; }
const char *row_status_key(enum row_status s) { return s >= 0 && s < RS_N ? keys[s] : "error"; }

enum row_status row_status_of(const char *word)
{
    for (int s = 0; s < RS_N; s++)
        if (word && !strcmp(word, words[s])) return (enum row_status)s;
    return RS_ERROR;
}

/* The one table of what each status says of its configuration (rowstatus.h): the rules below, and
 * compare's and history's of a row beside another run's, read it. */
static const enum row_kind kinds[RS_N] = { ROW_MEASURED, ROW_MEASURED, ROW_MEASURED, ROW_FAILED, ROW_FAILED, ROW_SKIPPED,
                                           ROW_FAILED, ROW_FAILED, ROW_FAILED,
                                           ROW_FAILED };   /* a stopped row was never measured: --resume measures it again */

enum row_kind row_status_kind(enum row_status s) { return kinds[s >= 0 && s < RS_N ? s : RS_ERROR]; }

int row_status_is_measured(enum row_status s) { return row_status_kind(s) == ROW_MEASURED; }

int row_status_is_ran(enum row_status s) { return s == RS_OK || s == RS_CUT || s == RS_UNVERIFIED || s == RS_FAIL; }

enum row_status row_status_cut_short(enum row_status s) { return s == RS_OK ? RS_CUT : s; }

enum row_status row_status_whole(enum row_status s) { return s == RS_CUT ? RS_OK : s; }

int row_status_measured(const char *word) { return row_status_is_measured(row_status_of(word)); }

void status_counts_note(struct status_counts *c, enum row_status s)
{
    c->n[s >= 0 && s < RS_N ? s : RS_ERROR]++;
    c->rows++;
}

void status_counts_add(struct status_counts *c, const char *word) { status_counts_note(c, row_status_of(word)); }

int row_status_is_failed(enum row_status s) { return row_status_kind(s) == ROW_FAILED; }

int row_status_failed(const char *word)
{
    enum row_status s = row_status_of(word);
    return row_status_is_failed(s) && (s != RS_ERROR || !strcmp(word, row_status_word(RS_ERROR)));
}

int row_status_skipped(const char *word) { return word && !strcmp(word, words[RS_SKIPPED]); }

int status_counts_failed(const struct status_counts *c)
{
    int n = 0;
    for (int k = 0; k < RS_N; k++) n += row_status_is_failed((enum row_status)k) ? c->n[k] : 0;
    return n;
}

int status_counts_measured(const struct status_counts *c)
{
    int n = 0;
    for (int k = 0; k < RS_N; k++) n += row_status_is_measured((enum row_status)k) ? c->n[k] : 0;
    return n;
}

int status_counts_exit(const struct status_counts *c, int probes_failed, int files_unwritten)
{
    if (files_unwritten > 0) return EXIT_CANNOT_RUN;
    if (status_counts_failed(c) || probes_failed) return EXIT_ROWS_FAILED;
    return status_counts_measured(c) ? 0 : EXIT_NOTHING_RAN;
}

char *status_counts_line(const struct status_counts *c) { return status_counts_line_against(c, NULL); }

char *status_counts_line_against(const struct status_counts *c, const char *baseline)
{
    struct sbuf b = {0};
    /* Unverified rows ran but nothing checked them: never counted among the ok ones. Rows checked
     * against a baseline agree with another kernel, which a kernel broken the way it is does too:
     * not an answer checked, and said so. */
    char *base = baseline && *baseline ? xasprintf("baseline %s", baseline) : xstrdup("the baseline variant");
    sb_printf(&b, "%d ok", c->n[RS_OK]);
    if (baseline && c->n[RS_OK])
        sb_printf(&b, " (agree%s with %s: no host reference checked %s)", c->n[RS_OK] == 1 ? "s" : "", base,
                  c->n[RS_OK] == 1 ? "it" : "them");
    sb_printf(&b, ", ");
    /* Checked as the ok ones are, but on fewer rounds than asked: never counted among them. */
    if (c->n[RS_CUT]) sb_printf(&b, "%d cut, ", c->n[RS_CUT]);
    if (c->n[RS_UNVERIFIED] && baseline)
        sb_printf(&b, "%d unverified (%s's own: the other variants are checked against it), ", c->n[RS_UNVERIFIED], base);
    else if (c->n[RS_UNVERIFIED]) sb_printf(&b, "%d unverified, ", c->n[RS_UNVERIFIED]);
    free(base);
    sb_printf(&b, "%d FAIL, %d error, %d skipped, %d build-failed", c->n[RS_FAIL], c->n[RS_ERROR], c->n[RS_SKIPPED],
              c->n[RS_BUILD_FAILED]);
    if (c->n[RS_CRASHED]) sb_printf(&b, ", %d crashed", c->n[RS_CRASHED]);
    if (c->n[RS_TIMEOUT]) sb_printf(&b, ", %d timeout", c->n[RS_TIMEOUT]);
    if (c->n[RS_STOPPED]) sb_printf(&b, ", %d stopped", c->n[RS_STOPPED]);
    return b.s;
}

char *status_counts_some(const struct status_counts *c)
{
    struct sbuf b = {0};
    /* The enum's order is status_counts_line's. */
    for (int k = 0; k < RS_N; k++)
        if (c->n[k]) sb_printf(&b, "%s%d %s", b.len ? ", " : "", c->n[k], words[k]);
    return b.s ? b.s : xstrdup("");
}

int flag_has(const char *flags, const char *flag)
{
    size_t n = strlen(flag);
    for (const char *p = flags; p && *p; p = strchr(p, ','), p = p ? p + 1 : NULL)
        if (!strncmp(p, flag, n) && (p[n] == '\0' || p[n] == ',')) return 1;
    return 0;
}

char *flag_without(const char *flags, const char *flag)
{
    struct sbuf b = {0};
    size_t n = strlen(flag);
    for (const char *p = flags; p && *p; p = strchr(p, ','), p = p ? p + 1 : NULL) {
        size_t len = strcspn(p, ",");
        if (len == n && !strncmp(p, flag, n)) continue;
        sb_printf(&b, "%s%.*s", b.len ? "," : "", (int)len, p);
    }
    return b.s ? b.s : xstrdup("");
}

const char *rounds_cut_resume(int search, int n)
{
    if (!search) return n == 1 ? "measures it again" : "measures them again";
    return n == 1 ? "goes on with the search and measures it again if its race comes back to it, else it keeps its values "
                    "with what the race decided"
                  : "goes on with the search and measures again those its race comes back to, the others keeping their "
                    "values with what the race decided";
}

double row_timeout_limit_s(const char *note)
{
    size_t n = strlen(ROW_TIMEOUT_NOTE);
    if (!note || strncmp(note, ROW_TIMEOUT_NOTE, n)) return NAN;
    char *end;
    double s = strtod(note + n, &end);
    return end != note + n && !strncmp(end, " s", 2) && s > 0 ? s : NAN;
}
