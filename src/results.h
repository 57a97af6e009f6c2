/* results.h — a run's results folder: results.tsv written row by row (flushed to disk at once, so
 * a crash loses nothing finished), run.json, and the cl/ bin/ logs/ subfolders. */
#ifndef RESULTS_H
#define RESULTS_H
#include <cjson/cJSON.h>
#include <stdio.h>
#include "util.h"

struct results {
    char *dir;      /* results/<experiment>-<device>-<timestamp> */
    FILE *tsv;
    int ncols;
};

/* results_open: makes root/<experiment>-<device slug>-<YYYYmmdd-HHMMSS> (a -2, -3 suffix when it
 * exists) with cl/, bin/, logs/, and points root/latest at it. Returns 0, or -1 with errno. */
int results_open(struct results *r, const char *root, const char *experiment, const char *device);
/* results_header: writes the TSV's column names; comment lines "# key: value" may come first
 * through results_comment. */
void results_comment(struct results *r, const char *key, const char *value);
void results_header(struct results *r, const struct strlist *cols);
/* results_row: writes one row (tabs and newlines inside a value become spaces), then flushes and
 * fsyncs. The number of values must equal the header's. */
void results_row(struct results *r, const struct strlist *vals);
/* results_add_column: appends a column to every row already written: name in the header, vals[i]
 * on the i-th data row (empty past vals->n). The file is rewritten to a temporary name and moved
 * into place, so it is whole at every moment; later rows append as before. 0 or -1. */
int results_add_column(struct results *r, const char *name, const struct strlist *vals);
/* results_write_json: writes obj as dir/name (pretty printed, atomically). 0 or -1. */
int results_write_json(struct results *r, const char *name, const cJSON *obj);
/* results_path: dir/sub in a new string. */
char *results_path(const struct results *r, const char *sub);
void results_close(struct results *r);

/* tsv_escape: a copy of s with tabs and newlines replaced by spaces. */
char *tsv_escape(const char *s);
#endif
