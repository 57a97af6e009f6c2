/* draftflow.h — how clx compare and clx history write their folder: a table, pictures, the console's
 * words and a .md, drawn aside and put in place whole or not at all (report_draft.h). */
#ifndef DRAFTFLOW_H
#define DRAFTFLOW_H
#include "lib/util.h"

/* What a flow's pictures came to (its draw): why one was not drawn, and whether for want of room. */
struct draft_drawn {
    char *err;                  /* why the first picture not drawn was not (naming its files in the draft) */
    /* The want of room it failed for (ENOSPC, EDQUOT: its data, script or pictures not written),
     * else 0: said with the flow's other files in one line, not as gnuplot's failure. */
    int full;
    struct strlist undrawn;     /* the pictures not drawn, tried or not ("speedup.png", "verdicts.png") */
    struct strlist drawn;       /* those drawn */
};
/* draft_drawn_free: dr's strings freed, dr zeroed. */
void draft_drawn_free(struct draft_drawn *dr);

/* What differs between the commands: their words and the writers of their files (each given ctx and
 * the draft's folder; *err set to the errno where its file could not be written, said by the flow in
 * its one line of files not written). */
struct draft_flow {
    const char *cmd;            /* "compare": messages' prefix and "the same clx compare" */
    const char *noun;           /* "comparison": "writing the comparison", "none of the comparison" */
    const char *md;             /* "compare.md": put in place last */
    const char *no_pictures;    /* ": no pictures, the tables are whole": said where gnuplot is missing */
    int stop_after_plots;       /* CLX_STOP_AFTER_PLOTS' count once the pictures are drawn */
    /* The stems of every picture it may draw (NULL-ended: "speedup", "verdicts"): where dir holds an
     * earlier output of the command, its STEM.tsv, .gp, .svg, .png this one does not write go. */
    const char *const *charts;
    void *ctx;
    void (*tsv)(void *ctx, const char *draft, int *err);
    int (*draw)(void *ctx, const char *draft, struct draft_drawn *dr);  /* non-zero: a picture failed, *dr why */
    void (*say)(void *ctx);                                       /* the console's words */
    void (*md_write)(void *ctx, const char *draft, int plot_failed, const char *said, int *err);
    void (*written)(void *ctx, const char *dir, int plot_failed); /* the line naming every file put in dir */
};

/* draft_flow_write: f's files drawn aside (DIR/CMD.tmp/) and put into dir, f->md last, once all are
 * written: a stop meanwhile (^C, SIGTERM, SIGHUP) leaves none of them, nor dir where clx made it
 * (made), and is said in one line. Over an earlier output of the command (outdir_own), the files of
 * its pictures (f->charts) that this one does not draw are removed as it is put in place. The
 * console's words once the pictures are drawn: a stop does not follow what they decide. 0, or 128 +
 * the stop's signal; *werr set where a file could not be written or gnuplot failed (not where
 * gnuplot is missing: the tables are whole). A file that could not be written (the table, the .md,
 * a picture refused for want of room: a full disk or a spent quota) is said in one line naming each
 * with the errno's words, and what was written, never with the line that names the files put in
 * place. */
int draft_flow_write(const struct draft_flow *f, const char *dir, int made, int *werr);
#endif
