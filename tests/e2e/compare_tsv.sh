# compare_tsv.sh — compare.tsv and history.tsv as a script reads them (model runs, no device): every
# column in the header is in docs/compare.md's table of that file and every column of the table is
# in the header; a verdict cell is the word alone (its qualifier in verdict_note_*), a floor and a
# p a plain decimal (a tiny p too; one replicate a side: the floor empty, p 1.00, no cell inf or nan), rounds_cut empty where a side has no row; history.tsv names each numbered run's folder on
# every row. A configuration A measured and B skipped is a row of its own, not "only in A", and
# fails --fail-on fail; an UNSURE configuration whose floor one round far out makes is said by name.
# The runs are one model run and copies of it with set times, so every verdict is the same anywhere.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/compare_tsv
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"
doc=docs/compare.md

# doc_cols SECTION: every column name in backquotes in the first cell of the table under the heading
# "### SECTION", a line each; with "only" (doc_cols SECTION only), those whose meaning does not begin
# "only" (written whatever the runs).
doc_cols() {
    awk -v sec="$1" -v always="${2:-}" '/^##/ { on = ($0 == "### " sec) } on && /^\| `/ {
        split($0, f, "|"); m = f[4]; gsub(/^ +/, "", m); if (always && m ~ /^only/) next
        n = split(f[2], names, ","); for (i = 1; i <= n; i++) { x = names[i]; if (x !~ /`/) continue; gsub(/[ `]/, "", x); print x } }' "$doc"
}
# head_cols TSV RUN_JSON... KIND: the header's columns less the identifying ones (named in a run's
# run.json), each side's letter (compare) or run's number (history) as the table writes it: _X, _N,
# _N_M.
head_cols() {
    f=$1 kind=$2; shift 2
    ids=$(cat "$@" | grep -oE '"[A-Za-z_][A-Za-z0-9_]*"' | tr -d '"' | sort -u)
    head -n 1 "$f" | tr '\t' '\n' | while read -r c; do
        printf '%s\n' "$ids" | grep -qx "$c" && continue
        if [ "$kind" = compare ]; then printf '%s\n' "$c" | sed -E 's/_[A-Z]$/_X/'
        else printf '%s\n' "$c" | sed -E 's/_[0-9]+_[0-9]+$/_N_M/; s/_[0-9]+$/_N/'; fi
    done | sort -u
}
# check_documented NAME TSV KIND RUN_JSON...: the header and the docs' table agree, both ways.
check_documented() {
    name=$1 f=$2 kind=$3; shift 3
    have=$(head_cols "$f" "$kind" "$@")
    undocumented=$(printf '%s\n' "$have" | while read -r c; do doc_cols "$f_sec" | grep -qx "$c" || echo "$c"; done)
    check "${name}_columns_documented" test -z "$undocumented"
    [ -z "$undocumented" ] || echo "  undocumented: $undocumented" >&2
    unwritten=$(doc_cols "$f_sec" only | while read -r c; do
        case $c in variant|build) continue ;; esac
        printf '%s\n' "$have" | grep -qx "$c" || echo "$c"; done)
    check "${name}_documented_written" test -z "$unwritten"
    [ -z "$unwritten" ] || echo "  in the docs, not written: $unwritten" >&2
    check "${name}_header_line_1" test "$(grep -c '^#' "$f")" -eq 0 -a "$(head -n 1 "$f" | cut -f1)" = variant
}

# A: 32 configurations, five rounds a row 0.1% apart. B, a day later: fast's default build 10%
# slower at TERMS=1 (4 SLOWER), one row's rounds cut short by a stop (flag rounds-cut), two TERMS=2
# rows skipped (as a host short of memory skips them), and one row whose third round took 29x the
# others (one round far out: its floor is that round's). C, the day after: A's TERMS=1 rows alone.
A=$T/A B=$T/B C=$T/C
make_run "$A" fixture 1 "1000 2000" "" rounds
copy_run "$A" "$B" 24
scale "$B" '$c["variant"] == "fast" && $c["build"] == "default" && $c["TERMS"] == 1' 1.10
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    $c["variant"] == "naive" && $c["build"] == "default" && $c["N"] == 1000 && $c["TERMS"] == 2 {
        $c["status"] = "skipped"; $c["median_ms"] = $c["mean_ms"] = $c["stddev_ms"] = $c["cv"] = $c["gflops"] = $c["gbs"] = ""
        $c["round_ms"] = ""; $c["note"] = "the configuration needs 30.7 MiB of the host'"'"'s memory, more than the 4.8 MiB available" }
    $c["variant"] == "naive" && $c["build"] == "default" && $c["N"] == 2000 && $c["TERMS"] == 1 && $c["local"] == 128 {
        n = split($c["round_ms"], r, ";"); r[3] *= 29; x = ""; for (k = 1; k <= n; k++) x = x (k > 1 ? ";" : "") r[k]; $c["round_ms"] = x }
    $c["variant"] == "naive" && $c["build"] == "-cl-opt-disable" && $c["N"] == 1000 && $c["TERMS"] == 1 && $c["local"] == 64 {
        $c["flag"] = "rounds-cut" }   # status ok: as a clx before the status cut wrote it
    { print }' "$B/results.tsv" > "$B/r.tmp" && mv "$B/r.tmp" "$B/results.tsv"
sed -i 's/"ok": 32/"ok": 30/; s/"skipped": 0/"skipped": 2/' "$B/run.json"
copy_run "$A" "$C" 25
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "TERMS") t = i; print; next } $t == 1' "$A/results.tsv" > "$C/results.tsv"
sed -i 's/"ok": 32/"ok": 16/' "$C/run.json"
check tsv_premise test "$(tsv_count "$B/results.tsv" status skipped)" -eq 2 -a "$(tsv_rows "$C/results.tsv")" -eq 16

# compare A B: the skipped rows are B's rows, said as skipped, and fail --fail-on fail.
"$CLX" compare "$A" "$B" --fail-on fail --out "$T/c" > "$T/c.log" 2>&1; rc=$?
t=$T/c/compare.tsv
check tsv_skip_fail_on_exit test "$rc" -eq 1
check tsv_skip_fail_on_said grep -q "^clx: compare: 2 configurations A measured were skipped on B, which lost them (the first, naive default N=1000 TERMS=2 local=64: the configuration needs 30.7 MiB of the host's memory, more than the 4.8 MiB available) (--fail-on fail)\$" "$T/c.log"
check tsv_skip_console grep -q '^clx: compare fixture: 30 configurations in common, 2 were measured on some side and skipped on another (B: 2 skipped; listed in compare.md)$' "$T/c.log"
check tsv_skip_listed grep -q '^  skipped: naive default N=1000 TERMS=2 local=64: A ok, B skipped$' "$T/c.log"
check tsv_skip_not_only_in test -z "$(grep -e 'only in A:' -e 'measured on some sides only (' -e '^## Measured on some sides only' \
    "$T/c.log" "$T/c/compare.md")"
check tsv_skip_md_section grep -q '^## Skipped on some side$' "$T/c/compare.md"
check tsv_skip_rows test "$(tsv_rows "$t")" -eq 32 -a "$(tsv_count "$t" status_B skipped)" -eq 2 -a "$(tsv_count "$t" status_A ok)" -eq 32
f_sec=compare.tsv; check_documented compare_tsv "$t" compare "$A/run.json"
# The verdict is the word alone; what qualifies it in verdict_note_B.
check tsv_verdict_words test -z "$(tsv_col "$t" verdict_B | grep -vxE '|SAME|FASTER|SLOWER|UNSURE')" -a \
    "$(tsv_count "$t" verdict_B SLOWER)" -eq 4
check tsv_verdict_note test "$(tsv_count "$t" verdict_note_B rounds-cut)" -eq 1 -a \
    -z "$(tsv_col "$t" verdict_note_B | grep -vxE '|clock|rounds-cut|clock,rounds-cut')"
check tsv_md_note_kept test "$(grep -c '(rounds-cut) |' "$T/c/compare.md")" -eq 1
# Floors as plain decimals, the round far out's too (over 1000: 1.2e+04 before).
check tsv_floor_plain test -z "$(tsv_col "$t" floor_B | grep -vxE '|[0-9]+(\.[0-9]+)?')" -a \
    -n "$(tsv_col "$t" floor_B | awk '$1 >= 1000')"
# The round far out: the row named, with its round, its others' median and both floors; a floor above
# 100% said as the factor it spans, as the median's is ("a floor of 3473660600%" before), and one past
# FLOOR_SAID_MOST as past telling ("a factor of 34736607" from rounds 29x apart before).
check tsv_far_round_said grep -q "^B vs A: .*; 1 configuration is UNSURE by one round far out (.*): naive default N=2000 TERMS=1 local=128: B's round of 0.116 ms against 0.004 ms, its other rounds' median (29.0x), puts its floor \(at a factor of [0-9]*\|beyond a factor of 10000\) ([0-9.]*% without it)" "$T/c.log"
check tsv_far_floor_no_pct sh -c "! grep -qE 'far out.*(floor of|floor at) [0-9]{4,}%' '$T/c.log'"

# p as a plain decimal too: ten rounds a row on each side, every one of Q's 10% slower than all of
# P's, give the rank test's least p, 2 / C(20, 10) = 0.0000108 (%.3g wrote 1.08e-05).
P=$T/P Q=$T/Q
copy_run "$A" "$P" 26
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    { x = ""; for (k = 0; k < 10; k++) x = x (k ? ";" : "") sprintf("%.8g", $c["median_ms"] * (0.995 + 0.001 * k))
      $c["round_ms"] = x; print }' "$A/results.tsv" > "$P/results.tsv"
copy_run "$P" "$Q" 27
scale "$Q" 1 1.10
"$CLX" compare "$P" "$Q" --out "$T/pq" > "$T/pq.log" 2>&1
check tsv_p_plain test -z "$(tsv_col "$T/pq/compare.tsv" p_B | grep -vxE '[0-9]+(\.[0-9]+)?')" -a \
    "$(tsv_count "$T/pq/compare.tsv" p_B 0.0000108)" -eq 32

# One replicate a side (runs of --trials 1 --rounds 1): no noise floor, so floor_B is empty, as the
# docs' table says, never "inf"; p_B is the rank test's of one value against one, 1; no numeric cell
# of any column reads inf or nan, which pandas and awk would take for a number.
O1=$T/O1 O2=$T/O2
make_run "$O1" fixture 1 "1000 2000"
copy_run "$O1" "$O2" 28
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    $c["variant"] == "fast" { $c["median_ms"] *= 1.10; $c["gflops"] /= 1.10; $c["gbs"] /= 1.10 } { print }' \
    "$O1/results.tsv" > "$O2/results.tsv"     # scale's rounds: these rows have none
"$CLX" compare "$O1" "$O2" --out "$T/oo" > "$T/oo.log" 2>&1
check tsv_one_replicate_floor_empty test "$(tsv_count "$T/oo/compare.tsv" floor_B '')" -eq 32
check tsv_one_replicate_p_one test "$(tsv_count "$T/oo/compare.tsv" p_B 1.00)" -eq 32
check tsv_one_replicate_no_inf_nan test -z "$(tail -n +2 "$T/oo/compare.tsv" | tr '\t' '\n' | grep -ixE '[+-]?(inf(inity)?|nan)')"

# Three sides: C has no row of the skipped configurations (TERMS=2): its status and rounds_cut empty.
"$CLX" compare "$A" "$B" "$C" --out "$T/c3" > "$T/c3.log" 2>&1; rc=$?
t=$T/c3/compare.tsv
check tsv_three_exit test "$rc" -eq 0
check tsv_no_row_empty test "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["status_B"] == "skipped" && $c["status_C"] == "" && $c["rounds_cut_C"] == "" && $c["rounds_cut_A"] == "no" { n++ }
    END { print n + 0 }' "$t")" -eq 2
check tsv_no_row_no_no test -z "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["status_C"] == "" && $c["rounds_cut_C"] != "" { print }' "$t")"
f_sec=compare.tsv; check_documented compare3_tsv "$t" compare "$A/run.json"

# history, the runs given latest first: numbered by date, and history.tsv says which folder each is.
"$CLX" history "$C" "$B" "$A" --out "$T/h" > "$T/h.log" 2>&1; rc=$?
h=$T/h/history.tsv
check tsv_history_exit test "$rc" -eq 0
f_sec=history.tsv; check_documented history_tsv "$h" history "$A/run.json"
check tsv_history_folders test "$(tsv_col "$h" folder_1 | sort -u)" = "$(cd "$A" && pwd -P)" -a \
    "$(tsv_col "$h" folder_3 | sort -u)" = "$(cd "$C" && pwd -P)"
check tsv_history_verdict_words test -z "$(tsv_col "$h" verdict_1_2 | grep -vxE '|SAME|FASTER|SLOWER|UNSURE')" -a \
    "$(tsv_count "$h" verdict_note_1_2 rounds-cut)" -eq 1
check tsv_history_skipped grep -q '; 2 were measured in some run and skipped in another (run 2: 2 skipped), not among them' "$T/h.log"
check tsv_history_no_row_empty test "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["status_2"] == "skipped" && $c["status_3"] == "" && $c["rounds_cut_3"] == "" && $c["rounds_cut_1"] == "no" { n++ }
    END { print n + 0 }' "$h")" -eq 2
finish
