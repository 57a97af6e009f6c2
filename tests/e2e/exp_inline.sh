# exp_inline.sh — quick run of inline (one helper as function, static inline, #define,
# always_inline, noinline): every row verified, the no-opt builds get 16x fewer steps, and a
# call the compiler may not inline (noinline) costs time when optimising.
. tests/e2e/lib.sh
run_clx "$TMP/inline" run inline --quick
t=$rundir/results.tsv

check_run inline 10 10 5 10                                     # 5 forms x 2 builds x 1 local
# The macro variant really is a macro and noinline really carries the attribute.
check inline_define_source grep -q '#define add_step(a, b) ((a) = (a) + (b))' "$rundir/cl/define.cl"
check inline_noinline_source grep -q '__attribute__((noinline)) void add_step_fn' "$rundir/cl/noinline.cl"
# The derived step count: 4096 x 16 when optimising, 256 x 16 without.
check inline_steps test "$(tsv_cell "$t" func default STEPS)/$(tsv_cell "$t" func -cl-opt-disable STEPS)" = "65536/4096"
# A helper kept out of line makes every one of the 65536 dependent adds a call: slower than the
# macro, which the compiler sees inline.
d=$(tsv_cell "$t" define default median_ms); ni=$(tsv_cell "$t" noinline default median_ms)
check inline_noinline_slower awk -v a="$d" -v b="$ni" 'BEGIN { exit !(a > 0 && b > 1.2 * a) }'
# A compare of two geometric means stands on the same points: with func's row at local 128
# FAILed, gmean(func) (local 64 alone) against gmean(define) (64 and 128, twice the work) said
# "func FASTER than define" (Intel's CPU runtime: by 42.9%, where at each size func was 15% slower).
run_clx "$TMP/inline_points" run inline --set variant=func,define --build -cl-opt-disable --local 64,128
"$CLX" report "$rundir" > "$TMP/inline_points.report.log" 2>&1
check inline_points_whole_judged sh -c "grep -F '| 3 |' '$rundir/report.md' | grep -q 'gmean(median_ms\[variant=func\]) = .* against gmean(median_ms\[variant=define\]) = '"
P=$TMP/inline_points_fail; rm -rf "$P"; cp -r "$rundir" "$P"
awk -F'\t' -v OFS='\t' '/^#/ { print; next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; print; next }
    $c["variant"] == "func" && $c["local"] == 128 { $c["status"] = "FAIL" } { print }' "$rundir/results.tsv" > "$P/results.tsv"
"$CLX" report "$P" > "$P.log" 2>&1
check inline_points_apart_said sh -c "grep -F '| 3 |' '$P/report.md' | grep -F '**cannot be checked**' | grep -q 'gmean(median_ms\[variant=func\]) and gmean(median_ms\[variant=define\]) aggregate different points: local=128 has rows in the second and none in the first'"
check inline_points_no_verdict_rule sh -c "! grep -F '| 3 |' '$P/report.md' | grep -q 'verdict rule'"
finish
