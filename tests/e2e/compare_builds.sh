# compare_builds.sh — clx compare's summary where the configurations span two builds, on model runs
# (no device, so every verdict is the rule's on any machine): most configurations UNSURE (the note
# column on) and the builds' speed-ups apart (each build's own "all" row): every row has every cell
# in the console table and in compare.md, and the overall row keeps its noise warning (each build's
# "all" row was a cell short, and every cell after it slid left); verdicts.png's counts have whole
# ticks and its title names B's device as A's; builds whose speed-ups differ by less than the noise
# floor are not said to differ: the overall speed-up stands; and 32 groups of bars keep the pictures
# 1040 pixels wide, in panels stacked.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/compare_builds
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# rounds3 DIR SPREAD: each row three rounds, SPREAD of its median below and above it, and the
# rounds column a run writes. Three rounds against three: the rank test's p is 0.1 at best, so a
# difference beyond --min-effect is UNSURE whatever the floor.
rounds3() {
    awk -F'\t' -v OFS='\t' -v sp="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print $0, "rounds"; next }
        { t = $c["median_ms"]; $c["round_ms"] = sprintf("%.8g;%.8g;%.8g", t * (1 - sp), t, t * (1 + sp)); print $0, 3 }' \
        "$1/results.tsv" > "$1/r.tmp" && mv "$1/r.tmp" "$1/results.tsv"
}

# other_device DIR: the run's device another model's: its floors are its rounds' alone (between runs
# on one model the spread of the configurations' differences widens them: a build moved 3x and the
# other 5% is such a spread).
other_device() { sed -i 's/"name": "Test Device [^"]*"/"name": "Test Device 2"/' "$1/run.json"; }

# A: 16 configurations (two variants, two builds), rounds 0.1% apart. B: the default build 5%
# slower, the -cl-opt-disable one 3x faster: every configuration UNSURE, the builds far apart.
A=$T/A
make_run "$A" fixture 1 "1000" "" rounds
rounds3 "$A" 0.001
copy_run "$A" "$T/B" 24
other_device "$T/B"
scale "$T/B" '$c["build"] == "default"' 1.05
scale "$T/B" '$c["build"] == "-cl-opt-disable"' 0.3333333
"$CLX" compare "$A" "$T/B" --out "$T/c" > "$T/c.log" 2>&1; rc=$?
check builds_noisy_premise test "$rc" -eq 0 -a "$(tsv_count "$T/c/compare.tsv" verdict_B UNSURE)" -eq 16
# Each build's row in its own columns: 8 rows, 8 UNSURE, its speed-up, no slid cell.
check builds_noisy_default_row grep -qE '^  all +default +8 +0 +0 +0 +8 +0\.952x' "$T/c.log"
check builds_noisy_opt_row grep -qE '^  all +-cl-opt-disable +8 +0 +0 +0 +8 +3\.000x +- +none of 8 with a verdict' "$T/c.log"
check builds_noisy_overall_row grep -qE '^  all +\(builds differ\) +16 +0 +0 +0 +16 +- +- +none of 16 with a verdict \(all UNSURE\): within the noise' "$T/c.log"
check builds_noisy_line grep -q 'No speed-up over all builds: their speed-ups differ (default 0.952x, -cl-opt-disable 3.000x)' "$T/c.log"
check builds_noisy_md_opt grep -qF '| all | -cl-opt-disable | 8 | 0 | 0 | 0 | 8 | 3.000x | - | none of 8 with a verdict (all UNSURE): within the noise |' "$T/c/compare.md"
check builds_noisy_md_overall grep -qF '| all | (builds differ) | 16 | 0 | 0 | 0 | 16 | - | - | none of 16 with a verdict (all UNSURE): within the noise |' "$T/c/compare.md"
# verdicts.png: whole ticks for counts (gnuplot's own step gave 0.5, 1.5, ...), and B's device
# named in its title as A's is (B ran on another: its key is the verdicts, not the sides), each run
# with its start and folder.
check_drawn builds_verdicts_ticks grep -qx 'set ytics 1' "$T/c/verdicts.gp"
check_drawn builds_verdicts_format grep -qF 'set format y "%.0f"' "$T/c/verdicts.gp"
check_drawn builds_verdicts_b_device grep -qF '\nB: fixture on Test Device 2 (Test Platform, driver 1.0), started 2026-11-24 10:00:00, folder B' "$T/c/verdicts.gp"
check_drawn builds_verdicts_a_device grep -qF 'A: fixture on Test Device 1 (Test Platform, driver 1.0), started 2026-11-23 10:00:00, folder A' "$T/c/verdicts.gp"

# A2, B2: rounds 30% apart, so the noise floor is far over 3%; B2's -cl-opt-disable build 3% faster,
# its default one as A2's. The 3% between the builds is within the floor: one speed-up stands.
A2=$T/A2
make_run "$A2" fixture 1 "1000" "" rounds
rounds3 "$A2" 0.3
copy_run "$A2" "$T/B2" 24
other_device "$T/B2"
scale "$T/B2" '$c["build"] == "-cl-opt-disable"' 0.9708738
"$CLX" compare "$A2" "$T/B2" --out "$T/c2" > "$T/c2.log" 2>&1; rc=$?
check builds_within_noise_premise test "$rc" -eq 0 -a "$(tsv_count "$T/c2/compare.tsv" verdict_B UNSURE)" -eq 16
check builds_within_noise_not_differ test -z "$(grep -e 'builds differ' -e 'No speed-up over all builds' "$T/c2.log" "$T/c2/compare.md")"
check builds_within_noise_overall grep -qE '^  all +16 +0 +0 +0 +16 +1\.015x' "$T/c2.log"

# 32 groups of bars (16 variants, two builds): the pictures stay 1040 pixels wide at most, as clx
# history's does (they grew to 1640), their groups in panels stacked below each other, every group
# named once under one of them, and every panel's bars as wide as the others' (one xrange).
A3=$T/A3
make_run "$A3" fixture 1 "1000 2000" "" rounds
copy_run "$A3" "$T/B3" 24
scale "$T/B3" '$c["TERMS"] == 1 && $c["variant"] == "fast"' 1.10
for r in "$A3" "$T/B3"; do
    awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        { $c["variant"] = $c["variant"] "_" $c["local"] "_" $c["TERMS"] "_" $c["N"]; print }' "$r/results.tsv" > "$r/r.tmp" &&
        mv "$r/r.tmp" "$r/results.tsv"
done
"$CLX" compare "$A3" "$T/B3" --out "$T/many" > "$T/many.log" 2>&1
check many_premise test $? -eq 0 -a "$(tsv_rows "$T/many/compare.tsv")" -eq 32
gp_width() { sed -n 's/^set terminal pngcairo size \([0-9]*\),.*/\1/p' "$1"; }
for p in speedup verdicts; do
    check_drawn "many_${p}_width" test -n "$(gp_width "$T/many/$p.gp")" -a "$(gp_width "$T/many/$p.gp")" -le 1040
    check_drawn "many_${p}_panels" grep -qE '^set multiplot layout [2-9],1 ' "$T/many/$p.gp"
    png=$(sed -n '/^set terminal pngcairo/,$p' "$T/many/$p.gp")    # the .gp draws the SVG, then the PNG
    check_drawn "many_${p}_groups_named" test "$(echo "$png" | grep '^set xtics (' | grep -o '" [0-9]*' | wc -l)" -eq 32
    check_drawn "many_${p}_one_xrange" test "$(echo "$png" | grep -c '^set xrange')" -eq 1
done
# verdicts.png's panels have a title a size larger (13 points, not speedup.png's one panel's 12): its
# lines broken shorter and the picture as wide as they are at that size, or a side's line of 115
# characters (A's, its folder's name 22) ran off both edges of it.
L=$T/A3-folder-named-longer
rm -rf "$L"; cp -r "$A3" "$L"
"$CLX" compare "$L" "$T/B3" --out "$T/wide" > "$T/wide.log" 2>&1
check wide_premise test $? -eq 0
title_longest() {
    sed -n '/^set terminal pngcairo/,$p' "$1" | sed -n 's/^set multiplot layout [0-9,]* title "\(.*\)" font.*/\1/p' |
        awk -F'\\\\n' '{ for (i = 1; i <= NF; i++) if (length($i) > m) m = length($i) } END { print m + 0 }'
}
check_drawn wide_verdicts_panels grep -qE '^set multiplot layout [2-9],1 .* font ",13"$' "$T/wide/verdicts.gp"
check_drawn wide_verdicts_wrapped test "$(title_longest "$T/wide/verdicts.gp")" -le 110
# A's line in two of about equal length, each at a ", ".
check_drawn wide_verdicts_a_broken grep -qF '(Test Platform, driver 1.0),\nstarted 2026-11-23 10:00:00, folder A3-folder-named-longer\n' "$T/wide/verdicts.gp"
check_drawn wide_verdicts_width test "$(gp_width "$T/wide/verdicts.gp")" -ge $(($(title_longest "$T/wide/verdicts.gp") * 8 * 13 / 12 + 80))
finish
