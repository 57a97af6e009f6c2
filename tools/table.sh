#!/bin/sh
# table.sh — prints columns of a results.tsv as a Markdown table, for docs/.
# usage: tools/table.sh RESULTS.tsv [--where COL=VALUE]... COLUMN...
#   tools/table.sh results/latest/results.tsv --where build=default variant N median_ms stddev_ms gbs pct_bw_peak regs
set -e
usage() {
    echo "usage: $0 RESULTS.tsv [--where COL=VALUE]... COLUMN..." >&2
    echo "  e.g. $0 results/latest/results.tsv --where build=default variant N median_ms gbs" >&2
    exit 2
}
# No arguments is a question, not a table of nothing: the usage, not a shell error from shift.
case ${1:--h} in -h|--help) usage ;; esac
tsv=$1; shift
where=""
while [ "${1:-}" = "--where" ]; do
    [ $# -ge 2 ] || usage
    where="$where $2"; shift 2
done
[ $# -gt 0 ] || usage
# A row that is not ok (status cut: a ^C kept it with fewer rounds; FAIL, unverified, ...)
# reads as finished in a table of its times: where the file has a status column and it was not
# asked for, it is added for such rows' sake, and stderr names how many there are of each status.
awk -F'\t' -v want="$*" -v where="$where" "$(cat "$(dirname "$0")/where.awk")"'
/^#/ { next }
!hdr { for (i = 1; i <= NF; i++) col[$i] = i; hdr = 1
       n = split(want, w, " "); m = split(where, cond, " ")
       for (k = 1; k <= n; k++) if (!(w[k] in col)) { print "table.sh: no column " w[k] > "/dev/stderr"; bad = 1; exit 2 }
       # A --where on a column the file lacks (a typo: buidl=default) matched no row, and the table
       # came out empty with exit 0, read as "no such rows"; refused as a column asked for is.
       if (where_refused("table.sh")) { bad = 1; exit 2 }
       for (k = 1; k <= n; k++) if (w[k] == "status") asked = 1
       scol = ("status" in col) ? col["status"] : 0
       next }
{ if (!where_matches()) next
  line = "|"; for (k = 1; k <= n; k++) line = line " " $(col[w[k]]) " |"
  rows[++nr] = line; st[nr] = scol ? $scol : ""
  if (scol && $scol != "ok") { if (!($scol in count)) kinds[++nk] = $scol; count[$scol]++; notok++ } }
END {
  if (bad) exit 2
  add = notok && !asked
  line = "|"; sep = "|"
  for (k = 1; k <= n; k++) { line = line " " w[k] " |"; sep = sep "---|" }
  if (add) { line = line " status |"; sep = sep "---|" }
  print line; print sep
  for (i = 1; i <= nr; i++) print rows[i] (add ? " " st[i] " |" : "")
  if (notok) {
    said = ""; for (j = 1; j <= nk; j++) said = said (j > 1 ? ", " : "") kinds[j] " " count[kinds[j]]
    print "table.sh: " notok " of the " nr " rows shown are not ok (" said "): not the times of a row measured whole and verified; " \
          (add ? "the status column, added, says which" : "their status column says which") \
          " (docs/results.md, \"status\"; a cut row: clx run --resume measures it again)" > "/dev/stderr"
  }
}' "$tsv"
