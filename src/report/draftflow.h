/* draftflow.h — how clx compare and clx history write their folder: a table, pictures, the console's
 * words and a .md, drawn aside and put in place whole or not at all (report_draft.h). */
#ifndef DRAFTFLOW_H
#define DRAFTFLOW_H

/* What differs between the commands: their words and the writers of their files (each given ctx and
 * the draft's folder; err and *werr set where a file could not be written). */
struct draft_flow {
    const char *cmd;            /* "compare": messages' prefix and "the same clx compare" */
    const char *noun;           /* "comparison": "writing the comparison", "none of the comparison" */
    const char *md;             /* "compare.md": put in place last */
    const char *no_pictures;    /* ": no pictures, the tables are whole": said where gnuplot is missing */
    int stop_after_plots;       /* CLX_STOP_AFTER_PLOTS' count once the pictures are drawn */
    void *ctx;
    void (*tsv)(void *ctx, const char *draft, int *err);
    int (*draw)(void *ctx, const char *draft, char **perr);      /* non-zero: the pictures failed, *perr why */
    void (*say)(void *ctx);                                       /* the console's words */
    void (*md_write)(void *ctx, const char *draft, int plot_failed, const char *said, int *err);
    void (*written)(void *ctx, const char *dir, int plot_failed); /* the line naming every file put in dir */
};

/* draft_flow_write: f's files drawn aside (DIR/CMD.tmp/) and put into dir, f->md last, once all are
 * written: a stop meanwhile (^C, SIGTERM, SIGHUP) leaves none of them, nor dir where clx made it
 * (made), and is said in one line. The console's words once the pictures are drawn: a stop does not
 * follow what they decide. 0, or 128 + the stop's signal; *werr set where a file could not be written
 * or gnuplot failed (not where gnuplot is missing: the tables are whole). */
int draft_flow_write(const struct draft_flow *f, const char *dir, int made, int *werr);
#endif
