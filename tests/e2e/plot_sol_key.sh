# plot_sol_key.sh — the speed-of-light chart's key lists each bound once, and is none where it adds
# nothing (model runs, no device): beside each build's panel a key of its own listed the same bounds
# again (volkov_fma's quick run on PoCL: "bound=fp32" beside both panels, a one-entry key whose title
# already said "only bound=fp32 (the one series)"). The one key of several panels stands above them,
# every entry in the first panel's plot: beside them, every panel had a right margin as wide as the
# longest entry of any.
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
# One key above the panels, every entry in the first panel's plot (the key off after it), and no
# panel's right margin sized for the longest entry of any (sol>100's beside one narrowed both).
check solkey_margin test -z "$(grep '^set rmargin' "$G")" -a "$(grep -c '^set key at screen 0.5, graph 1.02 center bottom' "$G")" -eq 2
check solkey_first_panel test "$(awk '/^plot /{n++} /^set key off/{print n; exit}' "$G")" = 1
check solkey_all_first test "$(awk '/^plot /{n++; if (n == 1) print}' "$G" | grep -o 'title "' | wc -l)" -eq 4

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
