#!/bin/sh
# pivot.sh — a two-way table of one column of a results.tsv (rows x columns), the way the seeds
# plot their heat maps; --dev gives each cell's deviation from its row's average instead
# ((cell - row mean) / row mean), the taylor seed's second quantity. A cell of a row that is not
# ok (status cut: a ^C kept it with fewer rounds; FAIL, ...) says its status beside its value
# ("4 (cut)"), and stderr counts them: such a value read as a finished row's.
# usage: tools/pivot.sh RESULTS.tsv ROWCOL COLCOL VALUE [--dev] [--where COL=VALUE]...
#   tools/pivot.sh results/latest/results.tsv N local rel_time --where variant=vec --where TERMS=4
set -e
usage() {
    echo "usage: $0 RESULTS.tsv ROWCOL COLCOL VALUE [--dev] [--where COL=VALUE]..." >&2
    echo "  e.g. $0 results/latest/results.tsv N local rel_time --where variant=vec" >&2
    exit 2
}
# Too few arguments (or -h) gets the usage rather than a shell error from shift.
case ${1:--h} in -h|--help) usage ;; esac
[ $# -ge 4 ] || usage
tsv=$1 rows=$2 cols=$3 val=$4; shift 4
dev=0 where=""
while [ $# -gt 0 ]; do
    case $1 in
        --dev) dev=1; shift ;;
        --where) [ $# -ge 2 ] || usage; where="$where $2"; shift 2 ;;
        *) echo "pivot.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
awk -F'\t' -v R="$rows" -v C="$cols" -v V="$val" -v dev=$dev -v where="$where" "$(cat "$(dirname "$0")/where.awk")"'
/^#/ { next }
!hdr { for (i = 1; i <= NF; i++) col[$i] = i; hdr = 1; m = split(where, cond, " ")
       # Each column named, those of --where too: one the file lacks (a typo) matched no row, an empty
       # table with exit 0; and "no such column" did not say which.
       split(R " " C " " V, need, " ")
       for (k = 1; k <= 3; k++) if (!(need[k] in col)) { print "pivot.sh: no column " need[k] > "/dev/stderr"; bad = 1; exit 2 }
       if (where_refused("pivot.sh")) { bad = 1; exit 2 }
       scol = ("status" in col) ? col["status"] : 0
       next }
{ if (!where_matches()) next
  if ($(col[V]) == "") next
  r = $(col[R]); c = $(col[C])
  if (!((r, c) in cell)) ncell++
  if (!(r in seenr)) { seenr[r] = 1; rl[++nr] = r }
  if (!(c in seenc)) { seenc[c] = 1; cl[++nc] = c }
  cell[r, c] = $(col[V]); sum[r] += $(col[V]); cnt[r]++
  if (scol && $scol != "ok") st[r, c] = $scol; else delete st[r, c] }
END {
  if (bad) exit 2
  line = "| " R " \\ " C " |"; sep = "|---|"
  for (j = 1; j <= nc; j++) { line = line " " cl[j] " |"; sep = sep "---|" }
  print line; print sep
  for (i = 1; i <= nr; i++) {
    r = rl[i]; line = "| " r " |"; mean = cnt[r] ? sum[r] / cnt[r] : 0
    for (j = 1; j <= nc; j++) {
      if (!((r, cl[j]) in cell)) { line = line " - |"; continue }
      x = cell[r, cl[j]]
      if (dev) line = line sprintf(" %+.3f |", mean ? (x - mean) / mean : 0)
      else line = line sprintf(x >= 10000 || x <= -10000 ? " %.0f |" : " %.4g |", x)
      if ((r, cl[j]) in st) {
        k = st[r, cl[j]]; sub(/ \|$/, " (" k ") |", line)
        if (!(k in count)) kinds[++nk] = k
        count[k]++; notok++
      }
    }
    print line
  }
  if (notok) {
    said = ""; for (k = 1; k <= nk; k++) said = said (k > 1 ? ", " : "") kinds[k] " " count[kinds[k]]
    print "pivot.sh: " notok " of the " ncell " cells shown are of rows not ok (" said "): not the values of a row measured " \
          "whole and verified; each such cell says its status (docs/results.md, \"status\"; a cut row: clx run " \
          "--resume measures it again)" > "/dev/stderr"
  }
}' "$tsv"
