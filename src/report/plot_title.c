/* plot_title.c — a figure's title broken into lines that fit the picture: as few as its width takes,
 * as short as that allows, at a ", " where one serves, none a word alone (gp_title_wrap). */
#include "plot_impl.h"
#include <string.h>

/* How wrap_greedy breaks: STRICT fails (-1) where a piece has nowhere to break within the width, MID
 * breaks at a ", " only past the line's middle (an early one left "no bar on this logarithmic axis,"
 * over a line of the rest as long as ever). */
enum { WRAP_STRICT = 1, WRAP_MID = 2 };

/* What a way of breaking gave: its lines, the longest one's characters, the breaks at a space (not
 * after a ", "). */
struct wrap_fit { int lines, longest, spaces; };

/* wrap_greedy: the text from line to end broken at most cols a piece, each after its last ", " within
 * cols (the ", " before where the last left under a fifth of cols alone), else at its last space
 * (dropped), into b (NULL: only measured); the number of lines, or -1 (WRAP_STRICT). */
static int wrap_greedy(const char *line, const char *end, int cols, int how, struct sbuf *b, struct wrap_fit *fit)
{
    *fit = (struct wrap_fit){ 1, 0, 0 };
    while (end - line > cols) {
        const char *cut = NULL, *next = NULL, *before = NULL;
        for (const char *c = line + 1; c + 1 < end && c + 1 - line <= cols; c++)
            if (c[0] == ',' && c[1] == ' ' && (!(how & WRAP_MID) || 2 * (c + 1 - line) > cols)) {
                before = cut;
                cut = c + 1;
                next = c + 2;
            }
        /* A last piece of a few words alone on a line (a date under a device's name) reads as
         * another line of the title: the ", " before, where it leaves half a line at least. */
        if (cut && end - next < cols / 5 && before && before - line >= cols / 2) { cut = before; next = before + 1; }
        /* else the last space within cols (the first one cut "-cl-opt-disable's" off alone) */
        const char *space = NULL;
        for (const char *c = line + 1; !cut && c < end && c - line <= cols; c++)
            if (*c == ' ') space = c;
        if (!cut && space) { cut = space; next = space + 1; fit->spaces++; }
        if (!cut) {
            if (how & WRAP_STRICT) return fit->lines = -1;
            break;
        }
        if (b) sb_printf(b, "%.*s\n", (int)(cut - line), line);
        if (cut - line > fit->longest) fit->longest = (int)(cut - line);
        line = next;
        fit->lines++;
    }
    if (b) sb_printf(b, "%.*s", (int)(end - line), line);
    if (end - line > fit->longest) fit->longest = (int)(end - line);
    return fit->lines;
}

/* SPACE_COST: a break at a space, not after a ", ", weighs as this many characters more on the longest
 * line: "B: started 2026-11-23 10:00:00," over a folder's name whole beats lines 7 characters shorter
 * that part "folder" from the name. */
#define SPACE_COST 10

char *gp_title_wrap(const char *title, int cols)
{
    struct sbuf b = {0};
    sb_printf(&b, "%s", "");
    const char *line = title;
    while (*line) {
        const char *end = strchr(line, '\n'), *nl = end;
        if (!end) end = line + strlen(line);
        /* As few lines as at the full width, the longest as short as that allows: broken greedily at
         * cols, memcopy_ilp's noisy line left "nothing" alone on a line under 109 characters. */
        struct wrap_fit fit;
        int n = wrap_greedy(line, end, cols, 0, NULL, &fit), w = cols, how = 0;
        int best = fit.longest + SPACE_COST * fit.spaces;
        for (int t = n > 1 ? (int)((end - line) + n - 1) / n : cols; t < cols; t++)
            for (int mid = 0; mid < 2; mid++) {
                int h = WRAP_STRICT | (mid ? WRAP_MID : 0), k = wrap_greedy(line, end, t, h, NULL, &fit);
                if (k > 0 && k <= n && fit.longest + SPACE_COST * fit.spaces < best) {
                    best = fit.longest + SPACE_COST * fit.spaces;
                    w = t;
                    how = h;
                }
            }
        wrap_greedy(line, end, w, how, &b, &fit);
        if (nl) sb_printf(&b, "\n");
        line = nl ? nl + 1 : end;
    }
    return b.s;
}
