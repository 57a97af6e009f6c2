#!/bin/sh
# rowdiff.sh — how far two runs of the same sweep agree, row by row: the per-row difference of
# median_ms (the larger over the smaller, minus 1: the same whichever run comes first; rows ok (or cut) in
# both, matched on every column before `status`), by row time:
# under 5 us, 5-50 us, 50 us and more; median, 95th percentile, largest, share over 1%, rows over
# 5% and how many of those neither run flagged. The table of docs/timing.md, "Rounds".
# Usage: tools/rowdiff.sh RUN_A RUN_B   (folders holding results.tsv or
#   results.tsv.xz, results.tsv files, or .tsv.gz / .tsv.xz)
# Exit status: 0 the table, 1 no row ok in both runs (said on stderr; another sweep, or a key column
# apart), 2 usage or a file that cannot be read.
set -e
[ $# -eq 2 ] || { echo "usage: tools/rowdiff.sh RUN_A RUN_B" >&2; exit 2; }
a=$1; b=$2
# A recorded run in docs/results keeps results.tsv.xz; extracts there are .tsv.gz.
for side in a b; do
    eval "f=\$$side"
    [ -d "$f" ] && { if [ -f "$f/results.tsv" ] || [ ! -f "$f/results.tsv.xz" ]; then f=$f/results.tsv; else f=$f/results.tsv.xz; fi; }
    eval "$side=\$f"
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
case $a in *.gz) zcat "$a" > "$tmp/a.tsv"; a=$tmp/a.tsv ;; *.xz) xz -dc "$a" > "$tmp/a.tsv"; a=$tmp/a.tsv ;; esac
case $b in *.gz) zcat "$b" > "$tmp/b.tsv"; b=$tmp/b.tsv ;; *.xz) xz -dc "$b" > "$tmp/b.tsv"; b=$tmp/b.tsv ;; esac
# The key: every column before status (experiment, variant, parameters, build, launch axes,
# derived values, global, local); the time, its flag, in ms.
awk -F'\t' '
    FNR == 1 { for (i = 1; i <= NF; i++) { c[$i] = i; if ($i == "status") ks = i }; next }
    /^#/ { next }
    { k = ""; for (i = 1; i < ks; i++) k = k $i "\t" }
    # ok, or cut (ok on fewer rounds than asked: its flag rounds-cut counts it as flagged)
    FILENAME == A { if ($c["status"] == "ok" || $c["status"] == "cut") { ta[k] = $c["median_ms"]; fa[k] = $c["flag"] }; next }
    ($c["status"] == "ok" || $c["status"] == "cut") && (k in ta) {
        x = ta[k] / $c["median_ms"]; d = x > 1 ? x - 1 : 1 / x - 1     # the larger over the smaller, - 1
        t = (ta[k] < $c["median_ms"] ? ta[k] : $c["median_ms"]) * 1000
        bin = t < 5 ? 1 : t < 50 ? 2 : 3
        n[bin]++; v[bin, n[bin]] = d
        if (d > 0.01) over1[bin]++
        if (d > 0.05) { over5[bin]++; if (fa[k] == "" && $c["flag"] == "") unflagged[bin]++ }
    }
    END {
        # No row in common printed the header alone, exit 0, which read as two runs that agree.
        if (!n[1] && !n[2] && !n[3]) {
            print "rowdiff.sh: no row ok in both " NA " and " NB " (matched on every column before status): nothing to compare" > "/dev/stderr"
            exit 1
        }
        split("under 5 us|5-50 us|50 us and more", name, "|")
        printf "%-15s %6s %8s %8s %8s %8s %7s %s\n", "rows", "n", "median", "p95", "max", ">1%", ">5%", "(unflagged)"
        for (bin = 1; bin <= 3; bin++) {
            m = n[bin]; if (!m) continue
            for (i = 1; i <= m; i++) s[i] = v[bin, i]
            # insertion sort is fine for a few thousand rows
            for (i = 2; i <= m; i++) { y = s[i]; j = i - 1; while (j > 0 && s[j] > y) { s[j + 1] = s[j]; j-- } s[j + 1] = y }
            r = int(0.95 * m); if (r < 0.95 * m) r++        # the 95th percentile by nearest rank
            printf "%-15s %6d %7.2f%% %7.2f%% %7.1f%% %7.1f%% %7d (%d)\n", name[bin], m, 100 * s[int((m + 1) / 2)],
                   100 * s[r], 100 * s[m], 100 * over1[bin] / m, over5[bin], unflagged[bin]
        }
    }' A="$a" NA="$1" NB="$2" "$a" "$b"
