# plot_sol_key.sh — the speed-of-light chart's key lists each bound once, and is none where it adds
# nothing (model runs, no device): beside each build's panel a key of its own listed the same bounds
# again (volkov_fma's quick run on PoCL: "bound=fp32" beside both panels, a one-entry key whose title
# already said "only bound=fp32 (the one series)"). Its panels keep plot areas of one width: every
# panel the same room on its right for the one key.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
spec=$fx/fixture.spec
W=$TMP/plot_sol_key
rm -rf "$W"; mkdir -p "$W"
. "$fx/make_run.sh"
# per_figure FILE PATTERN: how many lines of the script match, per drawing (a .gp draws its figure
# twice: SVG, then PNG).
per_figure() { echo $(($(grep -o -- "$2" "$1" | wc -l) / $(grep -c '^set multiplot' "$1"))); }

# Two bounds (naive's fp32, fast's dram) over two builds' panels, fast's default rows past their
# speed of light (sol>100): fp32 has points in both panels.
M=$W/many
make_run "$M" fixture 1 "1000 2000"
add_sol "$M"
"$CLX" report "$M" --spec "$spec" --quiet > "$W/many.log" 2>&1
G=$M/plots/sol.gp
check solkey_many_panels test "$(per_figure "$G" '^plot ')" -eq 2
check solkey_fp32_once test "$(per_figure "$G" 'title "bound=fp32"')" -eq 1
check solkey_dram_once test "$(per_figure "$G" 'title "bound=dram"')" -eq 1
check solkey_peak_once test "$(per_figure "$G" 'title "speed of light 100 %"')" -eq 1
check solkey_apart_once test "$(per_figure "$G" 'title "sol>100: counts or ceilings wrong"')" -eq 1
# The same room on every panel's right, the key in it, outside the plot area.
check solkey_margin test "$(grep -c '^set rmargin [0-9]' "$G")" -eq 2 -a "$(grep -c '^set key at graph 1.04, graph 1 left top' "$G")" -eq 2

# one_bound DIR PCT: the run with every row bound by fp32 at PCT% of its speed of light, none past it.
one_bound() {
    make_run "$1" fixture 1 "1000 2000"
    add_sol "$1"
    awk -F'\t' -v OFS='\t' -v pct="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        { $c["bound"] = "fp32"; $c["sol_pct"] = pct; $c["flag"] = "" } { print }' "$1/results.tsv" > "$1/r.tmp" &&
        mv "$1/r.tmp" "$1/results.tsv"
    "$CLX" report "$1" --spec "$spec" --quiet > "$1.log" 2>&1
}
# One bound: the title names it ("only bound=fp32 (the one series)"), the key does not; the key
# names the speed of light's line, once.
O=$W/one
one_bound "$O" 40
G=$O/plots/sol.gp
check solkey_one_title grep -q 'only bound=fp32 (the one series)' "$G"
check solkey_one_no_entry test -z "$(grep 'title "bound=' "$G")"
check solkey_one_peak_once test "$(per_figure "$G" 'title "speed of light 100 %"')" -eq 1
# One bound, its line above the plot (every row at 2%, the title says so, volkov_fma's quick run):
# no key at all.
L=$W/low
one_bound "$L" 2
G=$L/plots/sol.gp
check solkey_low_above grep -q 'the speed of light (100%) lies above the plot' "$G"
check solkey_low_key_off test "$(grep -c '^set key off' "$G")" -eq 2 -a -z "$(grep '^plot .* title "' "$G")"
check_drawn solkey_pictures test -s "$M/plots/sol.png" -a -s "$O/plots/sol.png" -a -s "$L/plots/sol.png"
finish
