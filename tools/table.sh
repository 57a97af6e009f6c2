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
awk -F'\t' -v want="$*" -v where="$where" '
/^#/ { next }
!hdr { for (i = 1; i <= NF; i++) col[$i] = i; hdr = 1
       n = split(want, w, " "); m = split(where, cond, " ")
       for (k = 1; k <= n; k++) if (!(w[k] in col)) { print "table.sh: no column " w[k] > "/dev/stderr"; exit 2 }
       line = "|"; sep = "|"
       for (k = 1; k <= n; k++) { line = line " " w[k] " |"; sep = sep "---|" }
       print line; print sep; next }
{ for (c = 1; c <= m; c++) { split(cond[c], kv, "="); if ($(col[kv[1]]) != kv[2]) next }
  line = "|"; for (k = 1; k <= n; k++) line = line " " $(col[w[k]]) " |"; print line }
' "$tsv"
