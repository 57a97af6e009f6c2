# lib.sh — helpers for end-to-end tests (sourced, not run): run clx, read results.tsv by column
# name, print one "PASS name" / "FAIL name" line per case and exit non-zero when a case failed.
CLX=${CLX:-./clx}
TMP=${TMP:-tests/tmp}
failures=0

# pass NAME / fail NAME [why]
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1"; shift; [ $# -gt 0 ] && echo "  $*" >&2; failures=$((failures + 1)); }
# check NAME COMMAND...: PASS when the command succeeds.
check() { n=$1; shift; if "$@" >/dev/null 2>&1; then pass "$n"; else fail "$n" "failed: $*"; fi; }
finish() { [ "$failures" -eq 0 ]; exit $?; }

# run_clx OUTDIR ARGS...: runs clx with results under OUTDIR; stdout+stderr in OUTDIR.log, the
# exit status in $rc, the run's folder in $rundir.
run_clx() {
    out=$1; shift
    rm -rf "$out"; mkdir -p "$out"
    "$CLX" "$@" --out "$out" --quiet > "$out.log" 2>&1
    rc=$?
    rundir=$(ls -d "$out"/*-*-* 2>/dev/null | head -n 1)
}

# tsv_col FILE COLUMN: the values of a column (by header name), one per line, comments skipped.
tsv_col() {
    awk -F'\t' -v col="$2" '/^#/ { next } !h { for (i = 1; i <= NF; i++) if ($i == col) c = i; h = 1; next }
                            c { print $c }' "$1"
}
# tsv_rows FILE: the number of data rows.
tsv_rows() { awk '/^#/ { next } { n++ } END { print n - 1 }' "$1"; }
# tsv_count FILE COLUMN VALUE: rows whose COLUMN equals VALUE.
tsv_count() { tsv_col "$1" "$2" | awk -v v="$3" '$0 == v { n++ } END { print n + 0 }'; }
