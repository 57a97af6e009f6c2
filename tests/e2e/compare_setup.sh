# compare_setup.sh — clx compare and clx history between runs whose setup changed, on model runs (no
# device): a device or driver setting run.json records (the driver's variables, the compute units)
# is said as what B ran otherwise, and such runs are not of one setup (a whole run's move is not
# called their own level); a change that moved half of a sweep is measured, not taken as the runs'
# noise (a template edit that made half of an 8-configuration sweep 2x slower left identical rows
# UNSURE and 2x rows UNSURE beside "noise alone moves times by up to 21x"); where runs whose setup
# changed differ beyond their rounds, the advice is not a comparison within one run (--by), which
# holds no change of template or driver. Every run is one model run and copies of it with times
# scaled by set factors, so every verdict is the same on any machine.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/compare_setup
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# with DIR TEMPLATE DRIVER_ENV COMPUTE_UNITS: run.json's template hash and device settings.
with() {
    sed -i -e "s/\"clx_version\": \"test\",/\"clx_version\": \"test\", \"template_sha\": \"$2\",/" \
        -e "s/\"driver_version\": \"1.0\",/\"driver_version\": \"1.0\", \"driver_env\": \"$3\",/" \
        -e "s/\"compute_units\": [0-9]*/\"compute_units\": $4/" "$1/run.json"
}

# A: 32 configurations, five rounds a row 0.1% apart. B: the template edited, the TERMS=2 half of the
# configurations exactly 2x slower, the other half exactly as in A.
A=$T/A
make_run "$A" fixture 1 "1000 2000" "" rounds
copy_run "$A" "$T/B" 24
with "$A" 4fa921fb9cd6b846 "" 4
with "$T/B" deadbeefdeadbeef "" 4
scale "$T/B" '$c["TERMS"] == 2' 2
"$CLX" compare "$A" "$T/B" --out "$T/cb" > "$T/cb.log" 2>&1; rc=$?
check setup_half_premise test "$rc" -eq 0 -a "$(tsv_rows "$T/cb/compare.tsv")" -eq 32 -a \
    -n "$(grep "^clx: compare: B ran otherwise than A: the template ('deadbeefdeadbeef' in B, '4fa921fb9cd6b846' in A)\$" "$T/cb.log")"
check setup_half_slower test "$(tsv_count "$T/cb/compare.tsv" verdict_B SLOWER)" -eq 16
check setup_half_same test "$(tsv_count "$T/cb/compare.tsv" verdict_B SAME)" -eq 16
check setup_half_not_noise test -z "$(grep -e 'noise alone moves' -e 'what their rounds show' -e 'own level' "$T/cb.log")"
# Eight configurations (N=1000, TERMS=1 and 2, fast at local 128 only: the report's sweep's size),
# half of them 2x: the same.
make_run "$T/A8" fixture 1 "1000" skip rounds
copy_run "$T/A8" "$T/B8" 24
with "$T/A8" 4fa921fb9cd6b846 "" 4
with "$T/B8" deadbeefdeadbeef "" 4
scale "$T/B8" '$c["TERMS"] == 2' 2
"$CLX" compare "$T/A8" "$T/B8" --out "$T/c8" > "$T/c8.log" 2>&1; rc=$?
check setup_eight test "$rc" -eq 0 -a "$(tsv_rows "$T/c8/compare.tsv")" -eq 12 -a \
    "$(tsv_count "$T/c8/compare.tsv" verdict_B SLOWER)" -eq 6 -a "$(tsv_count "$T/c8/compare.tsv" verdict_B SAME)" -eq 6

# C: the same template, the driver's variables set (POCL_WORK_GROUP_METHOD=loops) and one compute
# unit of 4, every configuration 2x slower: both named, with both values; every configuration
# SLOWER, and no "their own level", nor a host load blamed.
copy_run "$A" "$T/C" 25
sed -i "s/\"driver_env\": \"\"/\"driver_env\": \"POCL_WORK_GROUP_METHOD=loops\"/; s/\"compute_units\": 4/\"compute_units\": 1/" "$T/C/run.json"
scale "$T/C" 1 2
"$CLX" compare "$A" "$T/C" --out "$T/cc" > "$T/cc.log" 2>&1; rc=$?
check setup_driver_named grep -q "^clx: compare: B ran otherwise than A: the driver's variables ('POCL_WORK_GROUP_METHOD=loops' in B, none in A), the compute units (1 in B, 4 in A)\$" "$T/cc.log"
check setup_driver_md grep -q "^\*\*B ran otherwise than A:\*\* the driver's variables ('POCL_WORK_GROUP_METHOD=loops' in B, none in A), the compute units (1 in B, 4 in A)\.\$" "$T/cc/compare.md"
check setup_driver_slower test "$rc" -eq 0 -a "$(tsv_count "$T/cc/compare.tsv" verdict_B SLOWER)" -eq 32
check setup_driver_not_level test -z "$(grep -e 'own level' -e 'one setup' "$T/cc.log" "$T/cc/compare.md")"
"$CLX" history "$A" "$T/C" --out "$T/hc" > "$T/hc.log" 2>&1; rc=$?
check setup_driver_history test "$rc" -eq 0 -a -n "$(grep "^clx: history: run 2 ran otherwise than run 1: the driver's variables ('POCL_WORK_GROUP_METHOD=loops' in run 2, none in run 1), the compute units (1 in run 2, 4 in run 1)\$" "$T/hc.log")" -a \
    -z "$(grep -e 'own level' "$T/hc.log")"
# The same settings on both sides: nothing said (one setup, as before).
copy_run "$A" "$T/A2" 26
"$CLX" compare "$A" "$T/A2" --out "$T/ca" > "$T/ca.log" 2>&1; rc=$?
check setup_same_quiet test "$rc" -eq 0 -a -z "$(grep 'ran otherwise' "$T/ca.log")"

# D: the template edited and every row moved by its own few percent (the runs differ well beyond
# their 0.1% rounds): the advice is to run both again, never a comparison within one run (--by),
# which holds one template.
copy_run "$A" "$T/D" 27
with "$T/D" deadbeefdeadbeef "" 4
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    { f = 1 + 0.03 * ((NR % 5) - 2); $c["median_ms"] *= f; $c["gflops"] /= f; $c["gbs"] /= f; n = split($c["round_ms"], r, ";"); x = ""
      for (k = 1; k <= n; k++) x = x (k > 1 ? ";" : "") sprintf("%.8g", r[k] * f); $c["round_ms"] = x; print }' \
    "$T/D/results.tsv" > "$T/D/r.tmp" && mv "$T/D/r.tmp" "$T/D/results.tsv"
"$CLX" compare "$A" "$T/D" --out "$T/cd" > "$T/cd.log" 2>&1; rc=$?
check setup_levels_premise test "$rc" -eq 0 -a -n "$(grep 'what their rounds show' "$T/cd.log")"
check setup_levels_advice grep -q "run both again on a quieter device (--by compares the builds or variants of one run, which ran one template, spec and driver setup, not a change of them between runs; a kernel edit made a variant of the spec is compared within one run: clx compare RUN --by variant)" "$T/cd.log"
check setup_levels_no_by test -z "$(grep -e 'compare within one run (clx compare RUN --by build' -e 'comparison within one run (--by)' "$T/cd.log")"
finish
