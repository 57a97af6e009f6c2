/* merge_again.c — a merge into a folder that holds a partial merge of the same sweep (the parts of a
 * --split where one died, merged with what there was) replaces it where the new one has every part
 * the old one had: the old merge is set aside until the new one is whole on disk, and put back if not.
 * What a merge that did not finish left there (a kill, a full disk) is cleared first. */
#include "merge_impl.h"
#include "store/jsonval.h"
#include "store/mergebusy.h"
#include "store/mergeleft.h"
#include "store/runfiles.h"
#include "lib/calledas.h"
#include "lib/diskfull.h"
#include "lib/util.h"
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Where the partial merge waits while the new one is written (inside out: one file system). */
#define ASIDE MERGE_ASIDE

/* kept: the entries of out that are not the merge's: a --split's parts, and the merge set aside. */
static int kept(const char *name)
{
    return !strcmp(name, ".") || !strcmp(name, "..") || !strcmp(name, "parts") || !strcmp(name, ASIDE);
}

/* move_entries: each entry of from that is not kept() renamed into to, never over one of its name
 * there (a user's file kept in to: rename would replace it unsaid); 0, or -1 after saying why. */
static int move_entries(const char *from, const char *to)
{
    DIR *d = opendir(from);
    if (!d) {
        fprintf(stderr, "clx merge: cannot read %s: %s\n", from, strerror(errno));
        return -1;
    }
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d));) {
        if (kept(e->d_name)) continue;
        char *a = path_join(from, e->d_name), *b = path_join(to, e->d_name);
        struct stat st;
        const char *why = lstat(b, &st) == 0 ? "one of that name is there" : (rc = rename(a, b)) ? strerror(errno) : NULL;
        if (why) {
            fprintf(stderr, "clx merge: cannot move %s to %s: %s\n", a, b, why);
            rc = -1;
        }
        free(a);
        free(b);
    }
    closedir(d);
    return rc;
}

/* lacking: the first part whose rows the merge mg had (a finished part) and m has not; 0 when none. */
static int lacking(const struct merge *m, const cJSON *mg)
{
    const cJSON *f;
    cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(mg, "from")) {
        if (!cJSON_GetObjectItemCaseSensitive(f, RJ_FINISHED)) continue;
        int k = json_int(f, "k"), has = 0;
        for (int x = 0; x < m->nin; x++) has |= m->in[x].k == k && m->in[x].finished;
        if (!has) return k;
    }
    return 0;
}

/* other_run: the first part that the merge mg and m took from different runs (its start or its end
 * differs: run again, or resumed since), or that one of them has and the other has not; 0 when mg
 * is the merge of m's very parts. */
static int other_run(const struct merge *m, const cJSON *mg)
{
    const cJSON *f;
    int matched = 0;
    cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(mg, "from")) {
        if (!cJSON_GetObjectItemCaseSensitive(f, RJ_FINISHED)) continue;
        int k = json_int(f, "k"), same = 0;
        for (int x = 0; x < m->nin; x++)
            same |= m->in[x].k == k && m->in[x].finished && m->in[x].rj.started && m->in[x].rj.finished &&
                    !strcmp(json_str(f, RJ_STARTED), m->in[x].rj.started) &&
                    !strcmp(json_str(f, RJ_FINISHED), m->in[x].rj.finished);
        if (!same) return k;
        matched++;
    }
    for (int x = 0; x < m->nin && matched >= 0; x++) matched -= m->in[x].finished;
    if (matched == 0) return 0;
    for (int x = 0; x < m->nin; x++)       /* a finished part of m's that mg did not take */
        if (m->in[x].finished) {
            int has = 0;
            cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(mg, "from"))
                has |= cJSON_GetObjectItemCaseSensitive(f, RJ_FINISHED) && json_int(f, "k") == m->in[x].k;
            if (!has) return m->in[x].k;
        }
    return -1;
}

/* ref_dir: the folder of the shard whose run.json the merge starts from (m->ref), as given. */
static const char *ref_dir(const struct merge *m)
{
    for (int x = 0; x < m->nin; x++)
        if (&m->in[x].rj == m->ref) return m->in[x].dir;
    return "the shards given";
}

/* old_merge: what out holds: 0 nothing of a run (new, empty, or parts/ alone; or, foreign set, beside
 * what no clx wrote, which clear_left kept), 1 a partial merge of m's sweep whose every part m has
 * finished too (its configurations with a row in *had), 2 the whole merge of m's very parts (a merge
 * run again: nothing to do), or a refusal said (-1). */
static int old_merge(const struct merge *m, const char *out, long *had, int foreign)
{
    DIR *d = opendir(out);
    int used = 0;
    for (struct dirent *e; d && (e = readdir(d));) used |= !kept(e->d_name) && (!foreign || run_file_ours(e->d_name));
    if (d) closedir(d);
    if (!used && (d || !file_exists(out))) return 0;
    struct runjson old;
    char *err = NULL;
    const cJSON *mg = NULL;
    int rc = -1, k = 0;
    if (runjson_read(out, &old, &err) == 0) mg = runjson_part(&old, RJ_MERGED);
    free(err);
    char *differs = mg ? merge_sweep_why(m, m->ref->doc, ref_dir(m), old.doc, 1) : NULL;
    const char *part = m->kind == MERGE_SHARDS ? "shard" : "part";
    struct stat st;
    if (stat(out, &st) == 0 && !S_ISDIR(st.st_mode))
        fprintf(stderr, "clx merge: %s is a file: the merged run goes to a new or empty folder\n", out);
    else if (!mg)
        fprintf(stderr, "clx merge: %s exists and holds more than a parts/ folder: the merged run goes to a new or "
                "empty one (or to the folder of a partial merge of the same sweep, which it replaces)\n", out);
    else if (differs)
        fprintf(stderr, "clx merge: %s holds a merge of another sweep of %s: %s; the merged run goes to a new or "
                "empty folder\n", out, json_str(old.doc, RJ_EXPERIMENT), differs);
    else if (json_num(mg, "missing") <= 0 && m->missing == 0 && !(k = other_run(m, mg)))
        rc = 2;
    else if (json_num(mg, "missing") <= 0 && k > 0)
        fprintf(stderr, "clx merge: %s holds this sweep's merge already, every configuration with its row, of another "
                "run of %s %d than the one given: left as it is (the merged run goes to a new or empty folder)\n",
                out, part, k);
    else if (json_num(mg, "missing") <= 0)
        fprintf(stderr, "clx merge: %s holds this sweep's merge already, every configuration with its row, %s: left as "
                "it is (the merged run goes to a new or empty folder)\n", out,
                m->missing ? "and this merge would have fewer" : "of other runs of its parts than those given");
    else if ((k = lacking(m, mg)))
        fprintf(stderr, "clx merge: %s holds a partial merge of this sweep with the rows of %s %d, which this merge "
                "lacks: left as it is (give every %s it had, and the ones it lacked)\n", out, part, k, part);
    else {
        *had = (long)(json_num(mg, "configurations") - json_num(mg, "missing"));
        rc = 1;
    }
    free(differs);
    runjson_free(&old);
    return rc;
}

char *merge_again_command(const struct merge *m, const char *out)
{
    /* The parts' common folder: clx run --split keeps them all in one. */
    char *parent = NULL;
    int one = 1;
    for (int x = 0; x < m->nin && one; x++) {
        char *p = xstrdup(m->in[x].dir);
        size_t len = strlen(p);
        while (len > 1 && p[len - 1] == '/') p[--len] = 0;
        char *slash = strrchr(p, '/');
        if (slash) *slash = 0;
        const char *up = slash ? p : ".";
        if (!parent) parent = xstrdup(up);
        else one = !strcmp(parent, up);
        free(p);
    }
    char *qp = parent ? shell_word(parent) : NULL, *qo = shell_word(out);
    char *cmd = m->kind != MERGE_SHARDS && one && parent
                    ? xasprintf("%s merge %s/*/ --split%s --out %s", clx_cmd(), qp, m->kind == MERGE_SPLIT_ANY ? "-any" : "", qo)
                    : xasprintf("clx merge of all %d %ss --out %s", m->n, m->kind == MERGE_SHARDS ? "shard" : "part", qo);
    free(qp);
    free(qo);
    free(parent);
    return cmd;
}

/* remove_written_n: each entry of out that clx writes in a run's folder (store/runfiles.h) and that is
 * not kept() removed, *n counting them: what a merge wrote there, never a user's file beside it (notes
 * put into the folder a killed merge left), whose names go into foreign where given ("notes.txt",
 * "mine/"). 0, or -1 after warning of the first it could not remove. */
static int remove_written_n(const char *out, int *n, struct strlist *foreign)
{
    DIR *d = opendir(out);
    int rc = d ? 0 : -1;
    if (n) *n = 0;
    if (!d) warn("cannot read %s: %s", out, strerror(errno));
    for (struct dirent *e; d && (e = readdir(d));) {
        if (kept(e->d_name)) continue;
        char *p = path_join(out, e->d_name);
        struct stat st;
        if (!run_file_ours(e->d_name)) {
            if (foreign) sl_push_own(foreign, xasprintf("%s%s", e->d_name, lstat(p, &st) == 0 && S_ISDIR(st.st_mode) ? "/" : ""));
        } else {
            if (n) ++*n;
            if (remove_tree(p) && rc == 0) {
                warn("cannot remove %s: %s", p, strerror(errno));
                rc = -1;
            }
        }
        free(p);
    }
    if (d) closedir(d);
    if (foreign) sl_sort(foreign);   /* readdir's order is the disk's */
    return rc;
}

static int remove_written(const char *out) { return remove_written_n(out, NULL, NULL); }

/* say_kept: "clx merge: kept in OUT what no clx wrote there: A, B/", where names has any. */
static void say_kept(const char *out, const struct strlist *names)
{
    if (!names->n) return;
    char *all = sl_join(names, ", ");
    printf("clx merge: kept in %s what no clx wrote there: %s\n", out, all);
    free(all);
}

/* forced: clx merge --force-unlock: another host's mark is cleared as this host's ended one is. */
static int forced;

void merge_force_unlock(void) { forced = 1; }

/* elsewhere: where out's mark names a merge on another host (store/mergebusy.h), which may be
 * writing out now from there, the refusal said with how to clear it once that merge is known to
 * have ended; 1 then, else 0. */
static int elsewhere(const char *out)
{
    long pid;
    char host[256];
    if (forced || merge_marks_writer(out, &pid, host, sizeof host) != MW_ELSEWHERE) return 0;
    fprintf(stderr, "clx merge: %s holds the " MERGE_UNFINISHED " of a clx merge on host %s (pid %ld), which this host "
            "cannot tell running or ended: nothing written by this one; once that merge is known to have ended (no "
            "clx pid %ld on %s), merge again with --force-unlock, which clears what it left\n", out, host, pid, pid, host);
    return 1;
}

/* clear_left: where out holds what a merge left when it did not finish (known by its marks:
 * store/mergeleft.h), that goes before out is read: its half-written files (not parts/), and a
 * partial merge it had set aside comes back, to be replaced as any partial merge is. A merge run
 * again over its own leftover (a pipeline's merge step retried after a kill) so writes it; one that
 * another merge is writing now is refused, and so is a mark of another host's merge (a folder every
 * node sees), which may be writing it from there (unless --force-unlock). What no clx wrote there (a
 * user's notes put into the leftover) stays, said, and *foreign is set: the merge writes beside it.
 * 0, or -1 after saying why. */
static int clear_left(const char *out, int *foreign)
{
    *foreign = 0;
    enum merge_left_mark k = merge_left_mark(out);
    if (k == ML_NONE) return 0;
    /* Another merge writing out now: clearing it would pull its files from under it. */
    char *running = merge_left_running(out, "wait for that merge to end, then merge again");
    if (running) {
        fprintf(stderr, "clx merge: %s\n", running);
        free(running);
        return -1;
    }
    if (elsewhere(out)) return -1;
    char *aside = path_join(out, ASIDE), *js = path_join(aside, "run.json");
    struct strlist theirs = {0};
    int back = file_exists(js), rc = remove_written_n(out, NULL, &theirs);
    if (rc == 0 && back && (rc = move_entries(aside, out)) == 0) rmdir(aside);
    else if (rc == 0 && !back && file_exists(aside) && (rc = remove_tree(aside)))
        warn("cannot remove %s: %s", aside, strerror(errno));
    if (rc == 0)
        printf("clx merge: %s held what a clx merge left when it did not finish (%s): removed%s\n", out,
               merge_left_words(k), back ? ", the partial merge it was replacing back in its place" : "");
    else
        fprintf(stderr, "clx merge: %s holds what a clx merge left when it did not finish (%s), which could not be "
                "cleared (above): remove what clx wrote there (all but parts/ and your own files), then run this merge "
                "again\n", out, merge_left_words(k));
    if (rc == 0) say_kept(out, &theirs);
    *foreign = theirs.n > 0;
    sl_free(&theirs);
    free(js);
    free(aside);
    return rc;
}

/* write_new: merge_write into out, new or holding nothing of a run; where it fails (a full disk),
 * what it made of out goes (the folder it created, or the files it wrote into one that was there),
 * so that the same merge run again (a pipeline's merge step retried) is not refused for the
 * leftover, nor the leftover read as a run that lost its run.json. */
static int write_new(struct merge *m, const char *out, const char *command_line, int existed)
{
    if (merge_write(m, out, command_line) == 0) return 0;
    /* Its own error said above; "room" only where that was the disk (an unreadable shard's bin/, a
     * folder it may not make, is mended otherwise, and no retry alone writes it). */
    int err = errno;
    if (merge_stopped(0)) {
        /* A stop is no failure to mend: what it made goes as after one, the stop is said after. */
        if (!existed) remove_tree(out);
        else remove_written(out);
        return -1;
    }
    char when[64];
    snprintf(when, sizeof when, "once %s", disk_full(err) ? disk_full_room(err) : "what stopped it (above) is mended");
    if (!existed && !file_exists(out)) return -1;       /* nothing of it was made */
    char *q = shell_word(out);
    int gone = 0, cleared = existed ? remove_written_n(out, &gone, NULL) : 0;
    if (!existed && remove_tree(out) == 0)
        fprintf(stderr, "clx merge: %s removed (the merge could not write it whole): the same merge writes it %s\n", out,
                when);
    else if (!existed)
        fprintf(stderr, "clx merge: %s is left half-written (cannot remove it: %s): rm -r %s, then the same merge "
                "writes it %s\n", out, strerror(errno), q, when);
    else if (cleared == 0 && gone == 0)      /* its first file could not be written (a folder not ours to write) */
        fprintf(stderr, "clx merge: nothing was written into %s: the same merge writes it %s\n", out, when);
    else if (cleared == 0)
        fprintf(stderr, "clx merge: what the merge wrote into %s is removed (it could not write it whole): the same "
                "merge writes it %s\n", out, when);
    else
        fprintf(stderr, "clx merge: %s is left half-written: remove what it holds but parts/ (or rm -r %s where it "
                "holds no parts/), then the same merge writes it %s\n", out, q, when);
    free(q);
    return -1;
}

/* keep_foreign: what no clx wrote in the partial merge set aside in aside (store/runfiles.h: a
 * user's notes beside its rows) moved back into out, where the new merge is now, and said: the
 * partial merge goes, those are not its. 0, or -1 after saying what could not be moved back (then
 * aside must stay: it holds them). */
static int keep_foreign(const char *aside, const char *out)
{
    DIR *d = opendir(aside);
    if (!d) return 0;
    struct strlist back = {0};
    int rc = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (kept(e->d_name) || run_file_ours(e->d_name)) continue;
        char *a = path_join(aside, e->d_name), *b = path_join(out, e->d_name);
        struct stat st;
        int dir = lstat(a, &st) == 0 && S_ISDIR(st.st_mode);
        /* The new merge writes only clx's names; one of them there is not to be written over. */
        const char *why = lstat(b, &st) == 0 ? "the merge wrote one of that name" : rename(a, b) ? strerror(errno) : NULL;
        if (why) {
            fprintf(stderr, "clx merge: cannot move %s back to %s: %s\n", a, b, why);
            rc = -1;
        } else sl_push_own(&back, xasprintf("%s%s", e->d_name, dir ? "/" : ""));
        free(a);
        free(b);
    }
    closedir(d);
    sl_sort(&back);   /* readdir's order is the disk's */
    say_kept(out, &back);
    sl_free(&back);
    return rc;
}

/* report_made: what a clx report drew in the partial merge set aside in aside ("report.md,
 * findings.tsv, plots/": those there), or NULL where it holds no report.md (a new string). It goes
 * with the partial merge: said, since the user made it and the folder's new rows are not what it shows. */
static char *report_made(const char *aside)
{
    static const char *const drawn[] = { "report.md", "findings.tsv", "plots" };
    char *md = path_join(aside, "report.md");
    int has = file_exists(md);
    free(md);
    if (!has) return NULL;
    struct sbuf sb = {0};
    for (size_t i = 0; i < sizeof drawn / sizeof *drawn; i++) {
        char *p = path_join(aside, drawn[i]);
        if (file_exists(p)) sb_printf(&sb, "%s%s%s", sb.len ? ", " : "", drawn[i], strcmp(drawn[i], "plots") ? "" : "/");
        free(p);
    }
    return sb.s;
}

int merge_into_held(struct merge *m, const char *out, const char *command_line, int existed)
{
    long had = 0;
    int foreign;
    if (clear_left(out, &foreign)) return -1;
    int what = old_merge(m, out, &had, foreign);
    if (what == 2) return merge_read_back(m, out) ? -1 : 1;
    if (what <= 0) return what < 0 ? -1 : write_new(m, out, command_line, existed);
    char *aside = path_join(out, ASIDE);
    int rc = -1, moved = 0;
    if (remove_tree(aside) || mkdir_p(aside)) {
        fprintf(stderr, "clx merge: cannot make %s: %s\n", aside, strerror(errno));
        free(aside);
        return -1;
    }
    char *report = NULL;
    if ((moved = move_entries(out, aside) == 0)) {
        report = report_made(aside);
        rc = merge_write(m, out, command_line);
    }
    if (rc == 0) {
        printf("clx merge: %s held a partial merge of this sweep (%ld of %ld configurations): replaced\n", out, had,
               m->configs);
        if (keep_foreign(aside, out)) fprintf(stderr, "clx merge: the partial merge replaced is in %s, with them\n", aside);
        else if (remove_tree(aside)) warn("cannot remove %s (the partial merge replaced): %s", aside, strerror(errno));
        else if (report) {
            char *q = shell_word(out);
            printf("clx merge: the report in %s (%s) described the partial merge and is removed; %s report %s makes one "
                   "of the whole\n", out, report, clx_cmd(), q);
            free(q);
        }
    } else {
        /* Nothing half-written stays: what the new merge wrote goes, the partial merge comes back. */
        if (moved) remove_written(out);
        if (move_entries(aside, out) == 0) {
            rmdir(aside);
            if (moved) fprintf(stderr, "clx merge: %s holds its partial merge again, as it was\n", out);
        } else fprintf(stderr, "clx merge: the partial merge is in %s\n", aside);
    }
    free(report);
    free(aside);
    return rc;
}
