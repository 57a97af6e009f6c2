/* rowstatus.c — row status words, counts and the summary line: one home for what a row's status means. */
#include "rowstatus.h"
#include "lib/util.h"
#include <string.h>

static const char *const words[RS_N] = { "ok", "unverified", "FAIL", "error", "skipped", "build-failed", "crashed", "timeout",
                                           "stopped" };
static const char *const keys[RS_N] = { "ok", "unverified", "fail", "error", "skipped", "build_failed", "crashed", "timeout",
                                          "stopped" };

const char *row_status_word(enum row_status s) { return s >= 0 && s < RS_N ? words[s] : "error"; }
const char *row_status_key(enum row_status s) { return s >= 0 && s < RS_N ? keys[s] : "error"; }

enum row_status row_status_of(const char *word)
{
    for (int s = 0; s < RS_N; s++)
        if (word && !strcmp(word, words[s])) return (enum row_status)s;
    return RS_ERROR;
}

int row_status_is_measured(enum row_status s) { return s == RS_OK || s == RS_UNVERIFIED; }

int row_status_is_ran(enum row_status s) { return s == RS_OK || s == RS_UNVERIFIED || s == RS_FAIL; }

int row_status_measured(const char *word) { return row_status_is_measured(row_status_of(word)); }

void status_counts_note(struct status_counts *c, enum row_status s)
{
    c->n[s >= 0 && s < RS_N ? s : RS_ERROR]++;
    c->rows++;
}

void status_counts_add(struct status_counts *c, const char *word) { status_counts_note(c, row_status_of(word)); }

/* The statuses of rows that did not pass (a stopped row was never measured: it did not pass
 * either, and --resume measures it again). */
int row_status_is_failed(enum row_status s)
{
    return s == RS_FAIL || s == RS_ERROR || s == RS_BUILD_FAILED || s == RS_CRASHED || s == RS_TIMEOUT || s == RS_STOPPED;
}

int row_status_failed(const char *word)
{
    enum row_status s = row_status_of(word);
    return row_status_is_failed(s) && (s != RS_ERROR || !strcmp(word, row_status_word(RS_ERROR)));
}

int status_counts_failed(const struct status_counts *c)
{
    int n = 0;
    for (int k = 0; k < RS_N; k++) n += row_status_is_failed((enum row_status)k) ? c->n[k] : 0;
    return n;
}

char *status_counts_line(const struct status_counts *c)
{
    struct sbuf b = {0};
    /* Unverified rows ran but nothing checked them: never counted among the ok ones. */
    sb_printf(&b, "%d ok, ", c->n[RS_OK]);
    if (c->n[RS_UNVERIFIED]) sb_printf(&b, "%d unverified, ", c->n[RS_UNVERIFIED]);
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
