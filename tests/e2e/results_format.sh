# results_format.sh — results.tsv and kernels.tsv read as they are by any tool: the header is line
# 1, every column is documented in docs/results.md, every numeric column (unit other than "text"
# there) parses as a number or is empty, and 2-D launches have numeric per-dimension columns;
# every key of run.json is in docs/results.md's table, its times in ISO 8601's extended form.
. tests/e2e/lib.sh
doc=docs/results.md
# doc_cols SECTION: "name unit" for every column of the table under that heading.
doc_cols() {
    awk -v sec="$1" '/^## / { on = ($0 == "## " sec) } on && /^\| `/ {
        split($0, f, "|"); unit = f[3]; gsub(/^ +| +$/, "", unit)
        n = split(f[2], names, ","); for (i = 1; i <= n; i++) { x = names[i]; gsub(/[ `]/, "", x); print x, unit } }' "$doc"
}
# check_format NAME FILE SECTION FIRST: header first (its first column FIRST), every column
# documented (or a parameter, axis or derived value named in run.json), numeric columns numeric.
check_format() {
    name=$1 f=$2 sec=$3
    check "${name}_header_line_1" test "$(head -n 1 "$f" | cut -f1)" = "$4"
    check "${name}_no_comment_lines" test "$(grep -c '^#' "$f")" -eq 0
    ids=$(grep -oE '"[A-Za-z_][A-Za-z0-9_]*"' "$(dirname "$f")/run.json" | tr -d '"' | sort -u)
    undocumented=$(head -n 1 "$f" | tr '\t' '\n' | while read -r c; do
        doc_cols "$sec" | awk -v c="$c" '$1 == c { found = 1 } END { exit !found }' && continue
        printf '%s\n' "$ids" | grep -qx "$c" && continue
        echo "$c"; done)
    check "${name}_columns_documented" test -z "$undocumented"
    [ -z "$undocumented" ] || echo "  undocumented: $undocumented" >&2
    numeric=$(doc_cols "$sec" | awk '$2 != "text" { print $1 }' | tr '\n' ' ')
    bad=$(awk -F'\t' -v num="$numeric" 'NR == 1 { split(num, n, " "); for (k in n) want[n[k]] = 1
                                                   for (i = 1; i <= NF; i++) if ($i in want) c[i] = $i; next }
        { for (i in c) if ($i != "" && $i !~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/) { print c[i] "=" $i; exit } }' "$f")
    check "${name}_numeric_columns_parse" test -z "$bad"
    [ -z "$bad" ] || echo "  not a number: $bad" >&2
}

run_clx "$TMP/fmt_vecsum" run vecsum --quick --set variant=naive,float4
check_format vecsum "$rundir/results.tsv" results.tsv experiment
check_format vecsum_kernels "$rundir/kernels.tsv" kernels.tsv variant
check_runjson_documented vecsum_run_json_documented "$rundir"
# Every time clx writes is ISO 8601's extended form (+00:00), which Python before 3.11 reads too.
check vecsum_run_json_times_extended sh -c "grep -E '\"(started|finished)\":' '$rundir/run.json' | grep -c . | grep -qx 2 &&
    test -z \"\$(grep -E '\"(started|finished)\":' '$rundir/run.json' | grep -vE '\"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[+-][0-9]{2}:[0-9]{2}\",?\$')\""
# No clock per trial on a device that is no NVIDIA GPU, said as clx's limit, not as if this device's
# clock were read through NVIDIA's inline PTX.
if grep -q '"vendor":.*NVIDIA' "$rundir/run.json"; then skip vecsum_trial_clock_why "an NVIDIA device reads its clock"
else check vecsum_trial_clock_why grep -q '"trial_clock_why":	"no clock per trial on this device: clx reads one only on an NVIDIA GPU (the SM clock, through inline PTX: %clock64, %globaltimer) and knows no way to on this one"' "$rundir/run.json"; fi
# A rate the spec does not define, or a peak unknown on PoCL, is an empty cell, never -1 or nan.
check vecsum_no_nan test "$(grep -ciE '	(nan|-?inf|-1)(	|$)' "$rundir/results.tsv" "$rundir/kernels.tsv" | awk -F: '{ s += $2 } END { print s }')" -eq 0

# Two-dimensional launches: global0/global1 and local0/local1 are the parts of "AxB".
run_clx "$TMP/fmt_expint" run expint --quick --set variant=float
t=$rundir/results.tsv
check_format expint "$t" results.tsv experiment
check_runjson_documented expint_run_json_documented "$rundir"
check expint_dims_match test "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { split($c["global"], g, "x"); split($c["local"], l, "x")
      if (g[1] != $c["global0"] || g[2] != $c["global1"] || l[1] != $c["local0"] || l[2] != $c["local1"]) bad++; n++ }
    END { print n + 0, bad + 0 }' "$t")" = "4 0"
# One-dimensional launches have no per-dimension columns.
check vecsum_no_dim_columns test "$(head -n 1 "$TMP/fmt_vecsum/latest/results.tsv" | tr '\t' '\n' | grep -c '^local0$')" -eq 0
finish
