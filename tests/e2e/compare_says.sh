# compare_says.sh — what clx compare says beside its verdicts, on a model run (no device): builds
# that did different work a launch (a -cl-opt-disable build given 64x less, as volkov_fma's is) said
# under the side's table in the run summary's words, with work_ratio_B in compare.tsv and time_ratio_B
# of the same rounds as speedup_B (time_ratio = work_ratio / speedup in every row; a row whose A row
# had five rounds more than B's not paired, its ratio the rows' medians'); compare.tsv's leading columns the same whatever is
# compared along; rows flagged cache-resident, launch-bound or shared said once, counted; a run given by a
# link (latest) named by its real folder, the link beside it; --quiet printing the verdict counts and
# the files alone. Every verdict here is the model's, the same on any machine.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/compare_says
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# W: the fixture's 32 rows (2 variants x 2 builds x N 1000, 2000 x TERMS 1, 2 x local 64, 128), five
# rounds a row 0.1% apart; the -cl-opt-disable rows did 64x less work (their rates 64x lower at the
# same times). TERMS=1 rows flagged cache-resident, one -cl-opt-disable row launch-bound. naive N=1000
# TERMS=1 local=64: its default row had ten rounds, the last five twice as long (its median 1.5x
# the first five's), its -cl-opt-disable row five, the first five interleaved (round_at_s): not
# paired, since the default row's time stands on ten.
W=$T/W
make_run "$W" fixture 1 "1000 2000" "" rounds
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print $0, "round_at_s"; next }
    { at = ""
      if ($c["build"] == "-cl-opt-disable") { $c["gflops"] /= 64; $c["gbs"] /= 64 }
      if ($c["TERMS"] == 1) $c["flag"] = "cache-resident"
      if ($c["build"] == "-cl-opt-disable" && $c["variant"] == "naive" && $c["N"] == 1000 && $c["TERMS"] == 2 && $c["local"] == 128)
          $c["flag"] = "launch-bound"
      if ($c["variant"] == "naive" && $c["N"] == 1000 && $c["TERMS"] == 1 && $c["local"] == 64) {
          t = $c["median_ms"]
          if ($c["build"] == "default") {
              $c["round_ms"] = t ";" t ";" t ";" t ";" t ";" 2 * t ";" 2 * t ";" 2 * t ";" 2 * t ";" 2 * t
              $c["median_ms"] = 1.5 * t; $c["gflops"] /= 1.5; $c["gbs"] /= 1.5
              at = "0;10;20;30;40;50;60;70;80;90"
          } else {
              $c["round_ms"] = t ";" t ";" t ";" t ";" t
              at = "1;11;21;31;41"
          }
      }
      print $0, at }' "$W/results.tsv" > "$W/r.tmp" && mv "$W/r.tmp" "$W/results.tsv"
ln -s W "$T/latest"

"$CLX" compare "$T/latest" --by build --out "$T/b" > "$T/b.log" 2>&1; rc=$?
t=$T/b/compare.tsv
check says_exit test "$rc" -eq 0 -a "$(tsv_rows "$t")" -eq 16 -a "$(tsv_count "$t" verdict_B SLOWER)" -eq 16

# Other work, said under B's table (console and compare.md), and per configuration in work_ratio_B.
note="the builds do different work: -cl-opt-disable's rows did 64x less work a launch than default's in 16 of 16 configurations (GFLOP: the spec's flops at each build's values). Their median times, and compare.tsv's time_ratio_B, are no comparison of them; their GFLOP/s are, and so are the speed-ups and the verdicts, per unit of work (compare.tsv's work_ratio_B: each configuration's work a launch against A's)."
check says_work_console grep -qxF "Note: $note" "$T/b.log"
check says_work_md grep -qxF "**Note:** $note" "$T/b/compare.md"
check says_work_ratio test "$(tsv_col "$t" work_ratio_B | awk '$1 > 0.015624 && $1 < 0.015626 { n++ } END { print n + 0 }')" -eq 16
# One row's columns agree: time_ratio = work_ratio / speedup in every row. The row whose default
# side took five rounds more is not paired: its ratio is of all the rounds each row's time stands on,
# its medians' 6.67x (paired on the five both took, 10x, where the rows' times said 6.67x).
check says_ratios_consistent test "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { x = $c["time_ratio_B"] * $c["speedup_B"] / $c["work_ratio_B"]; if (x < 0.9999 || x > 1.0001) n++ }
    END { print n + 0 }' "$t")" -eq 0
check says_episode_unpaired test "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["variant"] == "naive" && $c["N"] == 1000 && $c["TERMS"] == 1 && $c["local"] == 64 {
        x = $c["time_ratio_B"] / ($c["median_ms_B"] / $c["median_ms_A"]); print $c["paired_B"], (x > 0.9999 && x < 1.0001) }' "$t")" = "no 1"

# The leading columns, whatever is compared along: variant, params, build, the launch axes.
lead=$(printf 'variant\tparams\tbuild\tN\tTERMS\tlocal')
# --by build's verdict table says the builds it compares, as --by PARAM says the values ("(each)").
check says_by_build_table grep -Eq '^  naive +-cl-opt-disable vs default +[0-9]+ ' "$T/b.log"
check says_lead_by_build test "$(head -n 1 "$t" | cut -f1-6)" = "$lead" -a "$(tsv_count "$t" build '(each)')" -eq 16 \
    -a "$(tsv_count "$t" params naive)" -eq 8
"$CLX" compare "$W" --by K --out "$T/k" > "$T/k.log" 2>&1; rc=$?
check says_lead_by_param test "$rc" -eq 0 -a "$(head -n 1 "$T/k/compare.tsv" | cut -f1-6)" = "$lead" -a \
    "$(tsv_count "$T/k/compare.tsv" variant 'K=(each)')" -eq 16
copy_run "$W" "$T/W2" 24
"$CLX" compare "$W" "$T/W2" --out "$T/r" > "$T/r.log" 2>&1; rc=$?
check says_lead_runs test "$rc" -eq 0 -a "$(head -n 1 "$T/r/compare.tsv" | cut -f1-6)" = "$lead" -a \
    "$(tsv_count "$T/r/compare.tsv" params fast)" -eq 16

# Flags that qualify the answer: said once each, counted, before the verdicts and in compare.md.
check says_cache_resident grep -q "^clx: compare: 8 of 16 configurations compared (rows flagged: A 8, B 8) moved data that fits the device's last-level cache (flag cache-resident): their GB/s are the cache's, not the memory's; what this comparison says of them is of the cache" "$T/b.log"
check says_launch_bound grep -q "^clx: compare: 1 of 16 configurations compared (rows flagged: A 0, B 1) took under twice the device's time for an empty launch (flag launch-bound)" "$T/b.log"
check says_flags_once test "$(grep -c 'flag cache-resident' "$T/b.log")" -eq 1
check says_flags_md grep -q '^\*\*Flagged:\*\* 8 of 16 configurations compared' "$T/b/compare.md"
# Rows another clx timed meanwhile (flag shared, --share-device): said as the others are (compare
# said "13.0x FASTER" of a run of 18 such rows and never named them).
copy_run "$W" "$T/W3" 25
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    $c["variant"] == "naive" { $c["flag"] = $c["flag"] == "" ? "shared" : $c["flag"] ",shared" } { print }' \
    "$T/W3/results.tsv" > "$T/W3/r.tmp" && mv "$T/W3/r.tmp" "$T/W3/results.tsv"
"$CLX" compare "$W" "$T/W3" --out "$T/sh" > "$T/sh.log" 2>&1
check says_shared grep -q "^clx: compare: 16 of 32 configurations compared (rows flagged: A 0, B 16) were timed while another clx ran on the same device at the same time (flag shared; --share-device is what lets two run at once): their times are not the device's alone; a difference between the runs there may be the other clx's work" "$T/sh.log"
check says_shared_md grep -q '^\*\*Flagged:\*\* 16 of 32 configurations compared (rows flagged: A 0, B 16) were timed while another clx' "$T/sh/compare.md"

# The run given by its latest link: named by its real folder, the link beside it (the link moves
# with the next run); given by its folder, no "given as".
real=$(cd "$W" && pwd -P)
check says_folder_md grep -qF "| A: build default | \`$real\` (given as \`$T/latest\`) |" "$T/b/compare.md"
check says_folder_console grep -qF "  A: build default  $real (given as $T/latest)  (" "$T/b.log"
check says_folder_plain test -z "$(grep 'given as' "$T/k.log" "$T/k/compare.md")"

# --quiet: the verdict counts and where the files are, nothing else on stdout.
"$CLX" compare "$W" --by build --quiet --out "$T/q" > "$T/q.log" 2> "$T/q.err"; rc=$?
check says_quiet_exit test "$rc" -eq 0 -a "$(wc -l < "$T/q.log")" -eq 2
check says_quiet_counts grep -qx "clx: compare fixture: B: build -cl-opt-disable against A: build default: 16 configurations in common: 0 SAME, 0 FASTER, 16 SLOWER, 0 UNSURE" "$T/q.log"
check says_quiet_files grep -q "^clx: compare: $T/q/compare.md, compare.tsv" "$T/q.log"
check says_quiet_md_whole grep -qF "**Note:** the builds do different work" "$T/q/compare.md"
finish
