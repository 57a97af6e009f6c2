# exp_expint.sh — quick run of expint: float and double (double skipped with a reason when the
# device has no fp64), the 2D NDRange, transfer-inclusive wall time and the CPU baseline.
. tests/e2e/lib.sh
run_clx_loud "$TMP/expint" run expint --quick     # the console's tables, which --quiet leaves out
t=$rundir/results.tsv
check expint_exit test "$rc" -eq 0
check expint_rows test "$(tsv_rows "$t")" -eq 8                 # 2 types x 2 Y x 2 local
ok=$(tsv_count "$t" status ok); skipped=$(tsv_count "$t" status skipped)
check expint_ok_or_no_fp64 test "$ok" -eq 8 -o \( "$ok" -eq 4 -a "$skipped" -ge 1 \)
check expint_2d_local test "$(tsv_col "$t" local | grep -c 'x1$')" -eq "$ok"
check expint_y_global test "$(tsv_col "$t" global | grep -c '^1024x8$')" -eq "$((ok / 2))"
check expint_wall_ms test "$(tsv_col "$t" wall_ms | grep -c '^[0-9]')" -eq "$ok"
check_report expint
check expint_cpu_ms test "$(tsv_col "$t" cpu_ms | grep -c '^[0-9]')" -eq "$ok"
check expint_speedup test "$(tsv_col "$t" speedup_vs_cpu | grep -c '^[0-9]')" -eq "$ok"
check expint_report grep -q 'Speed-up over the host reference' "$TMP/expint.log"
# The table's rows are the best local by speed-up, the rows the speedup_vs_cpu plot draws (agg
# max; it drew the mean over work-group sizes beside a table of the best); on PoCL the device is the
# host's CPU, said once in the table's title; on a GPU (make check-device) not said.
if grep -q '"type":[[:space:]]*"CPU"' "$rundir/run.json"; then
    check expint_cpu_title grep -qF 'transfers included (best local by speed-up); the device is a CPU: the host' "$TMP/expint.log"
else
    check expint_cpu_title_not_on_gpu sh -c "! grep -qF 'the device is a CPU' '$TMP/expint.log'"
fi
check expint_plot_best sh -c "grep -A1 'name = \"speedup_vs_cpu\"' templates/expint.spec | grep -q 'agg = \"max\"'"
# A wall below the kernel's time (two measurements' noise) is marked and said, never shown bare:
# one row's wall_ms set under its median_ms, and its cpu_ms raised so it is its point's best.
W=$TMP/expint_wall; rm -rf "$W"; cp -r "$rundir" "$W"
awk -F'\t' -v OFS='\t' '/^#/ { print; next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; print; next }
    !done && $c["status"] == "ok" { $c["wall_ms"] = $c["median_ms"] * 0.9; $c["cpu_ms"] = 1000; $c["speedup_vs_cpu"] = 1000 / $c["wall_ms"]; done = 1 }
    { print }' "$rundir/results.tsv" > "$W/results.tsv"
"$CLX" report "$W" > "$W.log" 2>&1
check expint_wall_below_marked grep -qE '^\| [a-z]+ \| [^|]* \| [^|]* \| [0-9.]+ \| [0-9.]+\\\* \|' "$W/report.md"
check expint_wall_below_said grep -qE 'wall ms marked \\\* (is|are) below (its|their) kernel ms: the two are separate measurements' "$W/report.md"
check expint_constant_memory grep -q '__constant float EULER' "$rundir/cl/float.cl"
# The double kernel matches the double reference far more closely than float could (or is skipped).
derr=$(awk -F'\t' -v c="$(head -n 2 "$t" | tail -n 1 | tr '\t' '\n' | grep -n '^max_rel_err$' | cut -d: -f1)" \
       '$2=="double" && $0 ~ /\tok\t/ { if ($c + 0 > m) m = $c + 0; n++ } END { print (n ? (m < 1e-10) : "skip") }' "$t")
check expint_double_precise test "$derr" = 1 -o "$derr" = skip
# The size finding (3) sets each size's speed-up at the seed's Y 128 and work-groups of 256 ("in
# all runs"): with Y and local free it set the lowest speed-up of any grid and work-group size at
# the large size against the highest at the small (PoCL: both at Y=1, local 32, 0.83x against 2.1x,
# where Y 128 and local 256 gave 1.22x and 1.28x); each precision against itself (the least at the
# large size against the most at the small set float's against double's).
# The spec's sizes scaled down (20000 -> 512, 5000 -> 256) so that a narrowed run checks it.
S=$TMP/expint_sizes_spec; rm -rf "$S"; mkdir -p "$S"; cp templates/expint.* "$S/"
sed -i 's/ORDERS=20000, SAMPLES=20000/ORDERS=512, SAMPLES=512/g; s/ORDERS=5000, SAMPLES=5000/ORDERS=256, SAMPLES=256/g' "$S/expint.spec"
run_clx "$TMP/expint_sizes" run "$S/expint.spec" --set ORDERS=256,512 --set SAMPLES=256,512 \
    --set Y=1,128 --local 32,256 --build ''
"$CLX" report "$rundir" > "$TMP/expint_sizes.report.log" 2>&1
f3=$(grep -F '| 3 | The speed-up over the CPU grows with the problem size' "$rundir/report.md")
check expint_sizes_seed_point sh -c "echo \"\$1\" | grep -q 'speedup_vs_cpu\[variant=float, ORDERS=512, SAMPLES=512\] = ' && ! echo \"\$1\" | grep -q '(Y='" _ "$f3"
# The 55x finding (2) is the seed's size alone (n = m = 20000, here 512), each precision: it took the
# best of every size and precision a run had (the speed-up grows with the size).
f2=$(grep -F '| 2 | The GPU is 55x faster than the CPU version' "$rundir/report.md")
check expint_55x_seed_size sh -c "echo \"\$1\" | grep -q 'min(speedup_vs_cpu\[\]) = [0-9.]* (variant=[a-z]*)' && ! echo \"\$1\" | grep -q 'ORDERS=256'" _ "$f2"
finish
